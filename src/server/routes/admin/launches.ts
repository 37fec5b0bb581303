import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { readImageUpload } from '#server/lib/multipart.ts';
import { deleteLaunch } from '#server/services/delete-launch.ts';
import { listLaunches } from '#server/services/list-launches.ts';
import { saveLaunch } from '#server/services/save-launch.ts';
import { setLaunchImage } from '#server/services/set-launch-image.ts';
import {
  adminLaunchSchema,
  launchIdParamsSchema,
  launchInputSchema,
  launchListSchema,
} from '#shared/catalogue-api.ts';
import { adminOf } from './index.ts';

/** The launch screen (docs/product.md section 2). */
export default async function adminLaunchRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, storage, clock } = app.deps;
  const db = database.db;

  app.get(
    '/api/admin/launches',
    { config: { permission: 'launches.manage' }, schema: { response: { 200: launchListSchema } } },
    async () => ({
      launches: await listLaunches({ db }),
    }),
  );

  app.post(
    '/api/admin/launches',
    {
      config: { permission: 'launches.manage' },
      schema: { body: launchInputSchema, response: { 201: adminLaunchSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await saveLaunch({ db, input: req.body, actorUserId: adminOf(req).id })),
  );

  app.put(
    '/api/admin/launches/:id',
    {
      config: { permission: 'launches.manage' },
      schema: { params: launchIdParamsSchema, body: launchInputSchema, response: { 200: adminLaunchSchema } },
    },
    async (req) => saveLaunch({ db, id: req.params.id, input: req.body, actorUserId: adminOf(req).id }),
  );

  app.delete(
    '/api/admin/launches/:id',
    {
      config: { permission: 'launches.manage' },
      schema: { params: launchIdParamsSchema, response: { 204: z.undefined() } },
    },
    async (req, reply) => {
      await deleteLaunch({ db, id: req.params.id, actorUserId: adminOf(req).id, storage, log: req.log });
      return reply.code(204).send();
    },
  );

  // Multipart: the file in the field `image` (the HTTP API in docs/architecture.md).
  app.post(
    '/api/admin/launches/:id/image',
    {
      config: { permission: 'launches.manage' },
      schema: {
        consumes: ['multipart/form-data'],
        params: launchIdParamsSchema,
        response: { 200: adminLaunchSchema },
      },
    },
    async (req) => {
      const { image } = await readImageUpload(req);
      return setLaunchImage({
        db,
        id: req.params.id,
        image,
        actorUserId: adminOf(req).id,
        storage,
        now: clock.now(),
        log: req.log,
      });
    },
  );
}
