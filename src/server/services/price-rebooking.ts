import type { DbOrTx } from '#server/db/client.ts';
import type { Currency } from '#shared/constants.ts';
import { buildBreakdown, computeTotal, toCents } from '#shared/money.ts';
import type { TicketBreakdownRow } from '#shared/schemas.ts';
import { firstPair, readFares } from './read-fares.ts';

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
  const totalAmount = computeTotal(breakdown, ticket.currency as Currency, fares.exchangeRate);
  return { breakdown, totalAmount, differenceCents: toCents(totalAmount) - toCents(ticket.totalAmount) };
}
