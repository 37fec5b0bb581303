import { useEffect, useId, useRef } from 'react';
import type uPlot from 'uplot';

/*
 * The reports' charts, drawn by uPlot. Its code and styles load with the first chart, so no other
 * screen (and no public page) ever fetches them. A chart is a picture for those who would rather
 * look than read: hidden from screen readers, its figures are in the table beside it.
 */

type UPlot = typeof uPlot;
let loading: Promise<UPlot> | undefined;

function loadUplot(): Promise<UPlot> {
  loading ??= Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(([m]) => m.default);
  return loading;
}

export type ChartSpec = {
  kind: 'line' | 'bars';
  /** Days (YYYY-MM-DD) along a time axis, or labels of categories (weekdays, hours). */
  x: { days: string[] } | { labels: string[] };
  /** One value per x; null where there is none (a day without departures). */
  values: (number | null)[];
  color: string;
  /** The y axis's fixed range (a percentage's 0 to 100); otherwise from 0 to the highest value. */
  yMax?: number;
  /** How a y axis tick reads ('40 %', '1,200'). */
  yTick: (value: number) => string;
  /** The series' name, for the cursor's readout. */
  label: string;
};

const AXIS = {
  stroke: '#334155',
  grid: { stroke: '#e2e8f0', width: 1 },
  ticks: { stroke: '#cbd5e1', width: 1 },
};
const FONT = '12px system-ui, sans-serif';
const HEIGHT = 220;

const epochOf = (day: string) => Date.parse(`${day}T00:00:00Z`) / 1000;

const DAY = 86_400;
/** Ticks a day apart at the least, then a week, a fortnight, a month...: never hours. */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364].map((days) => days * DAY);
const dayLabel = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' });
const monthLabel = new Intl.DateTimeFormat('en-GB', { month: 'short', year: 'numeric', timeZone: 'UTC' });

function optionsOf(U: UPlot, spec: ChartSpec, width: number): uPlot.Options {
  const categories = 'labels' in spec.x ? spec.x.labels : null;
  const count = categories?.length ?? 0;
  const days = 'days' in spec.x ? spec.x.days : [];
  const bars = U.paths.bars?.({ size: [0.7, 48], align: 0 });
  const line = U.paths.linear?.();
  const first = days[0] ? epochOf(days[0]) : 0;
  const last = days.at(-1) ? epochOf(days.at(-1) as string) : 0;
  // Long ranges read by month, short ones by day.
  const byMonth = days.length > 120;
  const xAxis: uPlot.Axis = categories
    ? {
        splits: () => categories.map((_, i) => i),
        values: (_u, splits) => splits.map((i) => categories[i] ?? ''),
      }
    : {
        incrs: DAY_STEPS,
        space: byMonth ? 70 : 56,
        values: (_u, splits) =>
          splits.map((ts) => (byMonth ? monthLabel : dayLabel).format(new Date(ts * 1000))),
      };
  return {
    width,
    height: HEIGHT,
    legend: { show: false },
    cursor: { y: false, points: { size: 6 } },
    // Days are the operator's calendar days, drawn as they are (UTC midnight), whatever the
    // browser's own zone.
    tzDate: (ts) => U.tzDate(new Date(ts * 1000), 'Etc/UTC'),
    scales: {
      // The whole range, half a day beyond each end so the first and last bars show whole.
      x: categories
        ? { time: false, range: () => [-0.5, count - 0.5] }
        : { time: true, range: () => [first - DAY / 2, last + DAY / 2] },
      y: { range: (_u, min, max) => [Math.min(0, min), spec.yMax ?? (max > 0 ? max * 1.1 : 1)] },
    },
    axes: [
      // One line of labels under the plot: no room kept for a second.
      { ...AXIS, font: FONT, size: 32, ...xAxis },
      {
        ...AXIS,
        font: FONT,
        size: 56,
        values: (_u: uPlot, splits: number[]) => splits.map((v) => spec.yTick(v)),
      },
    ],
    series: [
      {},
      {
        label: spec.label,
        stroke: spec.color,
        width: spec.kind === 'line' ? 2 : 0,
        fill: spec.kind === 'bars' ? spec.color : `${spec.color}22`,
        points: { show: spec.kind === 'line' && days.length <= 45 },
        ...(spec.kind === 'bars' ? (bars ? { paths: bars } : {}) : line ? { paths: line } : {}),
      },
    ],
  };
}

function dataOf(spec: ChartSpec): uPlot.AlignedData {
  const xs = 'days' in spec.x ? spec.x.days.map(epochOf) : spec.x.labels.map((_, i) => i);
  return [xs, spec.values];
}

/** A chart of one series with its caption, which says where its figures are for anyone who cannot see it. */
export function ReportChart({ title, spec }: { title: string; spec: ChartSpec }) {
  const box = useRef<HTMLDivElement>(null);
  const id = useId();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    void loadUplot().then((U) => {
      if (gone) return;
      const width = () => Math.max(element.clientWidth, 240);
      plot = new U(optionsOf(U, spec, width()), dataOf(spec), element);
      element.dataset.drawn = 'true';
      observer = new ResizeObserver(() => plot?.setSize({ width: width(), height: HEIGHT }));
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
      delete element.dataset.drawn;
    };
  }, [spec]);
  return (
    <figure
      aria-labelledby={`${id}-title`}
      className="min-w-0 rounded-xl border border-slate-200 bg-white p-3"
    >
      <figcaption id={`${id}-title`} className="mb-2 text-sm font-semibold text-slate-900">
        {title}
        <span className="sr-only">. The figures are in the table that follows.</span>
      </figcaption>
      <div
        ref={box}
        aria-hidden="true"
        data-report-chart={title}
        className="w-full"
        style={{ minHeight: HEIGHT }}
      />
    </figure>
  );
}
