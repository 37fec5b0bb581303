import { deleteFareCategory } from '#server/services/delete-fare-category.ts';
import { listFareCategories } from '#server/services/list-fare-categories.ts';
import { saveFareCategory } from '#server/services/save-fare-category.ts';
import {
  type FareCategoryCreate,
  type FareCategoryFields,
  fareCategoryAdminSchema,
  fareCategoryCreateSchema,
  fareCategoryDeletedSchema,
  fareCategoryFieldsSchema,
  fareCategoryListSchema,
  fareCategoryParamsSchema,
} from '#shared/fare-categories.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf } from './index.ts';

/**
 * The operator's concessions (docs/decisions/036-fare-categories.md), on the Payments screen
 * beside the fares by route, under the prices' permission. A write clears the micro-caches
 * (docs/decisions/012): a trip search's prices depend on them.
 */
export default defineRoutes(async (app, { db }) => {
  const config = { permission: 'prices.manage' } as const;

  app.get(
    '/api/admin/fare-categories',
    { config, schema: { response: { 200: fareCategoryListSchema } } },
    async () => ({ categories: await listFareCategories({ db }) }),
  );

  app.post<{ Body: FareCategoryCreate }>(
    '/api/admin/fare-categories',
    { config, schema: { body: fareCategoryCreateSchema, response: { 201: fareCategoryAdminSchema } } },
    async (req, reply) => {
      const { code, ...input } = req.body as unknown as { code: string } & FareCategoryFields;
      const saved = await saveFareCategory({ db, code, create: true, input, actorUserId: adminOf(req).id });
      return reply.code(201).send(saved);
    },
  );

  app.put<{ Params: { code: string }; Body: FareCategoryFields }>(
    '/api/admin/fare-categories/:code',
    {
      config,
      schema: {
        params: fareCategoryParamsSchema,
        body: fareCategoryFieldsSchema,
        response: { 200: fareCategoryAdminSchema },
      },
    },
    async (req) =>
      saveFareCategory({
        db,
        code: req.params.code,
        create: false,
        input: req.body,
        actorUserId: adminOf(req).id,
      }),
  );

  app.delete<{ Params: { code: string } }>(
    '/api/admin/fare-categories/:code',
    { config, schema: { params: fareCategoryParamsSchema, response: { 200: fareCategoryDeletedSchema } } },
    async (req) => ({
      outcome: await deleteFareCategory({ db, code: req.params.code, actorUserId: adminOf(req).id }),
    }),
  );
});
