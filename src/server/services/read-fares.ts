import { and, inArray } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { type paymentSettings, routeFares } from '#server/db/schema.ts';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES } from '#shared/constants.ts';
import {
  FARE_CATEGORIES,
  type FareCategory,
  type PairPrices,
  type PriceList,
  priceKey,
  type TicketType,
} from '#shared/fares.ts';
import { TICKET_TYPES } from '#shared/schemas.ts';
import { readSettingsRow } from './read-settings-row.ts';

type Pair = { originId: string; destinationId: string };

export type ReadFaresOptions = {
  db: DbOrTx;
  /** The origin -> destination pairs to price (direction matters: A -> B is not B -> A). */
  pairs: readonly Pair[];
  /** The payment settings row, when the caller has read it already (undefined: none saved). */
  settings?: typeof paymentSettings.$inferSelect | undefined;
};

export type Fares = {
  /** MVR per USD, from the payment settings. */
  exchangeRate: string;
  /** The default price list: the payment settings' four prices. */
  defaults: PriceList;
  /** Each asked pair's prices, in the order asked: its own fare per type and category, else the default. */
  pairs: PairPrices[];
};

const isType = (v: string): v is TicketType => (TICKET_TYPES as readonly string[]).includes(v);
const isCategory = (v: string): v is FareCategory => (FARE_CATEGORIES as readonly string[]).includes(v);

/**
 * The prices a party is charged on each pair (docs/decisions/033-fares-per-port-pair.md): the
 * one place every price is read, for bookings, counter sales, rebookings and the trip search.
 * A pair's own fare wins for its type and category; any it lacks falls back to the payment
 * settings' price list, so a pair with no fares costs what every trip cost before.
 */
export async function readFares({ db, pairs, ...opts }: ReadFaresOptions): Promise<Fares> {
  const origins = [...new Set(pairs.map((p) => p.originId))];
  const destinations = [...new Set(pairs.map((p) => p.destinationId))];
  const [settings, rows] = await readTogether(db, [
    () => ('settings' in opts ? opts.settings : readSettingsRow({ db, table: 'payment' })),
    () =>
      pairs.length === 0
        ? []
        : db
            .select({
              originId: routeFares.originId,
              destinationId: routeFares.destinationId,
              ticketType: routeFares.ticketType,
              category: routeFares.category,
              price: routeFares.price,
            })
            .from(routeFares)
            .where(
              and(inArray(routeFares.originId, origins), inArray(routeFares.destinationId, destinations)),
            ),
  ]);
  const defaults: PriceList = {
    localAdultPrice: settings?.localAdultPrice ?? DEFAULT_PRICES.localAdultPrice,
    localChildPrice: settings?.localChildPrice ?? DEFAULT_PRICES.localChildPrice,
    foreignerAdultPrice: settings?.foreignerAdultPrice ?? DEFAULT_PRICES.foreignerAdultPrice,
    foreignerChildPrice: settings?.foreignerChildPrice ?? DEFAULT_PRICES.foreignerChildPrice,
  };
  const own = new Map<string, Partial<PriceList>>();
  for (const row of rows) {
    // A category not priced yet (a later one, stored ahead of its tickets) changes nothing.
    if (!isType(row.ticketType) || !isCategory(row.category)) continue;
    const key = `${row.originId}|${row.destinationId}`;
    own.set(key, { ...own.get(key), [priceKey(row.ticketType, row.category)]: row.price });
  }
  return {
    exchangeRate: settings?.exchangeRate ?? DEFAULT_EXCHANGE_RATE,
    defaults,
    pairs: pairs.map(({ originId, destinationId }) => ({
      originId,
      destinationId,
      ...defaults,
      ...own.get(`${originId}|${destinationId}`),
    })),
  };
}

/** The prices of the one pair asked for. */
export const firstPair = (fares: Fares): PriceList => fares.pairs[0] ?? fares.defaults;
