import type { ReactNode } from 'react';
import type { CurrencyAmount, ReportSummary } from '#shared/reports.ts';
import { formatCount, formatMoney, formatPercent } from './format.ts';

function Figure({ term, children, note }: { term: string; children: ReactNode; note: ReactNode }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{term}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900 tabular-nums">{children}</dd>
      <dd className="mt-1 text-xs text-slate-600">{note}</dd>
    </div>
  );
}

function Amounts({ list }: { list: readonly CurrencyAmount[] }) {
  if (list.length === 0) return <>None</>;
  return (
    <span className="flex flex-col">
      {list.map((a) => (
        <span key={a.currency} className="text-xl">
          {a.currency} {formatMoney(a.amount)}
        </span>
      ))}
    </span>
  );
}

/** The range's headline figures. */
export function Headline({ report }: { report: ReportSummary }) {
  const pending = report.owed.pending;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5" aria-label="The range in figures">
      <Figure
        term="Load factor"
        note={`${formatCount(report.seatLegsSold)} of ${formatCount(report.seatLegsOffered)} seat-legs sold`}
      >
        {formatPercent(report.loadFactor)}
      </Figure>
      <Figure
        term="Seats sold"
        note={`of ${formatCount(report.seatsOffered)} offered on ${formatCount(report.departureCount)} departures`}
      >
        {formatCount(report.seatsSold)}
      </Figure>
      <Figure
        term="Passengers"
        note={
          report.infants > 0
            ? `and ${formatCount(report.infants)} ${report.infants === 1 ? 'infant' : 'infants'} without a seat`
            : 'no infants'
        }
      >
        {formatCount(report.passengers)}
      </Figure>
      <Figure term="Revenue" note="sales less refunds and voids">
        <Amounts list={report.revenue} />
      </Figure>
      <Figure
        term="Waiting for payment"
        note={`${formatCount(pending.reduce((n, p) => n + p.bookings, 0))} bookings of the range`}
      >
        <Amounts list={pending} />
      </Figure>
    </dl>
  );
}
