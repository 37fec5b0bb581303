import { deleteLocation } from '#server/services/delete-location.ts';
import { listLocations } from '#server/services/list-locations.ts';
import { saveLocation } from '#server/services/save-location.ts';
import { locationSchema } from '#shared/schemas.ts';
import { locationIdParamsSchema, locationInputSchema, locationListSchema } from '#shared/setup-api.ts';
import { defineRoutes } from '../define-routes.ts';
import { setupWrites } from './setup-writes.ts';

/** The location screen (docs/product.md section 2). */
export default defineRoutes(async (app, { db }) => {
  app.get(
    '/api/admin/locations',
    { config: { permission: 'locations.manage' }, schema: { response: { 200: locationListSchema } } },
    async () => ({
      locations: await listLocations({ db }),
    }),
  );

  setupWrites(app, {
    url: '/api/admin/locations',
    permission: 'locations.manage',
    params: locationIdParamsSchema,
    input: locationInputSchema,
    item: locationSchema,
    save: (change) => saveLocation({ db, ...change }),
    remove: (change) => deleteLocation({ db, ...change }),
  });
});
