import { useQuery } from '@tanstack/react-query';
import { FileSpreadsheet } from 'lucide-react';
import { type ReactNode, useEffect, useId, useMemo } from 'react';
import { type ReportTable, type ReportTableId, reportTables } from '#shared/report-tables.ts';
import type { ReportRange, ReportSummary } from '#shared/reports.ts';
import { ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { reportQuery, workbookUrl } from './api.ts';
import { ReportChart } from './chart.tsx';
import { DailySummaryToggle } from './daily-summary.tsx';
import { Headline } from './headline.tsx';
import { last30Days, lastMonth, rangeFrom, rangeProblem, shortDay, thisMonth } from './range.ts';
import { ReportTableView } from './report-table.tsx';
import { chartSpecs } from './specs.ts';

function RangeForm({
  range,
  today,
  onChange,
}: {
  range: ReportRange;
  today: string;
  onChange: (range: Partial<ReportRange>) => void;
}) {
  const id = useId();
  const presets = [
    { label: 'This month', range: thisMonth(today) },
    { label: 'Last month', range: lastMonth(today) },
    { label: 'Last 30 days', range: last30Days(today) },
  ];
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
    >
      <h2 id={`${id}-title`} className="sr-only">
        Range of travel dates
      </h2>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-from`}>From</Label>
        <Input
          id={`${id}-from`}
          type="date"
          className="w-44"
          value={range.from}
          max={range.to}
          onChange={(e) => e.target.value && onChange({ from: e.target.value })}
        />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${id}-to`}>To</Label>
        <Input
          id={`${id}-to`}
          type="date"
          className="w-44"
          value={range.to}
          min={range.from}
          onChange={(e) => e.target.value && onChange({ to: e.target.value })}
        />
      </div>
      <fieldset className="flex flex-wrap gap-2">
        <legend className="sr-only">Quick ranges</legend>
        {presets.map((preset) => {
          const current = preset.range.from === range.from && preset.range.to === range.to;
          return (
            <Button
              key={preset.label}
              variant={current ? 'secondary' : 'outline'}
              aria-pressed={current}
              onClick={() => onChange(preset.range)}
            >
              {preset.label}
            </Button>
          );
        })}
      </fieldset>
    </section>
  );
}

function Section({ title, intro, children }: { title: string; intro: string; children: ReactNode }) {
  const id = useId();
  return (
    <section aria-labelledby={id} className="space-y-4">
      <div>
        <h2 id={id} className="text-xl font-semibold text-slate-900">
          {title}
        </h2>
        <p className="mt-1 max-w-3xl text-sm text-slate-600">{intro}</p>
      </div>
      {children}
    </section>
  );
}

function Report({ report, range }: { report: ReportSummary; range: ReportRange }) {
  const tables = useMemo(() => new Map(reportTables(report).map((t) => [t.id, t])), [report]);
  const charts = useMemo(() => chartSpecs(report), [report]);
  const table = (id: ReportTableId, note?: string, empty?: string) => {
    const found = tables.get(id) as ReportTable;
    return (
      <ReportTableView
        table={found}
        range={range}
        {...(note ? { note } : {})}
        {...(empty ? { empty } : {})}
      />
    );
  };
  return (
    <div className="flex flex-col gap-10">
      <Headline report={report} />

      <Section
        title="Load factor"
        intro="Seats offered against seats sold. A seat is sold per leg, so the load factor is of seat-legs: a seat sold from the first stop to the last of a three-stop route counts twice. Infants on a lap take no seat and are counted apart."
      >
        <ReportChart title="Load factor by day" spec={charts.loadByDay} />
        {table('load-day')}
        <div className="grid gap-4 lg:grid-cols-2">
          <ReportChart title="Load factor by weekday" spec={charts.loadByWeekday} />
          <ReportChart title="Load factor by departure hour" spec={charts.loadByHour} />
        </div>
        {table('load-weekday')}
        {table('load-hour')}
        {table('load-route')}
        {table('departures', 'Allotted, unsold: seats a partner’s allotment still holds.')}
        {table('legs', 'Departures calling at more than two stops, one row per leg.')}
      </Section>

      <Section
        title="Revenue"
        intro="What the range’s bookings earned, by travel date, in each currency: their sales less the refunds paid back and the counter sales voided. A refund still waiting is not taken off until it is paid; a cheaper rebooking’s refund is already out of its booking’s total."
      >
        {charts.revenueByDay.length === 0 ? null : (
          <div className={charts.revenueByDay.length > 1 ? 'grid gap-4 lg:grid-cols-2' : 'grid gap-4'}>
            {charts.revenueByDay.map(({ currency, spec }) => (
              <ReportChart key={currency} title={`Net revenue by day, ${currency}`} spec={spec} />
            ))}
          </div>
        )}
        {table('revenue-day')}
        {table('revenue-currency')}
        {table('revenue-channel')}
        {table('revenue-method')}
        {table('revenue-route')}
      </Section>

      <Section
        title="Owed"
        intro="Bookings of the range still waiting for their payment, and each partner’s account as it stands today: its bookings charged, less the payments recorded."
      >
        {table('owed-pending')}
        {table('owed-partners', undefined, 'No partner has booked or paid on account.')}
      </Section>

      <Section
        title="No-shows and cancellations"
        intro="A no-show is a sold booking whose departure has left with nobody of its party boarded. Cancellations by the operator are those of a cancelled or moved departure; by the passenger, those made on the manage page. Rejected or unpaid bookings were never sold."
      >
        {table('cancellations')}
      </Section>
    </div>
  );
}

/** The Reports screen: a range of travel dates kept in the URL, its figures, charts and tables. */
export function ReportsView() {
  const [params, update] = useUrlParams();
  const today = useOperatorToday();
  const range = rangeFrom(params, today);
  const mayMail = useAdminMe().data?.user?.permissions.includes('reports.mail') ?? false;

  // The range is always written in the URL, so a reload or a shared link shows the same one.
  useEffect(() => {
    if (range && (params.get('from') !== range.from || params.get('to') !== range.to)) update(range);
  });

  const problem = range ? rangeProblem(range) : null;
  const report = useQuery({ ...reportQuery(range ?? { from: '', to: '' }), enabled: !!range && !problem });

  if (!range || !today) return <LoadingNote>Loading the report…</LoadingNote>;
  return (
    <div className="mt-6 space-y-6">
      <RangeForm range={range} today={today} onChange={(changes) => update(changes)} />
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="flex items-center gap-2 text-sm text-slate-700" aria-live="polite">
          {report.isFetching && report.data ? <Spinner className="size-4" /> : null}
          Departures from {shortDay(range.from)} to {shortDay(range.to)}, both included.
        </p>
        {problem ? null : (
          <Button asChild variant="outline">
            <a href={workbookUrl(range)} download>
              <FileSpreadsheet aria-hidden="true" />
              Download the report (Excel)
            </a>
          </Button>
        )}
      </div>
      {problem ? (
        <p
          role="alert"
          className="rounded-2xl border border-amber-200 bg-amber-50 p-6 text-sm text-amber-900"
        >
          {problem}
        </p>
      ) : report.isPending ? (
        <LoadingNote>Loading the report…</LoadingNote>
      ) : report.isError ? (
        <ErrorNote error={report.error} />
      ) : (
        <Report report={report.data} range={range} />
      )}
      {mayMail ? <DailySummaryToggle /> : null}
    </div>
  );
}
