import { readImageUpload } from '#server/lib/multipart.ts';
import { readBranding } from '#server/services/read-branding.ts';
import { readPaymentSettings } from '#server/services/read-payment-settings.ts';
import { readReminderSettings } from '#server/services/read-reminder-settings.ts';
import { updateBranding } from '#server/services/update-branding.ts';
import { updatePaymentSettings } from '#server/services/update-payment-settings.ts';
import { updateReminderSettings } from '#server/services/update-reminder-settings.ts';
import { uploadBrandingImage } from '#server/services/upload-branding-image.ts';
import { reminderSettingsSchema } from '#shared/disruptions.ts';
import { brandingSchema, paymentSettingsViewSchema } from '#shared/schemas.ts';
import { BRANDING_IMAGES, paymentSettingsUpdateSchema, pwaSettingsUpdateSchema } from '#shared/setup-api.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminCan, adminOf, thenSendMail } from './index.ts';

/** Payment settings and branding (docs/product.md section 2); both save partially. */
export default defineRoutes(async (app, { storage, clock, db }) => {
  app.get(
    '/api/admin/payment-settings',
    { config: { permission: 'prices.manage' }, schema: { response: { 200: paymentSettingsViewSchema } } },
    async () => readPaymentSettings({ db }),
  );

  app.put(
    '/api/admin/payment-settings',
    {
      config: { permission: 'prices.manage' },
      schema: { body: paymentSettingsUpdateSchema, response: { 200: paymentSettingsViewSchema } },
    },
    async (req) => {
      const admin = adminOf(req);
      return thenSendMail(
        req,
        updatePaymentSettings({
          db,
          input: req.body,
          actorUserId: admin.id,
          actorEmail: admin.email,
          mayChangeBank: adminCan(req, 'bank.manage'),
        }),
      );
    },
  );

  app.get(
    '/api/admin/pwa-settings',
    { config: { permission: 'branding.manage' }, schema: { response: { 200: brandingSchema } } },
    async () => readBranding({ db }),
  );

  app.put(
    '/api/admin/pwa-settings',
    {
      config: { permission: 'branding.manage' },
      schema: { body: pwaSettingsUpdateSchema, response: { 200: brandingSchema } },
    },
    async (req) => updateBranding({ db, input: req.body, actorUserId: adminOf(req).id }),
  );

  // The day-before reminder e-mails (docs/decisions/026), on the PWA Settings screen.
  app.get(
    '/api/admin/reminder-settings',
    { config: { permission: 'branding.manage' }, schema: { response: { 200: reminderSettingsSchema } } },
    async () => readReminderSettings({ db }),
  );

  app.put(
    '/api/admin/reminder-settings',
    {
      config: { permission: 'branding.manage' },
      schema: { body: reminderSettingsSchema, response: { 200: reminderSettingsSchema } },
    },
    async (req) => updateReminderSettings({ db, input: req.body, actorUserId: adminOf(req).id }),
  );

  for (const kind of BRANDING_IMAGES) {
    // Multipart: the file in the field `image` (the HTTP API in docs/architecture.md).
    app.post(
      `/api/admin/pwa-settings/${kind}`,
      {
        config: { permission: 'branding.manage' },
        schema: { consumes: ['multipart/form-data'], response: { 200: brandingSchema } },
      },
      async (req) => {
        const { image } = await readImageUpload(req);
        return uploadBrandingImage({
          db,
          kind,
          image,
          actorUserId: adminOf(req).id,
          storage,
          now: clock.now(),
          log: req.log,
        });
      },
    );
  }
});
