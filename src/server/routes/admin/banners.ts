import { z } from 'zod';
import { readImageUpload } from '#server/lib/multipart.ts';
import { deleteBanner } from '#server/services/delete-banner.ts';
import { listBanners } from '#server/services/list-banners.ts';
import { uploadBanner } from '#server/services/upload-banner.ts';
import { bannerSchema } from '#shared/schemas.ts';
import { bannerFieldsSchema, bannerIdParamsSchema, bannerListSchema } from '#shared/setup-api.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf } from './index.ts';

/** Banner management (docs/product.md section 2). */
export default defineRoutes(async (app, { storage, clock, db }) => {
  app.get(
    '/api/admin/banners',
    { config: { permission: 'banners.manage' }, schema: { response: { 200: bannerListSchema } } },
    async () => ({
      banners: await listBanners({ db }),
    }),
  );

  // Multipart (file `image`, fields showOnDesktop and showOnMobile): the handler reads it and
  // parses the fields with the shared schema.
  app.post(
    '/api/admin/banners',
    {
      config: { permission: 'banners.manage' },
      schema: { consumes: ['multipart/form-data'], response: { 201: bannerSchema } },
    },
    async (req, reply) => {
      const { image, fields } = await readImageUpload(req);
      const placement = bannerFieldsSchema.parse(fields);
      const banner = await uploadBanner({
        db,
        image,
        ...placement,
        actorUserId: adminOf(req).id,
        storage,
        now: clock.now(),
      });
      return reply.code(201).send(banner);
    },
  );

  app.delete(
    '/api/admin/banners/:id',
    {
      config: { permission: 'banners.manage' },
      schema: { params: bannerIdParamsSchema, response: { 204: z.undefined() } },
    },
    async (req, reply) => {
      await deleteBanner({ db, id: req.params.id, actorUserId: adminOf(req).id, storage, log: req.log });
      return reply.code(204).send();
    },
  );
});
