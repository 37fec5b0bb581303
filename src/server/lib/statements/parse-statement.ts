import type { CsvMapping } from '#shared/statements.ts';
import { parseCamt053 } from './camt053.ts';
import { guessMapping, parseCsv, sniffCsv } from './csv.ts';
import { MappingRequiredError, type ParsedLine, StatementInvalidError } from './types.ts';

export const MAX_STATEMENT_LINES = 50_000;
const PREVIEW_ROWS = 5;

export type ParseStatementOptions = {
  account: 'MVR' | 'USD';
  /** The mapping saved for this account and CSV layout, if any. */
  mappingFor: (layoutKey: string) => Promise<CsvMapping | null>;
  /** A mapping sent with the file: it wins over a saved one. */
  mapping?: CsvMapping;
};

export type ParsedStatement = { format: 'camt053' | 'csv'; layoutKey: string | null; lines: ParsedLine[] };

function tooMany(count: number): void {
  if (count > MAX_STATEMENT_LINES) throw new StatementInvalidError(0, 'file', 'More than 50,000 lines');
}

function decode(file: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(file);
  } catch {
    throw new StatementInvalidError(0, 'file', 'Not UTF-8 text');
  }
  // A NUL is no text a bank writes: a spreadsheet, a PDF or UTF-16 sent by mistake.
  if (text.includes('\u0000')) throw new StatementInvalidError(0, 'file', 'Not UTF-8 text');
  if (text.trim() === '') throw new StatementInvalidError(0, 'file', 'The file is empty');
  return text;
}

/**
 * A statement file as lines: camt.053 by its XML, anything else as CSV. A CSV layout with no
 * mapping given or saved throws MappingRequiredError with what the office needs to map it.
 * Lines in another currency than the account's are returned as they are: the import sets
 * them aside.
 */
export async function parseStatement(file: Buffer, opts: ParseStatementOptions): Promise<ParsedStatement> {
  const text = decode(file);
  // Anything that opens with markup is read as XML, so non-camt XML is refused by name, not as a bad CSV.
  if (text.trimStart().startsWith('<')) {
    const { lines } = parseCamt053(text);
    tooMany(lines.length);
    return { format: 'camt053', layoutKey: null, lines };
  }
  const sniffed = sniffCsv(text);
  tooMany(sniffed.rows.length);
  const mapping = opts.mapping ?? (await opts.mappingFor(sniffed.layoutKey));
  if (!mapping) {
    throw new MappingRequiredError(
      {
        headerRow: sniffed.headerRow,
        headers: sniffed.headers,
        preview: sniffed.rows.slice(0, PREVIEW_ROWS),
        guess: guessMapping(sniffed.headers, sniffed.rows),
      },
      sniffed.layoutKey,
    );
  }
  return { format: 'csv', layoutKey: sniffed.layoutKey, lines: parseCsv(text, mapping, opts.account) };
}
