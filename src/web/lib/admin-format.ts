import { NOT_SPECIFIED } from '#shared/messages.ts';

// The operator's time zone (ARCHITECTURE.md section 2.9, TZ_OPERATOR's default) decides "today"
// and how instants read on the admin screens, wherever the admin's device is set.
export const OPERATOR_TIME_ZONE = 'Indian/Maldives';

const isoDay = new Intl.DateTimeFormat('en-CA', { timeZone: OPERATOR_TIME_ZONE });

/** Today's date (YYYY-MM-DD) in the operator's time zone. */
export function operatorToday(now = new Date()): string {
  return isoDay.format(now);
}

const travelDateFormat = new Intl.DateTimeFormat('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  timeZone: 'UTC',
});

const instantFormat = new Intl.DateTimeFormat('en-GB', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: OPERATOR_TIME_ZONE,
});

/** '2026-11-22' -> 'Sun 22 Nov 2026'. A travel date is a calendar day, so it is read as UTC. */
export function formatDay(isoDate: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate || NOT_SPECIFIED;
  return travelDateFormat
    .format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))))
    .replace(',', '');
}

/** An ISO instant -> '21 Nov 2026, 14:05' in the operator's time zone. */
export function formatInstant(isoInstant: string): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return NOT_SPECIFIED;
  return instantFormat.format(date);
}

/** '25' and 'MVR' -> 'MVR 25.00'; amounts arrive as decimal strings. */
export function formatAmount(amount: string, currency: string): string {
  const value = Number(amount);
  if (!amount || Number.isNaN(value)) return NOT_SPECIFIED;
  const digits = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${currency} ${digits}` : digits;
}

/** 'no_show' -> 'No show'. */
export function humanize(value: string): string {
  const words = value.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
