import { Download } from 'lucide-react';
import { useId, useState } from 'react';
import type { ReportTable } from '#shared/report-tables.ts';
import type { ReportRange } from '#shared/reports.ts';
import { Button } from '#web/components/ui/button.tsx';
import { cn } from '#web/lib/utils.ts';
import { downloadText, tableCsv } from './csv.ts';
import { formatCell, isFigure } from './format.ts';

/** Rows shown before "Show all": a long range has hundreds of departures. */
const FIRST_ROWS = 20;

/**
 * One of the report's tables, for reading and for a screen reader: a caption, column headers and
 * each row's first cell as its header. The CSV button downloads every row, shown or not.
 */
export function ReportTableView({
  table,
  range,
  note,
  empty = 'Nothing in this range.',
}: {
  table: ReportTable;
  range: ReportRange;
  /** What the table counts, under it. */
  note?: string;
  /** What an empty table says. */
  empty?: string;
}) {
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const total = table.rows.length;
  const rows = showAll ? table.rows : table.rows.slice(0, FIRST_ROWS);
  const cut = total > rows.length;
  const described = Boolean(note) || cut;
  const download = () => downloadText(`${table.id}-${range.from}-to-${range.to}.csv`, tableCsv(table));
  return (
    <div className="min-w-0 space-y-2" data-report-table={table.id}>
      {/* Scrolls sideways on a phone; focusable, so a keyboard can scroll it too. */}
      <section
        aria-labelledby={`${id}-caption`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard.
        tabIndex={0}
        className="overflow-x-auto rounded-xl border border-slate-200 bg-white focus-visible:outline-2 focus-visible:outline-sky-600"
      >
        <table className="w-full text-left text-sm" aria-describedby={described ? `${id}-note` : undefined}>
          <caption id={`${id}-caption`} className="px-4 pt-3 pb-2 text-left font-semibold text-slate-900">
            {table.title}
          </caption>
          <thead className="border-y border-slate-200 bg-slate-50 text-xs text-slate-700">
            <tr>
              {table.columns.map((column) => (
                <th
                  key={column.label}
                  scope="col"
                  className={cn('px-3 py-2 font-semibold', isFigure(column.kind) && 'text-right')}
                >
                  {column.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.length === 0 ? (
              <tr>
                <td colSpan={table.columns.length} className="px-3 py-4 text-left text-slate-600">
                  {/* At the left of what shows, however wide the empty table is on a phone. */}
                  <span className="sticky left-3">{empty}</span>
                </td>
              </tr>
            ) : (
              rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place.
                <tr key={r}>
                  {row.map((cell, c) => {
                    const kind = table.columns[c]?.kind ?? 'text';
                    // Names (a route, a partner) wrap on a phone rather than widen the table.
                    const className = cn(
                      'px-3 py-2 text-slate-900',
                      isFigure(kind)
                        ? 'text-right tabular-nums whitespace-nowrap'
                        : kind === 'text'
                          ? 'min-w-32'
                          : 'whitespace-nowrap',
                    );
                    const text = formatCell(cell, kind);
                    return c === 0 ? (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column.
                      <th key={c} scope="row" className={cn(className, 'font-medium')}>
                        {text}
                      </th>
                    ) : (
                      // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column.
                      <td key={c} className={className}>
                        {text}
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </section>
      {/* Under the scrolling table, so a phone shows it whole; the table names it as its description. */}
      {described ? (
        <p id={`${id}-note`} className="text-xs text-slate-600">
          {note}
          {note && cut ? ' ' : ''}
          {cut ? `The first ${rows.length} of ${total} rows are shown.` : ''}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={download} disabled={total === 0}>
          <Download aria-hidden="true" />
          Download CSV<span className="sr-only"> of {table.title.toLowerCase()}</span>
        </Button>
        {cut ? (
          <Button variant="ghost" size="sm" onClick={() => setShowAll(true)}>
            Show all {total} rows<span className="sr-only"> of {table.title.toLowerCase()}</span>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
