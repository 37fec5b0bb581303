import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route as registered (method, url): the admin guard and OpenAPI tests enumerate them. */
    registeredRoutes: { method: string; url: string }[];
  }
}

async function routeList(app: FastifyInstance): Promise<void> {
  const routes: { method: string; url: string }[] = [];
  app.decorate('registeredRoutes', routes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) routes.push({ method, url: route.url });
  });
}

export default fp(routeList, { name: 'route-list' });
