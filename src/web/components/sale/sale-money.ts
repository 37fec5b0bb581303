import type { Currency } from '#shared/constants.ts';
import { type CounterPrices, moneyInput } from '#shared/counter.ts';
import type { CategoryPrice } from '#shared/fare-categories.ts';
import { buildBreakdown, centsToMoney, computeTotal, toCents } from '#shared/money.ts';
import type { TicketBreakdownRow } from '#shared/schemas.ts';

export type TicketType = 'local' | 'foreigner';
/** adult, child, infant or a concession's code (docs/decisions/036-fare-categories.md). */
export type TicketCategory = string;
export type TicketCount = { type: TicketType; category: TicketCategory; quantity: number };
export type TicketKind = { type: TicketType; category: TicketCategory; label: string; seat: boolean };

/**
 * The built-in ticket kinds, in the order the counter and a partner's screen list them. An
 * infant rides free on an adult's lap, with no seat (docs/decisions/035-every-person-named.md).
 */
export const TICKET_KINDS: readonly TicketKind[] = [
  { type: 'local', category: 'adult', label: 'Local adult', seat: true },
  { type: 'local', category: 'child', label: 'Local child', seat: true },
  { type: 'foreigner', category: 'adult', label: 'Foreign adult', seat: true },
  { type: 'foreigner', category: 'child', label: 'Foreign child', seat: true },
  { type: 'local', category: 'infant', label: 'Local infant (on a lap)', seat: false },
  { type: 'foreigner', category: 'infant', label: 'Foreign infant (on a lap)', seat: false },
];

/** The built-in kinds, then a local and a foreign kind of each active concession. */
export function ticketKinds(
  concessions: readonly { code: string; name: { en: string }; seat: boolean }[] = [],
): TicketKind[] {
  return [
    ...TICKET_KINDS,
    ...concessions.flatMap((c): TicketKind[] => [
      { type: 'local', category: c.code, label: `Local ${c.name.en}`, seat: c.seat },
      { type: 'foreigner', category: c.code, label: `Foreign ${c.name.en}`, seat: c.seat },
    ]),
  ];
}

/** How many seats the tickets take: one per person of a kind that takes a seat. */
export const seatsFor = (counts: readonly TicketCount[], kinds: readonly TicketKind[] = TICKET_KINDS) =>
  counts
    .filter((c) => kinds.find((k) => k.category === c.category)?.seat ?? c.category !== 'infant')
    .reduce((n, c) => n + c.quantity, 0);

/**
 * What the sale will cost, for the screen only: the server computes the total it records from
 * its own prices, with these same functions (src/shared/money.ts).
 */
export function saleTotal(
  counts: readonly TicketCount[],
  prices: CounterPrices & { categoryPrices?: CategoryPrice[] | undefined },
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
