import ExcelJS from 'exceljs';
import type { DbOrTx } from '#server/db/client.ts';
import { type ReportTable, reportTables, summaryTable } from '#shared/report-tables.ts';
import { readReportSummary } from './read-report-summary.ts';

export type ExportReportWorkbookOptions = {
  db: DbOrTx;
  from: string;
  to: string;
  now: Date;
  tzOperator: string;
};

const NUMBER_FORMATS = { money: '#,##0.00', percent: '0.0', int: '0' } as const;

/** A table's cell as the sheet keeps it: money a number with two decimals shown, the rest as it is. */
function cellValue(value: string | number, kind: ReportTable['columns'][number]['kind']): string | number {
  if (kind === 'money' && typeof value === 'string') return Number(value);
  return value;
}

function addSheet(workbook: ExcelJS.Workbook, table: ReportTable) {
  const sheet = workbook.addWorksheet(table.title, { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = table.columns.map((c) => ({
    header: c.label,
    width: Math.max(c.label.length + 2, c.kind === 'text' ? 24 : 12),
    ...(c.kind in NUMBER_FORMATS
      ? { style: { numFmt: NUMBER_FORMATS[c.kind as keyof typeof NUMBER_FORMATS] } }
      : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  for (const row of table.rows) {
    // A cell that a spreadsheet would read as a formula stays text: exceljs writes strings as
    // strings, never formulas, so a location's name cannot run in the operator's spreadsheet.
    sheet.addRow(row.map((value, i) => cellValue(value, table.columns[i]?.kind ?? 'text')));
  }
}

/**
 * The whole report as an Excel workbook (`GET /api/admin/reports/export.xlsx`): the summary, then
 * a sheet per table of the screen, with the same columns and figures (src/shared/report-tables.ts).
 */
export async function exportReportWorkbook(
  opts: ExportReportWorkbookOptions,
): Promise<{ filename: string; body: Buffer }> {
  const report = await readReportSummary(opts);
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Island Ferry reports';
  workbook.created = opts.now;
  for (const table of [summaryTable(report), ...reportTables(report)]) addSheet(workbook, table);
  const body = Buffer.from(await workbook.xlsx.writeBuffer());
  return { filename: `report-${opts.from}-to-${opts.to}.xlsx`, body };
}
