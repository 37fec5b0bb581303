import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '#server/plugins/app-deps.ts';

/** The app as a route file sees it: every route's schemas typed by zod. */
export type RouteApp = ReturnType<FastifyInstance['withTypeProvider']> & ReturnType<typeof withZod>;

function withZod(fastify: FastifyInstance) {
  return fastify.withTypeProvider<ZodTypeProvider>();
}

/** What a route file is given: the app's dependencies, with the database handle at hand. */
export type RouteDeps = AppDeps & { db: AppDeps['database']['db'] };

/**
 * A route file's plugin: `register` declares its routes on the zod-typed app, with the app's
 * dependencies (database, clock, config, storage, ...) handed to it.
 */
export function defineRoutes(
  register: (app: ReturnType<typeof withZod>, deps: RouteDeps) => void | Promise<void>,
) {
  return async (fastify: FastifyInstance): Promise<void> => {
    const app = withZod(fastify);
    await register(app, { ...app.deps, db: app.deps.database.db });
  };
}
