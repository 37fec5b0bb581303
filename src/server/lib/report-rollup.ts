import { centsToMoney } from '#shared/money.ts';
import { channelName } from '#shared/report-tables.ts';
import type { CancellationRow, DepartureLoad, RevenueRow } from '#shared/reports.ts';

/*
 * The reports' figures come from the database a travel date at a time (services/read-report-days.ts):
 * per date, its departures, its money by day, route, channel, method and currency, and its
 * cancellations per route. A range's report adds the dates up here, whichever were kept and
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

export type Revenue = {
  day: RevenueRow[];
  route: RevenueRow[];
  channel: RevenueRow[];
  method: RevenueRow[];
  currency: RevenueRow[];
};

/**
 * The shape of a kept day's figures: a kept day of another version is read again, so a change
 * of what a day holds never mixes with days kept before it.
 */
export const REPORT_DAY_VERSION = 1;

/** What a report reads of one travel date: kept as it is for a closed day (report_days). */
export type ReportDay = {
  v: typeof REPORT_DAY_VERSION;
  departures: DepartureLoad[];
  revenue: Revenue;
  cancellations: CancellationRow[];
};

type Amounts = Pick<RevenueRow, 'key' | 'label' | 'currency' | 'bookings' | 'sales' | 'refunds' | 'voids'>;

/**
 * Cents of a stored amount: at most two decimals (the money columns' scale), so a double holds
 * it exactly once rounded, and sums of them below 2^53 cents. Read this way, a year's 90,000
 * amounts add up in milliseconds, where exact decimals took a third of a second.
 */
const cents = (amount: string) => Math.round(Number(amount) * 100);

type Sums = {
  key: string;
  label: string;
  currency: string;
  bookings: number;
  sales: number;
  refunds: number;
  voids: number;
};

/** Rows of the same key and currency added up. */
function addUp(rows: Iterable<Amounts>): RevenueRow[] {
  const sums = new Map<string, Sums>();
  for (const r of rows) {
    const id = `${r.key}\u0000${r.currency}`;
    const s = sums.get(id);
    if (s) {
      s.bookings += r.bookings;
      s.sales += cents(r.sales);
      s.refunds += cents(r.refunds);
      s.voids += cents(r.voids);
    } else {
      sums.set(id, {
        key: r.key,
        label: r.label,
        currency: r.currency,
        bookings: r.bookings,
        sales: cents(r.sales),
        refunds: cents(r.refunds),
        voids: cents(r.voids),
      });
    }
  }
  return [...sums.values()].map((s) => ({
    key: s.key,
    label: s.label,
    currency: s.currency,
    bookings: s.bookings,
    sales: centsToMoney(BigInt(s.sales)),
    refunds: centsToMoney(BigInt(s.refunds)),
    voids: centsToMoney(BigInt(s.voids)),
    net: centsToMoney(BigInt(s.sales - s.refunds - s.voids)),
  }));
}

const byKey = (a: RevenueRow, b: RevenueRow) =>
  a.key.localeCompare(b.key) || a.currency.localeCompare(b.currency);
const byLabel = (a: RevenueRow, b: RevenueRow) =>
  a.label.localeCompare(b.label) || a.currency.localeCompare(b.currency);

function* as(parts: readonly RevenuePart[], keyOf: (p: RevenuePart) => [string, string]): Generator<Amounts> {
  for (const p of parts) {
    const [key, label] = keyOf(p);
    yield { ...p, key, label };
  }
}

/** Revenue by day, route, channel, payment method and currency, each per currency. */
export function rollUpRevenue(parts: readonly RevenuePart[]): Revenue {
  return {
    day: addUp(as(parts, (p) => [p.day, p.day])).sort(byKey),
    route: addUp(as(parts, (p) => [p.routeKey, p.route])).sort(byLabel),
    channel: addUp(as(parts, (p) => [p.channel, channelName(p.channel)])).sort(byLabel),
    method: addUp(as(parts, (p) => [p.method, p.method])).sort(byLabel),
    currency: addUp(as(parts, (p) => [p.currency, p.currency])).sort(byLabel),
  };
}

/** Several days' revenue as one range's. */
export function mergeRevenue(days: readonly Revenue[]): Revenue {
  const flat = (dim: keyof Revenue) => days.flatMap((d) => d[dim]);
  return {
    day: addUp(flat('day')).sort(byKey),
    route: addUp(flat('route')).sort(byLabel),
    channel: addUp(flat('channel')).sort(byLabel),
    method: addUp(flat('method')).sort(byLabel),
    currency: addUp(flat('currency')).sort(byLabel),
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

/** No-shows and cancellations per route (of one day or of several), by the route's name. */
export function rollUpCancellations(rows: readonly CancellationRow[]): CancellationRow[] {
  const routes = new Map<string, CancellationRow>();
  for (const r of rows) {
    const row = routes.get(r.routeKey);
    if (!row) {
      const counts = Object.fromEntries(CANCELLATION_COUNTS.map((k) => [k, r[k]]));
      routes.set(r.routeKey, { routeKey: r.routeKey, route: r.route, ...counts } as CancellationRow);
      continue;
    }
    for (const k of CANCELLATION_COUNTS) row[k] += r[k];
  }
  return [...routes.values()].sort((a, b) => a.route.localeCompare(b.route));
}
