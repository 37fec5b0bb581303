import { createHash } from 'node:crypto';
import Papa from 'papaparse';
import { centsToMoney, toCents } from '#shared/money.ts';
import { type CsvMapping, STATEMENT_DATE_FORMATS } from '#shared/statements.ts';
import { isoDay } from './dates.ts';
import { type ParsedLine, StatementInvalidError } from './types.ts';

type DateFormat = (typeof STATEMENT_DATE_FORMATS)[number];
type DecimalMark = CsvMapping['decimalMark'];

export type SniffedCsv = {
  /** The header's 1-based line in the file. */
  headerRow: number;
  headers: string[];
  /** The rows under the header, as the file has them, without empty rows at the end. */
  rows: string[][];
  /** sha256 of the header's cells (trimmed, lower case): a layout's name for its saved mapping. */
  layoutKey: string;
};

type Table = { cells: string[][]; lines: number[] };

/** Every row of the file with the 1-based line it starts on (a quoted cell may span lines). */
function readTable(text: string): Table {
  const body = text.replace(/^\uFEFF/, '');
  const cells: string[][] = [];
  const lines: number[] = [];
  let line = 1;
  let offset = 0;
  Papa.parse<string[]>(body, {
    header: false,
    delimitersToGuess: [',', ';', '\t'],
    skipEmptyLines: false,
    step: (result) => {
      cells.push(result.data);
      lines.push(line);
      const end = result.meta.cursor;
      line += countBreaks(body.slice(offset, end));
      offset = end;
    },
  });
  return { cells, lines };
}

function countBreaks(text: string): number {
  return text.match(/\r\n|\r|\n/g)?.length ?? 0;
}

const isBlank = (row: readonly string[]) => row.every((cell) => cell.trim() === '');

export function layoutKeyOf(headers: readonly string[]): string {
  return createHash('sha256')
    .update(headers.map((h) => h.trim().toLowerCase()).join('\u001f'))
    .digest('hex');
}

/** Where the table starts: the first row of 3 cells or more followed by a row as wide (a title or account line is not). */
function headerIndex(table: Table): number {
  for (let i = 0; i + 1 < table.cells.length; i += 1) {
    const row = table.cells[i] ?? [];
    const filled = row.filter((cell) => cell.trim() !== '').length;
    if (filled >= 3 && table.cells[i + 1]?.length === row.length) return i;
  }
  throw new StatementInvalidError(
    0,
    'file',
    'No table found: no row of 3 columns or more with rows under it',
  );
}

function rowsUnder(table: Table, index: number): { rows: string[][]; lines: number[] } {
  let end = table.cells.length;
  while (end > index + 1 && isBlank(table.cells[end - 1] ?? [])) end -= 1;
  return { rows: table.cells.slice(index + 1, end), lines: table.lines.slice(index + 1, end) };
}

export function sniffCsv(text: string): SniffedCsv {
  const table = readTable(text);
  const index = headerIndex(table);
  const headers = table.cells[index] ?? [];
  return {
    headerRow: table.lines[index] ?? index + 1,
    headers,
    rows: rowsUnder(table, index).rows,
    layoutKey: layoutKeyOf(headers),
  };
}

// ---------------------------------------------------------------- dates

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
// Many banks write the time after the day in the same cell; it is not the booking day's business.
const TIME = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:\s?[AaPp][Mm])?)?`;

const DATE_PATTERNS: Record<
  DateFormat,
  { re: RegExp; order: ['y' | 'm' | 'd', 'y' | 'm' | 'd', 'y' | 'm' | 'd'] }
> = {
  'YYYY-MM-DD': { re: new RegExp(`^(\\d{4})-(\\d{1,2})-(\\d{1,2})${TIME}$`), order: ['y', 'm', 'd'] },
  'DD/MM/YYYY': { re: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${TIME}$`), order: ['d', 'm', 'y'] },
  'MM/DD/YYYY': { re: new RegExp(`^(\\d{1,2})/(\\d{1,2})/(\\d{4})${TIME}$`), order: ['m', 'd', 'y'] },
  'DD-MM-YYYY': { re: new RegExp(`^(\\d{1,2})-(\\d{1,2})-(\\d{4})${TIME}$`), order: ['d', 'm', 'y'] },
  'DD.MM.YYYY': { re: new RegExp(`^(\\d{1,2})\\.(\\d{1,2})\\.(\\d{4})${TIME}$`), order: ['d', 'm', 'y'] },
  'DD-MMM-YYYY': { re: new RegExp(`^(\\d{1,2})-([A-Za-z]{3})-(\\d{4})${TIME}$`), order: ['d', 'm', 'y'] },
  'DD MMM YYYY': { re: new RegExp(`^(\\d{1,2}) ([A-Za-z]{3}) (\\d{4})${TIME}$`), order: ['d', 'm', 'y'] },
};

