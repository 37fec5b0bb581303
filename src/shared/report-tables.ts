import type { LoadGroup, ReportSummary, RevenueRow } from './reports.ts';

/*
 * The reports' tables, written once: the screen shows them beside its charts and downloads each
 * as CSV, and the server's workbook (`GET /api/admin/reports/export.xlsx`) has a sheet per table,
 * with the same titles, columns and cells.
 */

/** How a column's cells read: money is a decimal string, a percentage a number 0-100. */
export type ColumnKind = 'text' | 'date' | 'int' | 'money' | 'percent';
export type ReportColumn = { label: string; kind: ColumnKind };
export type ReportCell = string | number;

export type ReportTableId =
  | 'summary'
  | 'departures'
  | 'legs'
  | 'load-route'
  | 'load-weekday'
  | 'load-hour'
  | 'load-day'
  | 'revenue-day'
  | 'revenue-route'
  | 'revenue-channel'
  | 'revenue-method'
  | 'revenue-currency'
  | 'owed-pending'
  | 'owed-partners'
  | 'cancellations';

export type ReportTable = {
  id: ReportTableId;
  /** The table's caption, and its sheet's name in the workbook (at most 31 characters). */
  title: string;
  columns: ReportColumn[];
  rows: ReportCell[][];
};

/** ISO weekdays, 1 Monday to 7 Sunday, as the reports group departures. */
export const REPORT_WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const CHANNEL_NAMES: Record<string, string> = { online: 'Online', counter: 'Counter', partner: 'Partner' };

/** A sales channel's name: online, counter, partner, or any later one as it is stored. */
export const channelName = (channel: string): string => CHANNEL_NAMES[channel] ?? channel;

const text = (label: string): ReportColumn => ({ label, kind: 'text' });
const int = (label: string): ReportColumn => ({ label, kind: 'int' });
const money = (label: string): ReportColumn => ({ label, kind: 'money' });
const percent = (label: string): ReportColumn => ({ label, kind: 'percent' });
const date = (label: string): ReportColumn => ({ label, kind: 'date' });

// The figure a reader looks for comes first after what the row is: on a phone the rest of a
// wide table is a scroll away.
const LOAD_COLUMNS = [
  percent('Load factor %'),
  int('Departures'),
  int('Seats offered'),
  int('Seats sold'),
  int('Seat-legs offered'),
  int('Seat-legs sold'),
  int('Passengers'),
  int('Infants'),
];

const loadCells = (g: LoadGroup): ReportCell[] => [
  g.loadFactor,
  g.departures,
  g.seatsOffered,
  g.seatsSold,
  g.seatLegsOffered,
  g.seatLegsSold,
  g.passengers,
  g.infants,
];

const MONEY_COLUMNS = [
  text('Currency'),
  money('Net'),
  int('Bookings'),
  money('Sales'),
  money('Refunds'),
  money('Voids'),
];

const moneyCells = (r: RevenueRow): ReportCell[] => [
  r.currency,
  r.net,
  r.bookings,
  r.sales,
  r.refunds,
  r.voids,
];

function loadTable(id: ReportTableId, title: string, first: ReportColumn, groups: LoadGroup[]): ReportTable {
  return {
    id,
    title,
    columns: [first, ...LOAD_COLUMNS],
    rows: groups.map((g) => [g.label, ...loadCells(g)]),
  };
}

function revenueTable(id: ReportTableId, title: string, first: ReportColumn | null, rows: RevenueRow[]) {
  return {
    id,
    title,
    columns: first ? [first, ...MONEY_COLUMNS] : MONEY_COLUMNS,
    rows: rows.map((r) => (first ? [r.label, ...moneyCells(r)] : moneyCells(r))),
  } satisfies ReportTable;
}

