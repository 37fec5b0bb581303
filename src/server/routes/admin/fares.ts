import { deleteFare } from '#server/services/delete-fare.ts';
import { listFares } from '#server/services/list-fares.ts';
import { saveFare } from '#server/services/save-fare.ts';
import { fareIdParamsSchema, fareInputSchema, fareListSchema, fareSchema } from '#shared/fares.ts';
import { defineRoutes } from '../define-routes.ts';
import { setupWrites } from './setup-writes.ts';

/**
 * Fares per port pair (docs/decisions/033-fares-per-port-pair.md), on the Payments screen beside
 * the ticket prices, under the same permission.
 */
export default defineRoutes(async (app, { db }) => {
  app.get(
    '/api/admin/fares',
    { config: { permission: 'prices.manage' }, schema: { response: { 200: fareListSchema } } },
    async () => ({ fares: await listFares({ db }) }),
  );

  setupWrites(app, {
    url: '/api/admin/fares',
    permission: 'prices.manage',
    params: fareIdParamsSchema,
    input: fareInputSchema,
    item: fareSchema,
    save: (change) => saveFare({ db, ...change }),
    remove: (change) => deleteFare({ db, ...change }),
  });
});
