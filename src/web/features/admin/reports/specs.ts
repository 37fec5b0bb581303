import type { ReportSummary } from '#shared/reports.ts';
import type { ChartSpec } from './chart.tsx';
import { formatCount, formatPercent } from './format.ts';

/** One colour per figure, dark enough on white; a chart never tells two series apart by colour. */
const LOAD = '#0369a1';
const MONEY: Record<string, string> = { MVR: '#0f766e', USD: '#7c3aed' };

const percentTick = (v: number) => formatPercent(v).replace('.0 %', ' %');

/** Every day of the range, first to last. */
function daysOf(from: string, to: string): string[] {
  const days: string[] = [];
  for (
    let d = new Date(`${from}T00:00:00Z`);
    d.toISOString().slice(0, 10) <= to;
    d.setUTCDate(d.getUTCDate() + 1)
  ) {
    days.push(d.toISOString().slice(0, 10));
  }
  return days;
}

/** The charts of a report, each beside the table with its figures; a day with nothing is a gap. */
export function chartSpecs(report: ReportSummary) {
  const { load } = report;
  const days = daysOf(report.from, report.to);
  const loadOn = new Map(load.byDay.map((d) => [d.key, d.loadFactor]));
  const loadByDay: ChartSpec = {
    kind: 'line',
    x: { days },
    values: days.map((day) => loadOn.get(day) ?? null),
    color: LOAD,
    yMax: 100,
    yTick: percentTick,
    label: 'Load factor',
  };
  const loadBy = (
    groups: ReportSummary['load']['byWeekday'],
    short: (label: string) => string,
  ): ChartSpec => ({
    kind: 'bars',
    x: { labels: groups.map((g) => short(g.label)) },
    values: groups.map((g) => g.loadFactor),
    color: LOAD,
    yMax: 100,
    yTick: percentTick,
    label: 'Load factor',
  });
  const currencies = [...new Set(report.revenueBy.day.map((r) => r.currency))].sort();
  const revenueByDay = currencies.map((currency) => {
    const netOn = new Map(
      report.revenueBy.day.filter((r) => r.currency === currency).map((r) => [r.key, Number(r.net)]),
    );
    const spec: ChartSpec = {
      kind: 'bars',
      x: { days },
      values: days.map((day) => netOn.get(day) ?? null),
      color: MONEY[currency] ?? '#334155',
      yTick: (v) => formatCount(Math.round(v)),
      label: `Net revenue, ${currency}`,
    };
    return { currency, spec };
  });
  return {
    loadByDay,
    loadByWeekday: loadBy(load.byWeekday, (label) => label.slice(0, 3)),
    loadByHour: loadBy(load.byHour, (label) => label),
    revenueByDay,
  };
}
