import type { FastifyInstance } from 'fastify';
import { type LaunchList, launchInputSchema } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { readImageUpload } from '../../lib/multipart.ts';
import { deleteLaunch } from '../../services/delete-launch.ts';
import { listLaunches, saveLaunch } from '../../services/save-launch.ts';
import { setLaunchImage } from '../../services/set-launch-image.ts';
import { parseOrThrow } from '../public/email-codes.ts';
import { adminOf, idParam } from './index.ts';

const launchId = (params: unknown) =>
  idParam(params, () => new AppError('launch_not_found', MSG.launchNotFound, 404));

/** The launch screen (SPEC.md section 2). */
export default async function adminLaunchRoutes(app: FastifyInstance) {
  const { database, storage, clock } = app.deps;
  const db = database.db;

  app.get('/api/admin/launches', async (): Promise<LaunchList> => ({ launches: await listLaunches(db) }));

  app.post('/api/admin/launches', async (req, reply) => {
    const input = parseOrThrow(launchInputSchema, req.body);
    return reply.code(201).send(await saveLaunch(db, { input, actorUserId: adminOf(req).id }));
  });

  app.put('/api/admin/launches/:id', async (req) => {
    const id = launchId(req.params);
    const input = parseOrThrow(launchInputSchema, req.body);
    return saveLaunch(db, { id, input, actorUserId: adminOf(req).id });
  });

  app.delete('/api/admin/launches/:id', async (req, reply) => {
    await deleteLaunch(db, { id: launchId(req.params), actorUserId: adminOf(req).id, storage, log: req.log });
    return reply.code(204).send();
  });

  app.post('/api/admin/launches/:id/image', async (req) => {
    const id = launchId(req.params);
    const { image } = await readImageUpload(req);
    return setLaunchImage(db, {
      id,
      image,
      actorUserId: adminOf(req).id,
      storage,
      now: clock.now(),
      log: req.log,
    });
  });
}