/** Every table of a report, in the order the screen shows them. */
export function reportTables(report: ReportSummary): ReportTable[] {
  const { load, revenueBy, owed } = report;
  const multiLeg = load.departures.filter((d) => d.legs.length > 1);
  return [
    loadTable('load-day', 'Load factor by day', date('Day'), load.byDay),
    loadTable('load-route', 'Load factor by route', text('Route'), load.byRoute),
    loadTable('load-weekday', 'Load factor by weekday', text('Weekday'), load.byWeekday),
    loadTable('load-hour', 'Load factor by hour', text('Departure hour'), load.byHour),
    {
      id: 'departures',
      title: 'Load factor by departure',
      columns: [
        date('Date'),
        text('Time'),
        text('Route'),
        percent('Load factor %'),
        int('Seats offered'),
        int('Seats sold'),
        int('Seat-legs offered'),
        int('Seat-legs sold'),
        int('Passengers'),
        int('Infants'),
        int('Allotted, unsold'),
      ],
      rows: load.departures.map((d) => [
        d.travelDate,
        d.departureTime,
        d.route,
        d.loadFactor,
        d.seatsOffered,
        d.seatsSold,
        d.seatLegsOffered,
        d.seatLegsSold,
        d.passengers,
        d.infants,
        d.allottedUnsold,
      ]),
    },
    {
      id: 'legs',
      title: 'Load factor by leg',
      columns: [
        date('Date'),
        text('Time'),
        text('Route'),
        text('Leg'),
        percent('Load factor %'),
        int('Seats offered'),
        int('Seats sold'),
      ],
      rows: multiLeg.flatMap((d) =>
        d.legs.map((leg) => [
          d.travelDate,
          d.departureTime,
          d.route,
          `${leg.from} → ${leg.to}`,
          leg.loadFactor,
          d.seatsOffered,
          leg.seatsSold,
        ]),
      ),
    },
    revenueTable('revenue-day', 'Revenue by day', date('Day'), revenueBy.day),
    revenueTable('revenue-route', 'Revenue by route', text('Route'), revenueBy.route),
    revenueTable('revenue-channel', 'Revenue by channel', text('Channel'), revenueBy.channel),
    revenueTable('revenue-method', 'Revenue by payment method', text('Payment method'), revenueBy.method),
    revenueTable('revenue-currency', 'Revenue by currency', null, revenueBy.currency),
    {
      id: 'owed-pending',
      title: 'Payments still waiting',
      columns: [text('Currency'), int('Bookings'), money('Amount')],
      rows: owed.pending.map((p) => [p.currency, p.bookings, p.amount]),
    },
    {
      id: 'owed-partners',
      title: 'Partner balances',
      columns: [
        text('Partner'),
        text('Currency'),
        int('Bookings'),
        money('Charged'),
        money('Paid'),
        money('Balance'),
      ],
      rows: owed.partners.map((p) => [p.name, p.currency, p.bookings, p.charged, p.paid, p.balance]),
    },
    {
      id: 'cancellations',
      title: 'No-shows and cancellations',
      columns: [
        text('Route'),
        int('No-shows'),
        percent('No-show rate %'),
        int('No-show persons'),
        int('Sold'),
        int('Departed'),
        int('Cancelled by operator'),
        int('Operator-cancelled persons'),
        int('Cancelled by passenger'),
        int('Passenger-cancelled persons'),
        int('Rejected or unpaid'),
      ],
      rows: report.cancellations.map((c) => [
        c.route,
        c.noShows,
        c.departed > 0 ? Math.round((c.noShows * 1000) / c.departed) / 10 : 0,
        c.noShowPersons,
        c.bookings,
        c.departed,
        c.byOperator,
        c.byOperatorPersons,
        c.byPassenger,
        c.byPassengerPersons,
        c.rejected,
      ]),
    },
  ];
}

/**
 * The report's headline figures as a two-column table: the workbook's first sheet. Each currency's
 * money gets its rows, as a number, since amounts in two currencies never add up.
 */
export function summaryTable(report: ReportSummary): ReportTable {
  const perCurrency = (label: string, list: { currency: string; amount: string }[]): ReportCell[][] =>
    list.map((a) => [`${label} ${a.currency}`, Number(a.amount)]);
  return {
    id: 'summary',
    title: 'Summary',
    columns: [text('Figure'), text('Value')],
    rows: [
      ['From', report.from],
      ['To', report.to],
      ['Departures', report.departureCount],
      ['Seats offered', report.seatsOffered],
      ['Seats sold', report.seatsSold],
      ['Seat-legs offered', report.seatLegsOffered],
      ['Seat-legs sold', report.seatLegsSold],
      ['Load factor %', report.loadFactor],
      ['Passengers', report.passengers],
      ['Infants', report.infants],
      ['Allotted, unsold', report.allottedUnsold],
      ...perCurrency('Sales', report.sales),
      ...perCurrency('Refunds', report.refunds),
      ...perCurrency('Voids', report.voids),
      ...perCurrency('Revenue', report.revenue),
    ],
  };
}
