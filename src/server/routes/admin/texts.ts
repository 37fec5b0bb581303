import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { deleteTextOverride, listAdminTexts, saveTextOverride } from '#server/services/text-overrides.ts';
import {
  adminTextListSchema,
  adminTextSchema,
  textOverrideSchema,
  textParamsSchema,
} from '#shared/admin-api.ts';
import { adminOf } from './index.ts';

/**
 * The operator's corrections of passenger texts (admin: Texts; docs/decisions/021). The public
 * side reads them with GET /api/branding, which nothing caches: a change shows on the next load.
 */
export default async function adminTextRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get(
    '/api/admin/texts',
    { config: { permission: 'texts.manage' }, schema: { response: { 200: adminTextListSchema } } },
    async () => ({
      texts: await listAdminTexts(db),
    }),
  );

  app.put(
    '/api/admin/texts/:language/:id',
    {
      config: { permission: 'texts.manage' },
      schema: { params: textParamsSchema, body: textOverrideSchema, response: { 200: adminTextSchema } },
    },
    async (req) => saveTextOverride(db, req.params.language, req.params.id, req.body.text, adminOf(req).id),
  );

  app.delete(
    '/api/admin/texts/:language/:id',
    {
      config: { permission: 'texts.manage' },
      schema: { params: textParamsSchema, response: { 200: adminTextSchema } },
    },
    async (req) => deleteTextOverride(db, req.params.language, req.params.id, adminOf(req).id),
  );
}
