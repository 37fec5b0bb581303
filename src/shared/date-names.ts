import type { TextId } from './messages/catalogues.ts';

// Day and month names come from the catalogue (dates.*) in every language: no runtime's Intl
// knows Dhivehi. The web (src/web/lib/dates.ts) and the e-mails (src/server/mails/compose.ts)
// share these.

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

type Translate = (id: TextId) => string;

/** The name of month 1-12 in the translator's language. */
export const monthName = (t: Translate, month: number) => t(MONTHS[month - 1] ?? 'dates.month1');

/**
 * The parts of a YYYY-MM-DD travel date, named by `t`: {weekday: 'Sun', day: '22', month: 'Nov',
 * year: '2026'}; null for anything that is no calendar day.
 */
export function travelDateParts(
  isoDate: string,
  t: Translate,
): Record<'weekday' | 'day' | 'month' | 'year', string> | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return {
    weekday: t(WEEKDAYS[date.getUTCDay()] ?? 'dates.weekday0'),
    day: String(day),
    month: monthName(t, month),
    year: String(year),
  };
}
