import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteLocation } from '#server/services/delete-location.ts';
import { listLocations } from '#server/services/list-locations.ts';
import { saveLocation } from '#server/services/save-location.ts';
import { locationIdParamsSchema, locationInputSchema, locationListSchema } from '#shared/catalogue-api.ts';
import { locationSchema } from '#shared/schemas.ts';
import { adminOf } from './index.ts';

/** The location screen (docs/product.md section 2). */
export default async function adminLocationRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = app.deps.database.db;

  app.get(
    '/api/admin/locations',
    { config: { permission: 'locations.manage' }, schema: { response: { 200: locationListSchema } } },
    async () => ({
      locations: await listLocations({ db }),
    }),
  );

  app.post(
    '/api/admin/locations',
    {
      config: { permission: 'locations.manage' },
      schema: { body: locationInputSchema, response: { 201: locationSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await saveLocation({ db, input: req.body, actorUserId: adminOf(req).id })),
  );

  app.put(
    '/api/admin/locations/:id',
    {
      config: { permission: 'locations.manage' },
      schema: {
        params: locationIdParamsSchema,
        body: locationInputSchema,
        response: { 200: locationSchema },
      },
    },
    async (req) => saveLocation({ db, id: req.params.id, input: req.body, actorUserId: adminOf(req).id }),
  );

  app.delete(
    '/api/admin/locations/:id',
    {
      config: { permission: 'locations.manage' },
      schema: { params: locationIdParamsSchema, response: { 204: z.undefined() } },
    },
    async (req, reply) => {
      await deleteLocation({ db, id: req.params.id, actorUserId: adminOf(req).id });
      return reply.code(204).send();
    },
  );
}
