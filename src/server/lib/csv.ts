import type { FastifyReply } from 'fastify';

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

/** Sends a CSV file as a download that no shared cache keeps. */
export function sendCsv(reply: FastifyReply, file: { filename: string; csv: string }) {
  return reply
    .header('Content-Type', 'text/csv; charset=utf-8')
    .header('Content-Disposition', `attachment; filename="${file.filename}"`)
    .header('Cache-Control', 'private, no-store')
    .send(file.csv);
}
