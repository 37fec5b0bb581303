import { NOT_SPECIFIED } from '#shared/messages.ts';
import type { BookingLookup } from '#shared/schemas.ts';

/** '25' and 'MVR' -> 'MVR 25.00'; the amounts arrive as decimal strings. */
export function formatMoney(amount: string, currency: string): string {
  const value = Number(amount);
  if (!amount || Number.isNaN(value)) return NOT_SPECIFIED;
  const digits = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${currency} ${digits}` : digits;
}

export const orNotSpecified = (value: string | null | undefined) => value?.trim() || NOT_SPECIFIED;

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** '2 adults, 1 child'; zero counts are left out. */
export function formatTicketCounts(adults: number, children: number): string {
  const parts: string[] = [];
  if (adults > 0) parts.push(plural(adults, 'adult', 'adults'));
  if (children > 0) parts.push(plural(children, 'child', 'children'));
  return parts.join(', ') || NOT_SPECIFIED;
}

type BreakdownRow = BookingLookup['ticketBreakdown'][number];

// Breakdown prices are in the ticket type's own currency (ARCHITECTURE.md section 8.7).
const TYPE_CURRENCY: Record<BreakdownRow['type'], string> = { local: 'MVR', foreigner: 'USD' };
const TYPE_LABEL: Record<BreakdownRow['type'], string> = { local: 'Local', foreigner: 'Foreigner' };
const CATEGORY_LABEL: Record<BreakdownRow['category'], string> = { adult: 'adult', child: 'child' };

export function describeBreakdownRow(row: BreakdownRow): { label: string; price: string } {
  return {
    label: `${TYPE_LABEL[row.type]} ${CATEGORY_LABEL[row.category]}`,
    price: `${row.quantity} × ${formatMoney(row.price, TYPE_CURRENCY[row.type])}`,
  };
}
