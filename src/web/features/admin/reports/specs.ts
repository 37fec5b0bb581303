import type { ReportSummary } from '#shared/reports.ts';
import type { ChartSpec } from './chart.tsx';
import { formatCount, formatPercent } from './format.ts';

/** One colour per figure, dark enough on white; a chart never tells two series apart by colour. */
const LOAD = '#0369a1';
const MONEY: Record<string, string> = { MVR: '#0f766e', USD: '#7c3aed' };

const percentTick = (v: number) => formatPercent(v).replace('.0 %', ' %');

/** The charts of a report, each beside the table with its figures. */
export function chartSpecs(report: ReportSummary) {
  const { load } = report;
  const loadByDay: ChartSpec = {
    kind: 'line',
    x: { days: load.byDay.map((d) => d.key) },
    values: load.byDay.map((d) => d.loadFactor),
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
    const rows = report.revenueBy.day.filter((r) => r.currency === currency);
    const spec: ChartSpec = {
      kind: 'bars',
      x: { days: rows.map((r) => r.key) },
      values: rows.map((r) => Number(r.net)),
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
