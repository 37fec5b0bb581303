import { centsToMoney, toCents } from '#shared/money.ts';
import { channelName } from '#shared/report-tables.ts';
import type { CancellationRow, DepartureLoad, RevenueRow } from '#shared/reports.ts';

/*
 * The reports' figures come from the database a travel date at a time (services/read-report-days.ts):
 * per date, its departures, its money per route, channel, method and currency, and its
 * cancellations per route. A range's report adds those up here, whichever dates were kept and
 * whichever were just read, so both add up the same way.
 */

/** The money of one travel date's sold bookings of one route, channel, method and currency. */
export type RevenuePart = {
  day: string;
  routeKey: string;
  route: string;
  channel: string;
  method: string;
  currency: string;
  bookings: number;
  sales: string;
  refunds: string;
  voids: string;
};

/** One travel date's no-shows and cancellations of one route. */
export type CancellationPart = CancellationRow & { day: string };

/** What a report reads of one travel date: kept as it is for a closed day (report_days). */
export type ReportDay = {
  departures: DepartureLoad[];
  revenue: RevenuePart[];
  cancellations: CancellationPart[];
};

export type Revenue = {
  day: RevenueRow[];
  route: RevenueRow[];
  channel: RevenueRow[];
  method: RevenueRow[];
  currency: RevenueRow[];
};

type Sums = {
  key: string;
  label: string;
  currency: string;
  bookings: number;
  sales: bigint;
  refunds: bigint;
  voids: bigint;
};

function addUp(parts: readonly RevenuePart[], keyOf: (p: RevenuePart) => [string, string]): RevenueRow[] {
  const sums = new Map<string, Sums>();
  for (const p of parts) {
    const [key, label] = keyOf(p);
    const id = `${key}\u0000${p.currency}`;
    const s = sums.get(id) ?? {
      key,
      label,
      currency: p.currency,
      bookings: 0,
      sales: 0n,
      refunds: 0n,
      voids: 0n,
    };
    s.bookings += p.bookings;
    s.sales += toCents(p.sales);
    s.refunds += toCents(p.refunds);
    s.voids += toCents(p.voids);
    sums.set(id, s);
  }
  return [...sums.values()].map((s) => ({
    key: s.key,
    label: s.label,
    currency: s.currency,
    bookings: s.bookings,
    sales: centsToMoney(s.sales),
    refunds: centsToMoney(s.refunds),
    voids: centsToMoney(s.voids),
    net: centsToMoney(s.sales - s.refunds - s.voids),
  }));
}

const byLabel = (a: RevenueRow, b: RevenueRow) =>
  a.label.localeCompare(b.label) || a.currency.localeCompare(b.currency);

/** Revenue by day, route, channel, payment method and currency, each per currency. */
export function rollUpRevenue(parts: readonly RevenuePart[]): Revenue {
  return {
    day: addUp(parts, (p) => [p.day, p.day]).sort(
      (a, b) => a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency),
    ),
    route: addUp(parts, (p) => [p.routeKey, p.route]).sort(byLabel),
    channel: addUp(parts, (p) => [p.channel, channelName(p.channel)]).sort(byLabel),
    method: addUp(parts, (p) => [p.method, p.method]).sort(byLabel),
    currency: addUp(parts, (p) => [p.currency, p.currency]).sort(byLabel),
  };
}

const CANCELLATION_COUNTS = [
  'bookings',
  'departed',
  'noShows',
  'noShowPersons',
  'byOperator',
  'byOperatorPersons',
  'byPassenger',
  'byPassengerPersons',
  'rejected',
] as const;

/** No-shows and cancellations per route, by the route's name. */
export function rollUpCancellations(parts: readonly CancellationPart[]): CancellationRow[] {
  const routes = new Map<string, CancellationRow>();
  for (const { day: _day, ...p } of parts) {
    const row = routes.get(p.routeKey);
    if (!row) {
      routes.set(p.routeKey, { ...p });
      continue;
    }
    for (const k of CANCELLATION_COUNTS) row[k] += p[k];
  }
  return [...routes.values()].sort((a, b) => a.route.localeCompare(b.route));
}
