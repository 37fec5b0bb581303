import { monthName, travelDateParts } from '#shared/date-names.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import en from '#shared/messages/dates.ts?catalogue';
import { i18n } from '#web/i18n/catalogue.ts';
import { registerTexts, type Translate } from '#web/i18n/texts.tsx';
import { zonedFormat } from './operator-time-zone.ts';

// Every date the web shows, written once. A travel date is a calendar day (YYYY-MM-DD) and is
// read as such; an instant (a booking's time) reads in the operator's time zone
// (useOperatorTimeZone, docs/product.md section 11.9), wherever the device is set. Day and
// month names and the order of the parts come from the catalogue (dates.*), in the active
// language: no runtime's Intl knows Dhivehi. The admin area is always English.

/** Day and month names: a screen that shows dates names this among its texts (useTexts). */
export const DATES_TEXTS = registerTexts('dates', en, () => import('#shared/locales/dv/dates.ts?catalogue'));

const notSpecified = () => i18n._('common.notSpecified');

/**
 * Whether `value` has a travel date's form, YYYY-MM-DD: a date read from the address or from a
 * date input before it is asked for (an empty or half-typed input is not one).
 */
export const isIsoDate = (value: string | null): value is string =>
  value !== null && /^\d{4}-\d{2}-\d{2}$/.test(value);

/** The parts of a YYYY-MM-DD travel date, named in the active language. */
const travelDate = (isoDate: string) => travelDateParts(isoDate, (id) => i18n._(id));

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
    month: monthName((id) => i18n._(id), Number(part('month'))),
    year: part('year'),
    time: `${part('hour')}:${part('minute')}`,
  });
}

/** The ids of a duration's three forms in a namespace: '2 hours', '45 minutes', '1 hour 30 minutes'. */
export type DurationTexts = { hours: TextId; minutes: TextId; both: TextId };

/** A number of minutes (the operator's usual time from slip to approval) as words in the page's language. */
export function formatDuration(t: Translate, totalMinutes: number, ids: DurationTexts): string {
  const whole = Math.max(0, Math.round(totalMinutes));
  const hours = Math.floor(whole / 60);
  const minutes = whole % 60;
  if (hours === 0) return t(ids.minutes, { n: minutes });
  if (minutes === 0) return t(ids.hours, { n: hours });
  return t(ids.both, { hours, minutes });
}
