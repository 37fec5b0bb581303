import { NOT_SPECIFIED } from '#shared/messages.ts';
import type { BookingLookup } from '#shared/schemas.ts';

// The operator's time zone (ARCHITECTURE.md section 2.9, TZ_OPERATOR's default): a booking time
// reads the same for every visitor, wherever their device is set.
const OPERATOR_TIME_ZONE = 'Indian/Maldives';

const travelDateParts = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const bookedOnFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: OPERATOR_TIME_ZONE,
});

/** '2026-11-22' -> 'Sun, 22 Nov 2026'. A travel date is a calendar day, so it is read as UTC. */
export function formatTravelDate(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate || NOT_SPECIFIED;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  const part = (type: Intl.DateTimeFormatPartTypes) =>
    travelDateParts.formatToParts(date).find((p) => p.type === type)?.value ?? '';
  return `${part('weekday')}, ${part('day')} ${part('month')} ${part('year')}`;
}

/** An ISO instant -> '21 Nov 2026, 14:05' in the operator's time zone. */
export function formatBookedOn(isoInstant: string): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return NOT_SPECIFIED;
  return bookedOnFormat.format(date);
}

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

/** 'tel:' wants the number without spaces or punctuation. */
export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, '')}`;
