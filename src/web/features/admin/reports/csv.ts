import { csvText } from '#shared/csv.ts';
import type { ReportTable } from '#shared/report-tables.ts';

/** A table as a CSV file, its cells as the API gives them (money '1234.50', dates YYYY-MM-DD). */
export const tableCsv = (table: ReportTable): string =>
  csvText(
    table.columns.map((c) => c.label),
    table.rows,
  );

/** Has the browser save `text` as `filename`, made here rather than asked of the server again. */
export function downloadText(filename: string, text: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // Once the download has started with it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
