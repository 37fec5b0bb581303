import { z } from 'zod';
import { FARE_MSG } from './messages/staff.ts';

// /api/admin/return-discounts (docs/decisions/037-return-trips.md): the operator's return
// discount per port pair, on the Payments screen's "Fares by route".

/** Up to 100, with at most two decimals. */
const PERCENT = /^(?:100(?:\.0{1,2})?|\d{1,2}(?:\.\d{1,2})?)$/;
export const RETURN_DISCOUNT_PERCENT_MESSAGE = 'Enter a percentage from 0 to 100';
/** Whether a typed return discount is a percentage the server takes (0 to 100, two decimals). */
export const isReturnDiscountPercent = (text: string): boolean => PERCENT.test(text.trim());

/** `PUT /api/admin/return-discounts`: a pair's discount; 0 removes it. */
export const returnDiscountInputSchema = z
  .object({
    originId: z.uuid({ error: FARE_MSG.originRequired }),
    destinationId: z.uuid({ error: FARE_MSG.destinationRequired }),
    percentOff: z
      .union([z.string(), z.number()], { error: RETURN_DISCOUNT_PERCENT_MESSAGE })
      .transform((v) => String(v).trim())
      .refine((v) => PERCENT.test(v), { error: RETURN_DISCOUNT_PERCENT_MESSAGE }),
  })
  .refine((v) => v.originId !== v.destinationId, { error: FARE_MSG.samePlace, path: ['destinationId'] });
export type ReturnDiscountInput = z.output<typeof returnDiscountInputSchema>;

export const returnDiscountSchema = z.object({
  originId: z.string(),
  destinationId: z.string(),
  /** Off the two journeys' fares together; it applies to the pair either way round. */
  percentOff: z.string(),
});
export type ReturnDiscount = z.infer<typeof returnDiscountSchema>;

export const returnDiscountListSchema = z.object({ discounts: z.array(returnDiscountSchema) });
