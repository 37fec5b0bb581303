import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { mergeRevenue, rollUpCancellations } from '#server/lib/report-rollup.ts';
import { REPORT_WEEKDAYS } from '#shared/report-tables.ts';
import {
  type CurrencyAmount,
  type DepartureLoad,
  type LoadGroup,
  percentOf,
  type ReportSummary,
  type RevenueRow,
} from '#shared/reports.ts';
import { readOwed } from './read-owed.ts';
import { readReportDays } from './read-report-days.ts';

export type ReadReportSummaryOptions = {
  db: DbOrTx;
  /** Travel dates, both included (YYYY-MM-DD); the route checked the range. */
  from: string;
  to: string;
  now: Date;
  tzOperator: string;
};

/** ISO weekday of a date, 1 Monday to 7 Sunday. */
const isoWeekday = (isoDate: string) => ((new Date(`${isoDate}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** Departures added up under a key each gives, in the keys' order. */
function groupLoads(
  departures: readonly DepartureLoad[],
  keyOf: (d: DepartureLoad) => { key: string; label: string },
): LoadGroup[] {
  const groups = new Map<string, LoadGroup>();
  for (const d of departures) {
    const { key, label } = keyOf(d);
    const g = groups.get(key) ?? {
      key,
      label,
      departures: 0,
      seatsOffered: 0,
      seatsSold: 0,
      seatLegsOffered: 0,
      seatLegsSold: 0,
      loadFactor: 0,
      passengers: 0,
      infants: 0,
    };
    g.departures += 1;
    g.seatsOffered += d.seatsOffered;
    g.seatsSold += d.seatsSold;
    g.seatLegsOffered += d.seatLegsOffered;
    g.seatLegsSold += d.seatLegsSold;
    g.passengers += d.passengers;
    g.infants += d.infants;
    groups.set(key, g);
  }
  return [...groups.values()]
    .map((g) => ({ ...g, loadFactor: percentOf(g.seatLegsSold, g.seatLegsOffered) }))
    .sort((a, b) => a.key.localeCompare(b.key));
}

const amountsOf = (rows: readonly RevenueRow[], pick: (r: RevenueRow) => string): CurrencyAmount[] =>
  rows.map((r) => ({ currency: r.currency, amount: pick(r) }));

/**
 * The owner's report for the departures whose travel date is in the range (docs/product.md,
 * Reports): load factor per departure, leg, day, route, weekday and hour; revenue by day, route,
 * channel, payment method and currency; what is owed; no-shows and cancellations by route. The
 * figures of each travel date (readReportDays: a closed day's as kept, the others from the
 * tables) are added up here, and what is owed is read as it stands.
 */
export async function readReportSummary(opts: ReadReportSummaryOptions): Promise<ReportSummary> {
  const { db, from, to, now, tzOperator } = opts;
  const [days, owed] = await readTogether(db, [
    () => readReportDays({ db, from, to, now, tzOperator }),
    () => readOwed({ db, from, to }),
  ]);
  const departures = days
    .flatMap((d) => d.departures)
    .sort(
      (a, b) =>
        a.travelDate.localeCompare(b.travelDate) ||
        a.departureTime.localeCompare(b.departureTime) ||
        a.routeKey.localeCompare(b.routeKey),
    );
  const revenue = mergeRevenue(days.map((d) => d.revenue));
  const cancellations = rollUpCancellations(days.flatMap((d) => d.cancellations));
  const [total] = groupLoads(departures, () => ({ key: 'all', label: 'All' }));
  const routes = groupLoads(departures, (d) => ({ key: d.routeKey, label: d.route }));
  return {
    from,
    to,
    generatedAt: now.toISOString(),
    departureCount: total?.departures ?? 0,
    seatsOffered: total?.seatsOffered ?? 0,
    seatsSold: total?.seatsSold ?? 0,
    seatLegsOffered: total?.seatLegsOffered ?? 0,
    seatLegsSold: total?.seatLegsSold ?? 0,
    loadFactor: total?.loadFactor ?? 0,
    passengers: total?.passengers ?? 0,
    infants: total?.infants ?? 0,
    allottedUnsold: departures.reduce((n, d) => n + d.allottedUnsold, 0),
    revenue: amountsOf(revenue.currency, (r) => r.net),
    sales: amountsOf(revenue.currency, (r) => r.sales),
    refunds: amountsOf(revenue.currency, (r) => r.refunds),
    voids: amountsOf(revenue.currency, (r) => r.voids),
    load: {
      departures,
      byDay: groupLoads(departures, (d) => ({ key: d.travelDate, label: d.travelDate })),
      byRoute: routes.sort((a, b) => a.label.localeCompare(b.label)),
      byWeekday: groupLoads(departures, (d) => {
        const day = isoWeekday(d.travelDate);
        return { key: String(day), label: REPORT_WEEKDAYS[day - 1] ?? '' };
      }),
      byHour: groupLoads(departures, (d) => {
        const hour = d.departureTime.slice(0, 2);
        return { key: hour, label: `${hour}:00` };
      }),
    },
    revenueBy: revenue,
    owed,
    cancellations,
  };
}