/** A cell as a day in the given format, or null when it does not fit or names no real day. */
export function readDate(value: string, format: DateFormat): string | null {
  const { re, order } = DATE_PATTERNS[format];
  const m = re.exec(value.trim());
  if (!m) return null;
  const parts: Record<'y' | 'm' | 'd', number> = { y: 0, m: 0, d: 0 };
  for (const [i, part] of order.entries()) {
    const raw = m[i + 1] ?? '';
    parts[part] = part === 'm' && /[A-Za-z]/.test(raw) ? MONTHS.indexOf(raw.toLowerCase()) + 1 : Number(raw);
  }
  return isoDay(parts.y, parts.m, parts.d);
}

// ---------------------------------------------------------------- amounts

// Thousands separators a bank may write for each decimal mark (spaces include the no-break ones).
const GROUPING: Record<DecimalMark, string> = { '.': ",' \u00a0\u202f", ',': ".' \u00a0\u202f" };

/**
 * A signed amount cell as cents: "1,250.00" ('.' mark), "1.250,00" or "1 250,00" (',' mark),
 * negative as "-12.50", "(12.50)" or "12.50-". Null when it is no amount; empty is 0n only where
 * the caller allows it.
 */
export function readAmount(value: string, mark: DecimalMark): bigint | null {
  let text = value.trim();
  let negative = false;
  if (/^\(.*\)$/.test(text)) {
    negative = true;
    text = text.slice(1, -1).trim();
  }
  if (text.endsWith('-')) {
    negative = !negative;
    text = text.slice(0, -1).trim();
  } else if (text.startsWith('-')) {
    negative = !negative;
    text = text.slice(1).trim();
  } else if (text.startsWith('+')) {
    text = text.slice(1).trim();
  }
  const group = `[${GROUPING[mark].replace(/[\\\]^-]/g, '\\$&')}]`;
  const decimal = mark === '.' ? '\\.' : ',';
  const grouped = new RegExp(`^\\d{1,3}(?:${group}\\d{3})+(?:${decimal}\\d+)?$`);
  const plain = new RegExp(`^\\d+(?:${decimal}\\d+)?$`);
  if (!grouped.test(text) && !plain.test(text)) return null;
  const digits = text.replace(new RegExp(group, 'g'), '').replace(mark, '.');
  try {
    const cents = toCents(digits);
    return negative ? -cents : cents;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------- mapping guess

const normal = (header: string) =>
  header
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

// Most specific names first: "reference no" is the bank's id, "reference" alone the remark.
const NAMES: ReadonlyArray<[keyof CsvMapping, RegExp]> = [
  [
    'transactionId',
    /^(transaction id|transaction ref(erence)?( no| number)?|txn id|txn ref( no)?|reference no|reference number|ref no|ref number|trans id)$/,
  ],
  ['date', /^(posting date|booking date|transaction date|txn date|trans date|date)$/],
  ['date', /^(value date)$/],
  ['credit', /^(credit|credits|cr|deposit|deposits|credit amount|money in|paid in)$/],
  ['debit', /^(debit|debits|dr|withdrawal|withdrawals|debit amount|money out|paid out)$/],
  ['amount', /^(amount|transaction amount|txn amount)( [a-z]{3})?$/],
  ['currency', /^(currency|ccy|cur)$/],
  ['remark', /^(description|remarks?|narrative|narration|details|particulars|reference|payment details)$/],
  ['payer', /^(payer|payer name|name|from|counterparty|counter party|beneficiary|beneficiary name|sender)$/],
];

function guessDateFormat(values: string[]): DateFormat | null {
  const filled = values.filter((v) => v.trim() !== '');
  if (filled.length === 0) return null;
  return STATEMENT_DATE_FORMATS.find((format) => filled.every((v) => readDate(v, format) !== null)) ?? null;
}

function guessDecimalMark(values: string[]): DecimalMark {
  let comma = 0;
  let dot = 0;
  for (const value of values) {
    const v = value.trim();
    if (/,\d{1,2}\)?-?$/.test(v)) comma += 1;
    else if (/\.\d{1,2}\)?-?$/.test(v)) dot += 1;
  }
  return comma > dot ? ',' : '.';
}

/**
 * The mapping a layout probably has, for the office's form to start with: columns by their
 * names, and (given the first rows) the date format and decimal mark that fit them.
 */
