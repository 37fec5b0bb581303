import { z } from 'zod';
import { STAFF_MSG } from './messages/staff.ts';

/*
 * The owner's reports (docs/product.md, Reports): load factor, revenue, what is owed, no-shows and
 * cancellations, for the departures whose travel date is in a range. The API's contract
 * (`GET /api/admin/reports/summary`, docs/architecture.md) and the screen read these schemas.
 */

/** The longest range a report covers, in days (both ends counted): a year and a little more. */
export const REPORT_MAX_DAYS = 400;

/** The days from one date to another (YYYY-MM-DD), both counted: 2026-01-01 to 2026-01-01 is 1. */
export function daysInRange(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const reportDate = z.iso.date({ error: STAFF_MSG.reportDateInvalid });

/** `?from=&to=`: travel dates, both included, `from` not after `to`, at most REPORT_MAX_DAYS. */
export const reportRangeSchema = z.object({ from: reportDate, to: reportDate }).superRefine((range, ctx) => {
  if (range.to < range.from) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: STAFF_MSG.reportRangeBackwards });
  } else if (daysInRange(range.from, range.to) > REPORT_MAX_DAYS) {
    ctx.addIssue({ code: 'custom', path: ['to'], message: STAFF_MSG.reportRangeTooLong(REPORT_MAX_DAYS) });
  }
});
export type ReportRange = z.infer<typeof reportRangeSchema>;

/** A sum of money in one currency; the amount a decimal string with two decimals ('1234.50'). */
export const currencyAmountSchema = z.object({ currency: z.string(), amount: z.string() });
export type CurrencyAmount = z.infer<typeof currencyAmountSchema>;

/**
 * Seats offered against seats sold. A seat is sold per leg (docs/decisions/032-seats-per-leg.md),
 * so the load factor is of seat-legs: sold over offered, a percentage with one decimal. Infants
 * take no seat: they are counted apart from the passengers who do.
 */
const loadFigures = {
  seatsOffered: z.number().int(),
  seatsSold: z.number().int(),
  seatLegsOffered: z.number().int(),
  seatLegsSold: z.number().int(),
  /** 0-100, one decimal: seat-legs sold over seat-legs offered (0 when none were offered). */
  loadFactor: z.number(),
  /** Persons of the bookings sold other than infants: adults, children and concessions. */
  passengers: z.number().int(),
  infants: z.number().int(),
};

/** One leg of a departure, stop to next stop: the departure's seats, and those sold on it. */
export const legLoadSchema = z.object({
  from: z.string(),
  to: z.string(),
  seatsSold: z.number().int(),
  loadFactor: z.number(),
});

/** One departure (a schedule on its travel date) with its launches' seats and what was sold. */
export const departureLoadSchema = z.object({
  scheduleId: z.string(),
  travelDate: z.string(),
  departureTime: z.string(),
  /** The route's stops' location ids in order, joined: what "by route" groups on. */
  routeKey: z.string(),
  /** The stops' names in order, 'Malé → Airport → Thoddoo'. */
  route: z.string(),
  status: z.string(),
  ...loadFigures,
  /** Seats a partner's allotment still holds unsold (docs/decisions/043). */
  allottedUnsold: z.number().int(),
  legs: z.array(legLoadSchema),
});
export type DepartureLoad = z.infer<typeof departureLoadSchema>;

/** Departures added up by route, weekday, hour of departure or day. */
export const loadGroupSchema = z.object({
  key: z.string(),
  label: z.string(),
  departures: z.number().int(),
  ...loadFigures,
});
export type LoadGroup = z.infer<typeof loadGroupSchema>;

/**
 * Money of the bookings sold, in one currency: `sales` their totals, `refunds` the refunds paid
 * back, `voids` the counter sales taken back, `net` what is left (docs/product.md, Reports).
 */
export const revenueRowSchema = z.object({
  key: z.string(),
  label: z.string(),
  currency: z.string(),
  bookings: z.number().int(),
  sales: z.string(),
  refunds: z.string(),
  voids: z.string(),
  net: z.string(),
});
export type RevenueRow = z.infer<typeof revenueRowSchema>;

/** Bookings of the range still waiting for their payment, per currency. */
export const pendingPaymentsSchema = z.object({
  currency: z.string(),
  bookings: z.number().int(),
  amount: z.string(),
});

/** A partner's account today: charged for its bookings, paid, and the balance it owes. */
export const partnerBalanceSchema = z.object({
  partnerId: z.string(),
  name: z.string(),
  currency: z.string(),
  bookings: z.number().int(),
  charged: z.string(),
  paid: z.string(),
  balance: z.string(),
});
export type PartnerBalance = z.infer<typeof partnerBalanceSchema>;

/** No-shows and cancellations of one route's departures. */
export const cancellationRowSchema = z.object({
  routeKey: z.string(),
  route: z.string(),
  /** Bookings sold (confirmed or completed). */
  bookings: z.number().int(),
  /** Of those, bookings whose departure has left. */
  departed: z.number().int(),
  /** Departed bookings of which nobody boarded, and their persons. */
  noShows: z.number().int(),
  noShowPersons: z.number().int(),
  /** Bookings the operator cancelled (a cancelled or moved departure), and their persons. */
  byOperator: z.number().int(),
  byOperatorPersons: z.number().int(),
  /** Bookings the passengers cancelled themselves, and their persons. */
  byPassenger: z.number().int(),
  byPassengerPersons: z.number().int(),
  /** Bookings rejected by the office or released unpaid: never sold. */
  rejected: z.number().int(),
});
export type CancellationRow = z.infer<typeof cancellationRowSchema>;

/** `GET /api/admin/reports/summary?from=&to=`. */
export const reportSummarySchema = z.object({
  from: z.string(),
  to: z.string(),
  generatedAt: z.string(),
  /** Departures in the range, a cancelled one not counted. */
  departureCount: z.number().int(),
  ...loadFigures,
  allottedUnsold: z.number().int(),
  /** What the range's bookings earned, per currency: sales less refunds and voids. */
  revenue: z.array(currencyAmountSchema),
  sales: z.array(currencyAmountSchema),
  refunds: z.array(currencyAmountSchema),
  voids: z.array(currencyAmountSchema),
  load: z.object({
    departures: z.array(departureLoadSchema),
    byDay: z.array(loadGroupSchema),
    byRoute: z.array(loadGroupSchema),
    byWeekday: z.array(loadGroupSchema),
    byHour: z.array(loadGroupSchema),
  }),
  revenueBy: z.object({
    day: z.array(revenueRowSchema),
    route: z.array(revenueRowSchema),
    channel: z.array(revenueRowSchema),
    method: z.array(revenueRowSchema),
    currency: z.array(revenueRowSchema),
  }),
  owed: z.object({
    pending: z.array(pendingPaymentsSchema),
    partners: z.array(partnerBalanceSchema),
  }),
  cancellations: z.array(cancellationRowSchema),
});
export type ReportSummary = z.infer<typeof reportSummarySchema>;

/** `GET|PUT /api/admin/reports/daily-summary`: the signed-in Owner's own daily summary e-mail. */
export const dailySummarySettingSchema = z.object({ enabled: z.boolean() });
export type DailySummarySetting = z.infer<typeof dailySummarySettingSchema>;

/** Hour of the operator's day from which yesterday's summary is sent. */
export const DAILY_SUMMARY_FROM_HOUR = 6;

/** A percentage with one decimal: `part` of `whole`, 0 when the whole is 0. */
export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part * 1000) / whole) / 10 : 0;
}
