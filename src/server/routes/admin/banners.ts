import type { FastifyInstance } from 'fastify';
import { type BannerList, bannerFieldsSchema } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { readImageUpload } from '../../lib/multipart.ts';
import { deleteBanner, listBanners, uploadBanner } from '../../services/upload-banner.ts';
import { parseOrThrow } from '../public/email-codes.ts';
import { adminOf, idParam } from './index.ts';

/** Banner management (SPEC.md section 2). */
export default async function adminBannerRoutes(app: FastifyInstance) {
  const { database, storage, clock } = app.deps;
  const db = database.db;

  app.get('/api/admin/banners', async (): Promise<BannerList> => ({ banners: await listBanners(db) }));

  app.post('/api/admin/banners', async (req, reply) => {
    const { image, fields } = await readImageUpload(req);
    const placement = parseOrThrow(bannerFieldsSchema, fields);
    const banner = await uploadBanner(db, {
      image,
      ...placement,
      actorUserId: adminOf(req).id,
      storage,
      now: clock.now(),
    });
    return reply.code(201).send(banner);
  });

  app.delete('/api/admin/banners/:id', async (req, reply) => {
    const id = idParam(req.params, () => new AppError('banner_not_found', MSG.bannerNotFound, 404));
    await deleteBanner(db, { id, actorUserId: adminOf(req).id, storage, log: req.log });
    return reply.code(204).send();
  });
}
