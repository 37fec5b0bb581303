import type { Currency } from '#shared/constants.ts';
import { type CounterPrices, moneyInput } from '#shared/counter.ts';
import { buildBreakdown, centsToMoney, computeTotal, toCents } from '#shared/money.ts';
import type { TicketBreakdownRow } from '#shared/schemas.ts';

export type TicketType = 'local' | 'foreigner';
export type TicketCategory = 'adult' | 'child' | 'infant';
export type TicketCount = { type: TicketType; category: TicketCategory; quantity: number };

/**
 * The counter's ticket kinds, in the order the screen lists them. An infant rides free on an
 * adult's lap, with no seat (docs/decisions/035-every-person-named.md).
 */
export const TICKET_KINDS: ReadonlyArray<{ type: TicketType; category: TicketCategory; label: string }> = [
  { type: 'local', category: 'adult', label: 'Local adult' },
  { type: 'local', category: 'child', label: 'Local child' },
  { type: 'foreigner', category: 'adult', label: 'Foreign adult' },
  { type: 'foreigner', category: 'child', label: 'Foreign child' },
  { type: 'local', category: 'infant', label: 'Local infant (on a lap)' },
  { type: 'foreigner', category: 'infant', label: 'Foreign infant (on a lap)' },
];

/** How many seats the tickets take: one per adult and child, none for an infant. */
export const seatsFor = (counts: readonly TicketCount[]) =>
  counts.filter((c) => c.category !== 'infant').reduce((n, c) => n + c.quantity, 0);

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
