import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import type { Currency } from '#shared/constants.ts';
import { buildBreakdown, centsToMoney, computeTotal, toCents } from '#shared/money.ts';
import { splitReturnDiscount } from '#shared/return-discount.ts';
import type { TicketBreakdownRow } from '#shared/schemas.ts';
import { firstPair, readFares } from './read-fares.ts';
import { readReturnDiscount } from './read-return-discount.ts';

export type PricedRebooking = {
  breakdown: TicketBreakdownRow[];
  totalAmount: string;
  differenceCents: bigint;
};

export type PriceRebookingOptions = {
  db: DbOrTx;
  ticket: {
    ticketBreakdown: TicketBreakdownRow[];
    currency: string;
    totalAmount: string;
    /** The booking's From and To, which a rebooking keeps: their pair's prices apply. */
    userOriginId: string | null;
    userDestinationId: string | null;
    /** Its row and journey: a journey of a return keeps the route's return discount. */
    id?: string;
    journey?: number;
  };
  free: boolean;
};

/**
 * What the same party costs now on the booking's From -> To (its pair's prices, else the
 * default list; docs/decisions/033), in the booking's currency, and the difference from what the
 * booking cost. After the operator cancelled the departure a rebooking is free: same price.
 */
export async function priceRebooking({ db, ticket, free }: PriceRebookingOptions): Promise<PricedRebooking> {
  if (free)
    return { breakdown: ticket.ticketBreakdown, totalAmount: ticket.totalAmount, differenceCents: 0n };
  const { userOriginId: originId, userDestinationId: destinationId } = ticket;
  const fares = await readFares({
    db,
    pairs: originId && destinationId ? [{ originId, destinationId }] : [],
  });
  // A concession deactivated since the booking keeps the unit price it was sold at (decision 036).
  const prices = firstPair(fares);
  const priced = new Set([
    'adult',
    'child',
    ...('categoryPrices' in prices ? (prices.categoryPrices ?? []) : []).map((c) => c.code),
  ]);
  const kept = new Map<string, { code: string; localPrice: string; foreignerPrice: string }>();
  for (const row of ticket.ticketBreakdown) {
    if (priced.has(row.category)) continue;
    const k = kept.get(row.category) ?? { code: row.category, localPrice: '0.00', foreignerPrice: '0.00' };
    kept.set(row.category, { ...k, [row.type === 'local' ? 'localPrice' : 'foreignerPrice']: row.price });
  }
  const breakdown = buildBreakdown(
    ticket.ticketBreakdown.map(({ type, category, quantity }) => ({ type, category, quantity })),
    {
      ...prices,
      categoryPrices: [
        ...('categoryPrices' in prices ? (prices.categoryPrices ?? []) : []),
        ...kept.values(),
      ],
    },
  );
  const fare = computeTotal(breakdown, ticket.currency as Currency, fares.exchangeRate);
  // A journey of a return (docs/decisions/037-return-trips.md) is rebooked at its fare less the
  // route's return discount as it is now, as the journey was sold.
  const percentOff =
    originId && destinationId && (await isReturnJourney(db, ticket))
      ? await readReturnDiscount({ db, originId, destinationId })
      : null;
  const totalAmount = percentOff
    ? centsToMoney(splitReturnDiscount(toCents(fare), 0n, percentOff).outbound)
    : fare;
  return { breakdown, totalAmount, differenceCents: toCents(totalAmount) - toCents(ticket.totalAmount) };
}

/** Whether the row is a journey of a return: the way back, or an outbound with one. */
async function isReturnJourney(db: DbOrTx, ticket: PriceRebookingOptions['ticket']): Promise<boolean> {
  if (ticket.journey === 2) return true;
  if (!ticket.id) return false;
  const [back] = await db
    .select({ id: tickets.id })
    .from(tickets)
    .where(eq(tickets.outboundId, ticket.id))
    .limit(1);
  return Boolean(back);
}
