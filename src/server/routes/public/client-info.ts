import { routeLimit } from '#server/lib/rate-limit.ts';
import { readClientInfo } from '#server/services/read-client-info.ts';
import { clientInfoSchema } from '#shared/admin-api.ts';
import { defineRoutes } from '../define-routes.ts';

/** GET /api/client-info: the login page's warning panel (docs/product.md section 2, docs/product.md section 10.16). */
export default defineRoutes(async (app, { config }) => {
  app.get(
    '/api/client-info',
    { schema: { response: { 200: clientInfoSchema } }, config: routeLimit(config, 'clientInfo') },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return readClientInfo({ ip: req.ip, geoipUrl: config.geoipUrl });
    },
  );
});
