import { STAFF_MSG } from '#shared/messages/staff.ts';
import { daysInRange, REPORT_MAX_DAYS, type ReportRange } from '#shared/reports.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A real day written YYYY-MM-DD: 2026-02-30 is none. */
const isDate = (value: string | null): value is string => {
  if (value === null || !ISO_DATE.test(value)) return false;
  const time = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(time) && new Date(time).toISOString().slice(0, 10) === value;
};

const shift = (isoDate: string, days: number) => {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
};

/** This month so far: the 1st to today (the operator's), the report's range until one is chosen. */
export const thisMonth = (today: string): ReportRange => ({ from: `${today.slice(0, 8)}01`, to: today });

/** The whole of last month. */
export function lastMonth(today: string): ReportRange {
  const to = shift(`${today.slice(0, 8)}01`, -1);
  return { from: `${to.slice(0, 8)}01`, to };
}

/** The 30 days up to today, today included. */
export const last30Days = (today: string): ReportRange => ({ from: shift(today, -29), to: today });

/** What is wrong with a range, in the API's words; null when the server will take it. */
export function rangeProblem(range: ReportRange): string | null {
  if (range.to < range.from) return STAFF_MSG.reportRangeBackwards;
  if (daysInRange(range.from, range.to) > REPORT_MAX_DAYS)
    return STAFF_MSG.reportRangeTooLong(REPORT_MAX_DAYS);
  return null;
}

/**
 * The range the URL names (`?from=&to=`), each end falling back to this month's when missing or
 * not a date; null until the operator's today is known.
 */
export function rangeFrom(params: URLSearchParams, today: string | undefined): ReportRange | null {
  if (!today) return null;
  const fallback = thisMonth(today);
  const from = params.get('from');
  const to = params.get('to');
  return { from: isDate(from) ? from : fallback.from, to: isDate(to) ? to : fallback.to };
}

/** 2026-03-04 as '4 Mar 2026', the way the staff screens write a day. */
export function shortDay(isoDate: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${isoDate}T00:00:00Z`));
}
