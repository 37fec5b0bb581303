import { NOT_SPECIFIED } from '#shared/messages.ts';
import { zonedFormat } from './operator-time-zone.ts';

// Every date the web shows, written once. A travel date is a calendar day (YYYY-MM-DD) and is
// read as such; an instant (a booking's time) reads in the operator's time zone
// (useOperatorTimeZone, ARCHITECTURE.md section 2.9), wherever the device is set.

// Made on first use, not on import: a browser's first date formatter loads its locale data (about
// 15 ms on a fast desktop, several times that on a cheap phone), and /bookings shows no date
// until a booking is found.
const travelDateFormat = { weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' } as const;

/** The parts of a YYYY-MM-DD travel date, from parts so no runtime's punctuation leaks in. */
function travelDate(isoDate: string): Record<'weekday' | 'day' | 'month' | 'year', string> | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const parts = zonedFormat('UTC', travelDateFormat).formatToParts(
    new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))),
  );
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return { weekday: part('weekday'), day: part('day'), month: part('month'), year: part('year') };
}

/** '2026-11-22' -> 'Sun, 22 Nov 2026' (the passenger's pages and the dashboard). */
export function formatTravelDate(isoDate: string): string {
  const d = travelDate(isoDate);
  return d ? `${d.weekday}, ${d.day} ${d.month} ${d.year}` : isoDate || NOT_SPECIFIED;
}

/** '2026-11-22' -> 'Sun 22 Nov 2026' (the admin lists and headings). */
export function formatDay(isoDate: string): string {
  const d = travelDate(isoDate);
  return d ? `${d.weekday} ${d.day} ${d.month} ${d.year}` : isoDate || NOT_SPECIFIED;
}

const INSTANT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** An ISO instant -> '21 Nov 2026, 14:05' in the operator's time zone. */
export function formatInstant(isoInstant: string, timeZone: string): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return NOT_SPECIFIED;
  return zonedFormat(timeZone, INSTANT).format(date);
}
