import type { ReactNode } from 'react';
import type { CurrencyAmount, ReportSummary } from '#shared/reports.ts';
import { cn } from '#web/lib/utils.ts';
import { formatCount, formatMoney, formatPercent } from './format.ts';

function Figure({
  term,
  children,
  note,
  wide = false,
}: {
  term: string;
  children: ReactNode;
  note: ReactNode;
  /** Money: the whole width of a phone, where two columns would break the amount. */
  wide?: boolean;
}) {
  return (
    <div
      className={cn(
        'rounded-2xl border border-slate-200 bg-white p-4 shadow-sm',
        wide && 'col-span-2 lg:col-span-1',
      )}
    >
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
        <span key={a.currency} className="text-xl whitespace-nowrap">
          {a.currency} {formatMoney(a.amount)}
        </span>
      ))}
    </span>
  );
}

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

/** The range's headline figures. */
export function Headline({ report }: { report: ReportSummary }) {
  const pending = report.owed.pending;
  return (
    <dl className="grid grid-cols-2 gap-3 lg:grid-cols-3" aria-label="The range in figures">
      <Figure
        term="Load factor"
        note={`${formatCount(report.seatLegsSold)} of ${formatCount(report.seatLegsOffered)} seat-legs sold`}
      >
        {formatPercent(report.loadFactor)}
      </Figure>
      <Figure
        term="Seats sold"
        note={`of ${formatCount(report.seatsOffered)} offered on ${plural(report.departureCount, 'departure', 'departures')}`}
      >
        {formatCount(report.seatsSold)}
      </Figure>
      <Figure term="Passengers" note="of the bookings sold, infants apart">
        {formatCount(report.passengers)}
      </Figure>
      <Figure term="Infants" note="on a lap, without a seat">
        {formatCount(report.infants)}
      </Figure>
      <Figure term="Revenue" note="sales less refunds and voids" wide>
        <Amounts list={report.revenue} />
      </Figure>
      <Figure
        term="Waiting for payment"
        note={`${plural(
          pending.reduce((n, p) => n + p.bookings, 0),
          'booking',
          'bookings',
        )} of the range`}
        wide
      >
        <Amounts list={pending} />
      </Figure>
    </dl>
  );
}