export function guessMapping(headers: string[], rows: string[][] = []): Record<string, string> {
  const guess: Record<string, string> = {};
  const used = new Set<number>();
  for (const [field, pattern] of NAMES) {
    if (guess[field] !== undefined) continue;
    const index = headers.findIndex((h, i) => !used.has(i) && pattern.test(normal(h)));
    if (index === -1) continue;
    const header = headers[index] ?? '';
    guess[field] = header;
    used.add(index);
  }
  if (guess.credit !== undefined) delete guess.amount;
  const column = (name: string | undefined) => {
    const index = name === undefined ? -1 : headers.indexOf(name);
    return index === -1 ? [] : rows.slice(0, 20).map((r) => r[index] ?? '');
  };
  const format = guessDateFormat(column(guess.date));
  if (format) guess.dateFormat = format;
  else if (guess.date !== undefined) guess.dateFormat = 'DD/MM/YYYY';
  guess.decimalMark = guessDecimalMark([
    ...column(guess.amount),
    ...column(guess.credit),
    ...column(guess.debit),
  ]);
  return guess;
}

// ---------------------------------------------------------------- parse

const collapse = (value: string) => value.replace(/\s+/g, ' ').trim();

/**
 * The statement's lines by a mapping. `row` is the line of the file. The first bad row throws
 * StatementInvalidError with its row and field: the import is all or nothing.
 */
export function parseCsv(text: string, mapping: CsvMapping, accountCurrency: 'MVR' | 'USD'): ParsedLine[] {
  const table = readTable(text);
  const index = table.lines.indexOf(mapping.headerRow);
  if (index === -1)
    throw new StatementInvalidError(mapping.headerRow, 'headerRow', 'No such line in the file');
  const headers = table.cells[index] ?? [];
  // As the layout's key, so a mapping saved for "Date" reads the same layout written "DATE".
  const names = headers.map((h) => h.trim().toLowerCase());
  const columnOf = (field: keyof CsvMapping, name: string | undefined): number | null => {
    if (name === undefined) return null;
    const at = names.indexOf(name.trim().toLowerCase());
    if (at === -1) throw new StatementInvalidError(mapping.headerRow, field, `No column "${name}"`);
    return at;
  };
  const columns = {
    date: columnOf('date', mapping.date),
    amount: columnOf('amount', mapping.amount),
    credit: columnOf('credit', mapping.credit),
    debit: columnOf('debit', mapping.debit),
    currency: columnOf('currency', mapping.currency),
    remark: columnOf('remark', mapping.remark),
    payer: columnOf('payer', mapping.payer),
    transactionId: columnOf('transactionId', mapping.transactionId),
  };
  if (columns.amount === null && columns.credit === null) {
    throw new StatementInvalidError(mapping.headerRow, 'amount', 'No amount or credit column');
  }

  const { rows, lines } = rowsUnder(table, index);
  const out: ParsedLine[] = [];
  for (const [i, cells] of rows.entries()) {
    const row = lines[i] ?? 0;
    // A blank line inside the table holds nothing to import.
    if (isBlank(cells)) continue;
    if (cells.length < headers.length) {
      throw new StatementInvalidError(
        row,
        'row',
        `${cells.length} cells where the header has ${headers.length}`,
      );
    }
    const cell = (at: number | null) => (at === null ? '' : (cells[at] ?? ''));

    const bookedOn = readDate(cell(columns.date), mapping.dateFormat);
    if (!bookedOn) throw new StatementInvalidError(row, 'date', `Not a date in ${mapping.dateFormat}`);

    let cents: bigint;
    if (columns.amount !== null) {
      const amount = readAmount(cell(columns.amount), mapping.decimalMark);
      if (amount === null) throw new StatementInvalidError(row, 'amount', 'Not an amount');
      cents = amount;
    } else {
      const side = (field: 'credit' | 'debit', at: number | null) => {
        const value = cell(at);
        if (value.trim() === '') return 0n;
        const amount = readAmount(value, mapping.decimalMark);
        if (amount === null) throw new StatementInvalidError(row, field, 'Not an amount');
        return amount < 0n ? -amount : amount;
      };
      cents = side('credit', columns.credit) - side('debit', columns.debit);
    }

    const currency = collapse(cell(columns.currency)).toUpperCase() || accountCurrency;
    if (!/^[A-Z]{3}$/.test(currency)) throw new StatementInvalidError(row, 'currency', 'Not a currency code');
    const payer = collapse(cell(columns.payer));
    const transactionId = collapse(cell(columns.transactionId));
    out.push({
      row,
      bookedOn,
      amount: centsToMoney(cents),
      currency,
      remark: collapse(cell(columns.remark)),
      payer: payer === '' ? null : payer,
      bankTransactionId: transactionId === '' ? null : transactionId,
    });
  }
  return out;
}
