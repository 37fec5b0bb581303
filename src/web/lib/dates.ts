import en from '#shared/messages/dates.ts?catalogue';
import type { TextId } from '#shared/texts.ts';
import { i18n } from '#web/i18n/catalogue.ts';
import { registerTexts } from '#web/i18n/texts.tsx';
import { zonedFormat } from './operator-time-zone.ts';

// Every date the web shows, written once. A travel date is a calendar day (YYYY-MM-DD) and is
// read as such; an instant (a booking's time) reads in the operator's time zone
// (useOperatorTimeZone, ARCHITECTURE.md section 2.9), wherever the device is set. Day and
// month names and the order of the parts come from the catalogue (dates.*), in the active
// language: no runtime's Intl knows Dhivehi. The admin area is always English.

/** Day and month names: a screen that shows dates names this among its texts (useTexts). */
export const DATES_TEXTS = registerTexts('dates', en, () => import('#shared/locales/dv/dates.ts?catalogue'));

const WEEKDAYS = [
  'dates.weekday0',
  'dates.weekday1',
  'dates.weekday2',
  'dates.weekday3',
  'dates.weekday4',
  'dates.weekday5',
  'dates.weekday6',
] as const satisfies readonly TextId[];
const MONTHS = [
  'dates.month1',
  'dates.month2',
  'dates.month3',
  'dates.month4',
  'dates.month5',
  'dates.month6',
  'dates.month7',
  'dates.month8',
  'dates.month9',
  'dates.month10',
  'dates.month11',
  'dates.month12',
] as const satisfies readonly TextId[];

const notSpecified = () => i18n._('common.notSpecified');

/** The parts of a YYYY-MM-DD travel date, named in the active language. */
function travelDate(isoDate: string): Record<'weekday' | 'day' | 'month' | 'year', string> | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1) return null;
  return {
    weekday: i18n._(WEEKDAYS[date.getUTCDay()] ?? 'dates.weekday0'),
    day: String(day),
    month: i18n._(MONTHS[month - 1] ?? 'dates.month1'),
    year: String(year),
  };
}

/** '2026-11-22' -> 'Sun, 22 Nov 2026' (the passenger's pages and the dashboard). */
export function formatTravelDate(isoDate: string): string {
  const d = travelDate(isoDate);
  return d ? i18n._('dates.travelDate', d) : isoDate || notSpecified();
}

/** '2026-11-22' -> 'Sun 22 Nov 2026' (the admin lists and headings). */
export function formatDay(isoDate: string): string {
  const d = travelDate(isoDate);
  return d ? `${d.weekday} ${d.day} ${d.month} ${d.year}` : isoDate || notSpecified();
}

const INSTANT: Intl.DateTimeFormatOptions = {
  day: 'numeric',
  month: 'numeric',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
};

/** An ISO instant -> '21 Nov 2026, 14:05' in the operator's time zone. */
export function formatInstant(isoInstant: string, timeZone: string): string {
  const date = new Date(isoInstant);
  if (Number.isNaN(date.getTime())) return notSpecified();
  const parts = zonedFormat(timeZone, INSTANT).formatToParts(date);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return i18n._('dates.instant', {
    day: String(Number(part('day'))),
    month: i18n._(MONTHS[Number(part('month')) - 1] ?? 'dates.month1'),
    year: part('year'),
    time: `${part('hour')}:${part('minute')}`,
  });
}
