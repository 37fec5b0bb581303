import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { routeLimit } from '#server/lib/rate-limit.ts';
import { readClientInfo } from '#server/services/read-client-info.ts';
import { clientInfoSchema } from '#shared/admin-api.ts';

/** GET /api/client-info: the login page's warning panel (docs/product.md section 2, docs/product.md section 10.16). */
export default async function clientInfoRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config } = app.deps;
  app.get(
    '/api/client-info',
    { schema: { response: { 200: clientInfoSchema } }, config: routeLimit(config, 'clientInfo') },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return readClientInfo({ ip: req.ip, geoipUrl: config.geoipUrl });
    },
  );
}
