import type { FastifyInstance } from 'fastify';
import {
  BRANDING_IMAGES,
  paymentSettingsUpdateSchema,
  pwaSettingsUpdateSchema,
} from '#shared/catalogue-api.ts';
import { readImageUpload } from '../../lib/multipart.ts';
import { updateBranding, uploadBrandingImage } from '../../services/update-branding.ts';
import { updatePaymentSettings } from '../../services/update-payment-settings.ts';
import { readBranding, readPublicSettings } from '../public/catalogue.ts';
import { parseOrThrow } from '../public/email-codes.ts';
import { adminOf } from './index.ts';

/** Payment settings and branding (SPEC.md section 2); both save partially. */
export default async function adminSettingsRoutes(app: FastifyInstance) {
  const { database, storage, clock } = app.deps;
  const db = database.db;

  app.get('/api/admin/payment-settings', async () => readPublicSettings(db));

  app.put('/api/admin/payment-settings', async (req) => {
    const input = parseOrThrow(paymentSettingsUpdateSchema, req.body);
    return updatePaymentSettings(db, { input, actorUserId: adminOf(req).id });
  });

  app.get('/api/admin/pwa-settings', async () => readBranding(db));

  app.put('/api/admin/pwa-settings', async (req) => {
    const input = parseOrThrow(pwaSettingsUpdateSchema, req.body);
    return updateBranding(db, { input, actorUserId: adminOf(req).id });
  });

  for (const kind of BRANDING_IMAGES) {
    app.post(`/api/admin/pwa-settings/${kind}`, async (req) => {
      const { image } = await readImageUpload(req);
      return uploadBrandingImage(db, {
        kind,
        image,
        actorUserId: adminOf(req).id,
        storage,
        now: clock.now(),
        log: req.log,
      });
    });
  }
}
