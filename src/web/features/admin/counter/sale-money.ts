import type { Currency } from '#shared/constants.ts';
import { type CounterPrices, moneyInput } from '#shared/counter.ts';
import { buildBreakdown, centsToMoney, computeTotal, toCents } from '#shared/money.ts';
import type { TicketBreakdownRow } from '#shared/schemas.ts';

export type TicketType = 'local' | 'foreigner';
export type TicketCategory = 'adult' | 'child';
export type TicketCount = { type: TicketType; category: TicketCategory; quantity: number };

/** The counter's four ticket kinds, in the order the screen lists them. */
export const TICKET_KINDS: ReadonlyArray<{ type: TicketType; category: TicketCategory; label: string }> = [
  { type: 'local', category: 'adult', label: 'Local adult' },
  { type: 'local', category: 'child', label: 'Local child' },
  { type: 'foreigner', category: 'adult', label: 'Foreign adult' },
  { type: 'foreigner', category: 'child', label: 'Foreign child' },
];

/**
 * What the sale will cost, for the screen only: the server computes the total it records from
 * its own prices, with these same functions (src/shared/money.ts).
 */
export function saleTotal(
  counts: readonly TicketCount[],
  prices: CounterPrices,
  currency: Currency,
): { breakdown: TicketBreakdownRow[]; total: string } {
  const breakdown = buildBreakdown([...counts], prices);
  return { breakdown, total: computeTotal(breakdown, currency, prices.exchangeRate) };
}

/** An amount as typed at the counter, or null while it is not one (moneyInput's rule). */
export function readAmount(typed: string): string | null {
  const parsed = moneyInput.safeParse(typed);
  return parsed.success ? parsed.data : null;
}

/** received - total, exactly ('100' and '25.00' -> '75.00'; negative when too little). */
export function changeDue(received: string, total: string): string {
  return centsToMoney(toCents(received) - toCents(total));
}
