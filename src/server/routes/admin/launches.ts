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
} from '#shared/setup-api.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf } from './index.ts';
import { setupWrites } from './setup-writes.ts';

/** The launch screen (docs/product.md section 2). */
export default defineRoutes(async (app, { storage, clock, db }) => {
  app.get(
    '/api/admin/launches',
    { config: { permission: 'launches.manage' }, schema: { response: { 200: launchListSchema } } },
    async () => ({
      launches: await listLaunches({ db }),
    }),
  );

  setupWrites(app, {
    url: '/api/admin/launches',
    permission: 'launches.manage',
    params: launchIdParamsSchema,
    input: launchInputSchema,
    item: adminLaunchSchema,
    save: (change) => saveLaunch({ db, ...change }),
    remove: (change, req) => deleteLaunch({ db, ...change, storage, log: req.log }),
  });

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
});
