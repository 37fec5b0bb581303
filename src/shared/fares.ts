// Fares per port pair (docs/decisions/033-fares-per-port-pair.md): the HTTP contract of
// /api/admin/fares, and the prices of a pair as the counter and the trip search give them.
import { z } from 'zod';
import { CURRENCIES } from './constants.ts';
import { categoryPriceSchema } from './fare-categories.ts';
import { FARE_MSG } from './messages/staff.ts';
import { TICKET_TYPES } from './schemas.ts';

/** The four unit prices a party is charged at: a pair's own where it has them, else the default list. */
export type PriceList = {
  localAdultPrice: string;
  localChildPrice: string;
  foreignerAdultPrice: string;
  foreignerChildPrice: string;
};

export type TicketType = (typeof TICKET_TYPES)[number];
/**
 * The categories of the price list's four prices. The table keeps a text code, so the infant and
 * the concessions are rows of their codes, not columns (docs/decisions/036-fare-categories.md).
 */
export const FARE_CATEGORIES = ['adult', 'child'] as const;
export type FareCategory = (typeof FARE_CATEGORIES)[number];

/** The price list's field for a ticket type and category ('local', 'adult' -> 'localAdultPrice'). */
export const priceKey = (type: TicketType, category: FareCategory): keyof PriceList =>
  `${type}${category === 'adult' ? 'Adult' : 'Child'}Price`;

/** The four (type, category) a price list holds, in the order the screens list them. */
export const FARE_KINDS: ReadonlyArray<{ type: TicketType; category: FareCategory }> = TICKET_TYPES.flatMap(
  (type) => FARE_CATEGORIES.map((category) => ({ type, category })),
);

/** A pair's four prices, each its own or, where it has none, the default list's. */
export const pairPricesSchema = z.object({
  originId: z.string(),
  destinationId: z.string(),
  localAdultPrice: z.string(),
  localChildPrice: z.string(),
  foreignerAdultPrice: z.string(),
  foreignerChildPrice: z.string(),
  /**
   * The unit prices of the other categories on the pair (docs/decisions/036-fare-categories.md):
   * the infant's first, then each active concession's, worked out by its rule; what
   * `src/shared/money.ts` prices a party with. Optional: a client of before reads without it.
   */
  categoryPrices: z.array(categoryPriceSchema).optional(),
});
export type PairPrices = z.infer<typeof pairPricesSchema>;

const MONEY = /^\d{1,7}(\.\d{1,2})?$/;

/** A fare as typed: up to 7 digits and 2 decimals, never negative (the counter's money format). */
export const farePriceInput = z
  .union([z.number(), z.string()], { error: FARE_MSG.priceInvalid })
  .transform((v) => String(v).trim())
  .pipe(z.string().regex(MONEY, { error: FARE_MSG.priceInvalid }));

const locationId = (error: string) => z.uuid({ error });

/** `POST /api/admin/fares` and `PUT /api/admin/fares/:id`: one price of one pair. */
export const fareInputSchema = z
  .object({
    originId: locationId(FARE_MSG.originRequired),
    destinationId: locationId(FARE_MSG.destinationRequired),
    type: z.enum(TICKET_TYPES, { error: FARE_MSG.typeRequired }),
    /**
     * adult, child, infant or a concession's code (docs/decisions/036-fare-categories.md): the
     * server refuses a code that is none of them.
     */
    category: z
      .string({ error: FARE_MSG.categoryRequired })
      .trim()
      .regex(/^[a-z][a-z0-9_]{1,23}$/, { error: FARE_MSG.categoryRequired }),
    price: farePriceInput,
  })
  .refine((v) => v.originId !== v.destinationId, { error: FARE_MSG.samePlace, path: ['destinationId'] });
export type FareInput = z.output<typeof fareInputSchema>;

export const fareSchema = z.object({
  id: z.string(),
  originId: z.string(),
  destinationId: z.string(),
  type: z.enum(TICKET_TYPES),
  category: z.string(),
  /** In the type's currency: local MVR, foreigner USD. */
  price: z.string(),
  currency: z.enum(CURRENCIES),
});
export type Fare = z.infer<typeof fareSchema>;

/** `GET /api/admin/fares`: every pair's own prices, by origin and destination name. */
export const fareListSchema = z.object({ fares: z.array(fareSchema) });

export const fareIdParamsSchema = z.object({ id: z.uuid() });

/** A price as the Payments screen's forms take it: empty, or the money format. */
export const fareFormPrice = z
  .string()
  .trim()
  .refine((v) => v === '' || MONEY.test(v), { error: FARE_MSG.priceInvalid });

/** The Payments screen's form for one pair: an empty price is the default list's. */
export const farePairFormSchema = z
  .object({
    originId: z.string().min(1, { error: FARE_MSG.originRequired }),
    destinationId: z.string().min(1, { error: FARE_MSG.destinationRequired }),
    localAdultPrice: fareFormPrice,
    localChildPrice: fareFormPrice,
    foreignerAdultPrice: fareFormPrice,
    foreignerChildPrice: fareFormPrice,
  })
  .refine((v) => !v.originId || v.originId !== v.destinationId, {
    error: FARE_MSG.samePlace,
    path: ['destinationId'],
  });
export type FarePairForm = z.input<typeof farePairFormSchema>;
