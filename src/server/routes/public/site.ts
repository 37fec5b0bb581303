import { checkHealth } from '#server/services/check-health.ts';
import { listActiveBanners } from '#server/services/list-active-banners.ts';
import { listLocations } from '#server/services/list-locations.ts';
import { readBranding } from '#server/services/read-branding.ts';
import { readPublicSettings } from '#server/services/read-public-settings.ts';
import { readWebManifest } from '#server/services/read-web-manifest.ts';
import { publicSettingsWithFaresSchema } from '#shared/fare-categories.ts';
import {
  bannerSchema,
  brandingSchema,
  healthSchema,
  locationSchema,
  webManifestSchema,
} from '#shared/schemas.ts';
import { defineRoutes } from '../define-routes.ts';

/** The public site's data: health, branding and manifest, banners, locations, public settings. */
export default defineRoutes(async (app, { clock, config, storage, db }) => {
  app.get('/api/health', { schema: { response: { 200: healthSchema } } }, async (_req, reply) => {
    await checkHealth({ db });
    reply.header('Cache-Control', 'no-store');
    return { status: 'ok' as const };
  });

  app.get('/api/branding', { schema: { response: { 200: brandingSchema } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return readBranding({ db, overridesCache: app.deps.textOverridesCache });
  });

  app.get(
    '/manifest.webmanifest',
    { schema: { produces: ['application/manifest+json'], response: { 200: webManifestSchema } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache').type('application/manifest+json');
      return readWebManifest({ db });
    },
  );

  app.get('/api/banners', { schema: { response: { 200: bannerSchema.array() } } }, async (_req, reply) => {
    reply.header('Cache-Control', 'no-cache');
    return listActiveBanners({ db, storage });
  });

  app.get(
    '/api/locations',
    { schema: { response: { 200: locationSchema.array() } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return listLocations({ db });
    },
  );

  app.get(
    '/api/settings/public',
    { schema: { response: { 200: publicSettingsWithFaresSchema } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-cache');
      return readPublicSettings({
        db,
        maxTicketsPerBooking: config.maxTicketsPerBooking,
        timeZone: config.tzOperator,
        now: clock.now(),
        cardOffered: app.deps.payments !== null,
      });
    },
  );
});
