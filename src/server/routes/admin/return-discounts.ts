import { z } from 'zod';
import { listReturnDiscounts } from '#server/services/list-return-discounts.ts';
import { saveReturnDiscount } from '#server/services/save-return-discount.ts';
import {
  returnDiscountInputSchema,
  returnDiscountListSchema,
  returnDiscountSchema,
} from '#shared/return-discounts.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf } from './index.ts';

/**
 * Return discounts per port pair (docs/decisions/037-return-trips.md), on the Payments screen
 * beside the fares, under the same permission.
 */
export default defineRoutes(async (app, { db }) => {
  app.get(
    '/api/admin/return-discounts',
    { config: { permission: 'prices.manage' }, schema: { response: { 200: returnDiscountListSchema } } },
    async () => ({ discounts: await listReturnDiscounts({ db }) }),
  );

  app.put(
    '/api/admin/return-discounts',
    {
      config: { permission: 'prices.manage' },
      schema: {
        body: returnDiscountInputSchema,
        response: { 200: z.object({ discount: returnDiscountSchema.nullable() }) },
      },
    },
    async (req) => ({
      discount: await saveReturnDiscount({ db, input: req.body, actorUserId: adminOf(req).id }),
    }),
  );
});
