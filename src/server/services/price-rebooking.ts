import type { DbOrTx } from '#server/db/client.ts';
import type { Currency } from '#shared/constants.ts';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES } from '#shared/constants.ts';
import { buildBreakdown, computeTotal, toCents } from '#shared/money.ts';
import type { TicketBreakdownRow } from '#shared/schemas.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type PricedRebooking = {
  breakdown: TicketBreakdownRow[];
  totalAmount: string;
  differenceCents: bigint;
};

export type PriceRebookingOptions = {
  db: DbOrTx;
  ticket: { ticketBreakdown: TicketBreakdownRow[]; currency: string; totalAmount: string };
  free: boolean;
};

/**
 * What the same party costs now, in the booking's currency, and the difference from what the
 * booking cost. After the operator cancelled the departure a rebooking is free: same price.
 */
export async function priceRebooking({ db, ticket, free }: PriceRebookingOptions): Promise<PricedRebooking> {
  if (free)
    return { breakdown: ticket.ticketBreakdown, totalAmount: ticket.totalAmount, differenceCents: 0n };
  const settings = await readSettingsRow({ db, table: 'payment' });
  const breakdown = buildBreakdown(
    ticket.ticketBreakdown.map(({ type, category, quantity }) => ({ type, category, quantity })),
    settings ?? DEFAULT_PRICES,
  );
  const totalAmount = computeTotal(
    breakdown,
    ticket.currency as Currency,
    settings?.exchangeRate ?? DEFAULT_EXCHANGE_RATE,
  );
  return { breakdown, totalAmount, differenceCents: toCents(totalAmount) - toCents(ticket.totalAmount) };
}
