import { and, inArray } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { type paymentSettings, routeFares } from '#server/db/schema.ts';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES } from '#shared/constants.ts';
import type { CategoryPrice, Concession } from '#shared/fare-categories.ts';
import {
  FARE_CATEGORIES,
  type FareCategory,
  type PairPrices,
  type PriceList,
  priceKey,
  type TicketType,
} from '#shared/fares.ts';
import { parseDecimal, percentOff, toMoneyString } from '#shared/money.ts';
import { TICKET_TYPES } from '#shared/schemas.ts';
import { readConcessions } from './read-concessions.ts';
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
  /** The active concessions, by sort then code (docs/decisions/036-fare-categories.md). */
  concessions: Concession[];
};

const FREE = '0.00';
const money = (v: string) => toMoneyString(parseDecimal(v));

/**
 * The unit prices of the categories beyond adult and child on one pair: the infant's (a pair's
 * own fare, else the default list's, else free) and each concession's by its rule: free; a
 * percentage off the pair's adult fare of the same type; or its own price, a pair's fare of its
 * code overriding its default.
 */
function categoryPrices(
  pair: PriceList,
  own: ReadonlyMap<string, string>,
  infant: { local: string | null; foreigner: string | null },
  concessions: readonly Concession[],
): CategoryPrice[] {
  const infantPrice = (type: TicketType) =>
    money(own.get(`${type}:infant`) ?? (type === 'local' ? infant.local : infant.foreigner) ?? FREE);
  const rows: CategoryPrice[] = [
    { code: 'infant', localPrice: infantPrice('local'), foreignerPrice: infantPrice('foreigner') },
  ];
  for (const c of concessions) {
    const price = (type: TicketType): string => {
      if (c.priceRule === 'free') return FREE;
      if (c.priceRule === 'percent') return percentOff(pair[priceKey(type, 'adult')], c.percentOff ?? '0');
      return money(
        own.get(`${type}:${c.code}`) ?? (type === 'local' ? c.localPrice : c.foreignerPrice) ?? FREE,
      );
    };
    rows.push({ code: c.code, localPrice: price('local'), foreignerPrice: price('foreigner') });
  }
  return rows;
}

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
  const [settings, rows, concessions] = await readTogether(db, [
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
    () => readConcessions({ db }),
  ]);
  const defaults: PriceList = {
    localAdultPrice: settings?.localAdultPrice ?? DEFAULT_PRICES.localAdultPrice,
    localChildPrice: settings?.localChildPrice ?? DEFAULT_PRICES.localChildPrice,
    foreignerAdultPrice: settings?.foreignerAdultPrice ?? DEFAULT_PRICES.foreignerAdultPrice,
    foreignerChildPrice: settings?.foreignerChildPrice ?? DEFAULT_PRICES.foreignerChildPrice,
  };
  const own = new Map<string, Partial<PriceList>>();
  // The pair's fares of other categories (an infant, a concession), by 'type:category'.
  const ownOther = new Map<string, Map<string, string>>();
  for (const row of rows) {
    if (!isType(row.ticketType)) continue;
    const key = `${row.originId}|${row.destinationId}`;
    if (!isCategory(row.category)) {
      const other = ownOther.get(key) ?? new Map<string, string>();
      other.set(`${row.ticketType}:${row.category}`, row.price);
      ownOther.set(key, other);
      continue;
    }
    own.set(key, { ...own.get(key), [priceKey(row.ticketType, row.category)]: row.price });
  }
  const infant = {
    local: settings?.infantLocalPrice ?? null,
    foreigner: settings?.infantForeignerPrice ?? null,
  };
  return {
    exchangeRate: settings?.exchangeRate ?? DEFAULT_EXCHANGE_RATE,
    defaults,
    concessions,
    pairs: pairs.map(({ originId, destinationId }) => {
      const key = `${originId}|${destinationId}`;
      const list: PriceList = { ...defaults, ...own.get(key) };
      return {
        originId,
        destinationId,
        ...list,
        categoryPrices: categoryPrices(list, ownOther.get(key) ?? new Map(), infant, concessions),
      };
    }),
  };
}

/** The prices of the one pair asked for, the infant's and the concessions' with them. */
export const firstPair = (fares: Fares): PairPrices | PriceList => fares.pairs[0] ?? fares.defaults;
