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
}: {
  table: ReportTable;
  range: ReportRange;
  /** What the table counts, under its caption. */
  note?: string;
}) {
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const total = table.rows.length;
  const rows = showAll ? table.rows : table.rows.slice(0, FIRST_ROWS);
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
        <table className="w-full text-left text-sm">
          <caption id={`${id}-caption`} className="px-4 pt-3 pb-2 text-left">
            <span className="block font-semibold text-slate-900">{table.title}</span>
            {note || total > rows.length ? (
              <span className="block text-xs font-normal text-slate-600">
                {note}
                {note && total > rows.length ? ' ' : ''}
                {total > rows.length ? `The first ${rows.length} of ${total} rows are shown.` : ''}
              </span>
            ) : null}
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
                <td colSpan={table.columns.length} className="px-3 py-4 text-center text-slate-600">
                  Nothing in this range.
                </td>
              </tr>
            ) : (
              rows.map((row, r) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place.
                <tr key={r}>
                  {row.map((cell, c) => {
                    const kind = table.columns[c]?.kind ?? 'text';
                    const className = cn(
                      'px-3 py-2 whitespace-nowrap',
                      isFigure(kind) ? 'text-right tabular-nums text-slate-900' : 'text-slate-900',
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
      <div className="flex flex-wrap gap-2">
        <Button variant="outline" size="sm" onClick={download} disabled={total === 0}>
          <Download aria-hidden="true" />
          Download CSV<span className="sr-only"> of {table.title.toLowerCase()}</span>
        </Button>
        {total > rows.length ? (
          <Button variant="ghost" size="sm" onClick={() => setShowAll(true)}>
            Show all {total} rows<span className="sr-only"> of {table.title.toLowerCase()}</span>
          </Button>
        ) : null}
      </div>
    </div>
  );
}
