/*
 * CSV as the operator's spreadsheet reads it: the server's exports (src/server/lib/csv.ts) and
 * the tables a staff screen downloads in the browser (the reports) write it the same way.
 */

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would read as a formula (= + - @, or a leading tab or CR) gets a leading
 * apostrophe, so a passenger name cannot run code in the operator's spreadsheet.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** Rows as a CSV file: CRLF line ends, with a BOM so spreadsheets read UTF-8. */
export function csvText(header: readonly string[], rows: (string | number | null)[][]): string {
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) lines.push(row.map(csvCell).join(','));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
