import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { CsvMapping } from '#shared/statements.ts';
import { guessMapping, parseCsv, readAmount, sniffCsv } from './csv.ts';
import { StatementInvalidError } from './types.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`../../../../tests/fixtures/statements/${name}`, import.meta.url), 'utf8');

function invalid(run: () => unknown): StatementInvalidError {
  try {
    run();
  } catch (error) {
    if (error instanceof StatementInvalidError) return error;
    throw error;
  }
  throw new Error('expected a StatementInvalidError');
}

const BML: CsvMapping = {
  headerRow: 3,
  date: 'Date',
  credit: 'Credit',
  debit: 'Debit',
  remark: 'Description',
  transactionId: 'Reference No',
  dateFormat: 'DD/MM/YYYY',
  decimalMark: '.',
};

const MIB: CsvMapping = {
  headerRow: 3,
  date: 'Booking Date',
  amount: 'Amount',
  currency: 'Currency',
  remark: 'Details',
  payer: 'Payer',
  dateFormat: 'DD.MM.YYYY',
  decimalMark: ',',
};

/** A one-column-amount layout: the header on line 1, then the given rows. */
const SIMPLE: CsvMapping = {
  headerRow: 1,
  date: 'Date',
  amount: 'Amount',
  remark: 'Remark',
  payer: 'Name',
  dateFormat: 'DD/MM/YYYY',
  decimalMark: '.',
};
const simple = (...rows: string[]) => ['Date,Amount,Remark,Name', ...rows].join('\n');

describe('sniffCsv', () => {
  it('skips the title and account lines above the table and drops empty rows at the end', () => {
    const sniffed = sniffCsv(fixture('bml-style.csv'));
    expect(sniffed.headerRow).toBe(3);
    expect(sniffed.headers).toEqual([
      'Date',
      'Value Date',
      'Description',
      'Reference No',
      'Debit',
      'Credit',
      'Balance',
    ]);
    expect(sniffed.rows).toHaveLength(6);
    expect(sniffed.rows[0]?.[2]).toBe('IB TRF FROM AISHATH SHIFA ref 2611280042');
    expect(sniffed.layoutKey).toBe(
      createHash('sha256')
        .update(
          ['date', 'value date', 'description', 'reference no', 'debit', 'credit', 'balance'].join('\u001f'),
        )
        .digest('hex'),
    );
  });

  it('finds the semicolon of the other bank, padded title lines and all', () => {
    const sniffed = sniffCsv(fixture('mib-style.csv'));
    expect(sniffed.headerRow).toBe(3);
    expect(sniffed.headers).toEqual(['Booking Date', 'Details', 'Payer', 'Amount', 'Currency']);
    expect(sniffed.rows).toHaveLength(5);
  });

  it('reads tabs, strips a BOM, and keys a layout by its header however it is spaced or cased', () => {
    const tabbed = sniffCsv('\uFEFFDate\tAmount\tRemark\n28/11/2026\t450.00\tref 2611280042\n');
    expect(tabbed.headers).toEqual(['Date', 'Amount', 'Remark']);
    expect(tabbed.rows).toEqual([['28/11/2026', '450.00', 'ref 2611280042']]);
    expect(sniffCsv(' DATE ,amount,Remark\n1,2,3\n').layoutKey).toBe(tabbed.layoutKey);
  });

  it('counts a quoted line break as part of its row, so rows keep their line numbers', () => {
    const text = simple('28/11/2026,450.00,"first\nsecond",A', '29/11/2026,10.00,x,B');
    expect(parseCsv(text, SIMPLE, 'MVR').map((l) => [l.row, l.remark])).toEqual([
      [2, 'first second'],
      [4, 'x'],
    ]);
  });

  it('refuses a file with no table', () => {
    expect(invalid(() => sniffCsv('just a line\nand another\n'))).toMatchObject({ row: 0, field: 'file' });
  });
});

describe('guessMapping', () => {
  it('guesses the BML layout: debit and credit columns, the reference number as the id', () => {
    const sniffed = sniffCsv(fixture('bml-style.csv'));
    const { headerRow: _, ...expected } = BML;
    expect(guessMapping(sniffed.headers, sniffed.rows)).toEqual(expected);
  });

  it('guesses the MIB layout: one signed amount, a decimal comma, dotted dates', () => {
    const sniffed = sniffCsv(fixture('mib-style.csv'));
    const { headerRow: _, ...expected } = MIB;
    expect(guessMapping(sniffed.headers, sniffed.rows)).toEqual(expected);
  });

  it('prefers the posting date over the value date, and knows month names', () => {
    const guess = guessMapping(
      ['Value Date', 'Posting Date', 'Narrative', 'Amount', 'Counterparty'],
      [['28-Nov-2026', '28-Nov-2026', 'x', '(12.50)', 'y']],
    );
    expect(guess).toMatchObject({
      date: 'Posting Date',
      remark: 'Narrative',
      amount: 'Amount',
      payer: 'Counterparty',
      dateFormat: 'DD-MMM-YYYY',
      decimalMark: '.',
    });
  });

  it('guesses month first only when a day cannot be the first part', () => {
    expect(guessMapping(['Date', 'Amount', 'Remark'], [['11/28/2026', '1.00', '']]).dateFormat).toBe(
      'MM/DD/YYYY',
    );
    expect(guessMapping(['Date', 'Amount', 'Remark'], [['11/10/2026', '1.00', '']]).dateFormat).toBe(
      'DD/MM/YYYY',
    );
  });

  it('gives only keys of a mapping', () => {
    const guess = guessMapping(['Date', 'Balance', 'Amount', 'Description', 'Channel']);
    const keys = ['date', 'amount', 'credit', 'debit', 'currency', 'remark', 'payer', 'transactionId'];
    for (const key of Object.keys(guess)) expect([...keys, 'dateFormat', 'decimalMark']).toContain(key);
    expect(Object.values(guess)).not.toContain('Balance');
  });
});

describe('parseCsv', () => {
  it('reads the BML fixture: credits, a debit, a row with both columns empty, thousands separators', () => {
    expect(parseCsv(fixture('bml-style.csv'), BML, 'MVR')).toEqual([
      {
        row: 4,
        bookedOn: '2026-11-28',
        amount: '450.00',
        currency: 'MVR',
        remark: 'IB TRF FROM AISHATH SHIFA ref 2611280042',
        payer: null,
        bankTransactionId: 'FT26332B0001',
      },
      {
        row: 5,
        bookedOn: '2026-11-28',
        amount: '1250.00',
        currency: 'MVR',
        remark: 'MOHAMED RASHEED 261128-0043 ferry',
        payer: null,
        bankTransactionId: 'FT26332B0002',
      },
      {
        row: 6,
        bookedOn: '2026-11-29',
        amount: '-75.00',
        currency: 'MVR',
        remark: 'Fuel invoice 8841',
        payer: null,
        bankTransactionId: 'FT26333B0003',
      },
      {
        row: 7,
        bookedOn: '2026-11-29',
        amount: '0.00',
        currency: 'MVR',
        remark: 'Service charge reversal',
        payer: null,
        bankTransactionId: 'FT26333B0004',
      },
      {
        row: 8,
        bookedOn: '2026-11-29',
        amount: '300.00',
        currency: 'MVR',
        remark: 'FATHIMATH ZAHIRA ferry tickets',
        payer: null,
        bankTransactionId: 'FT26333B0005',
      },
      {
        row: 9,
        bookedOn: '2026-11-30',
        amount: '2400.00',
        currency: 'MVR',
        remark: 'IBRAHIM NASEER 2611 2800 44',
        payer: null,
        bankTransactionId: 'FT26334B0006',
      },
    ]);
  });

  it('reads the MIB fixture: decimal comma, a negative amount, a currency column in any case', () => {
    expect(parseCsv(fixture('mib-style.csv'), MIB, 'MVR')).toEqual([
      {
        row: 4,
        bookedOn: '2026-11-28',
        amount: '1250.00',
        currency: 'MVR',
        remark: 'Ferry booking 2611280047',
        payer: 'Hassan Ali',
        bankTransactionId: null,
      },
      {
        row: 5,
        bookedOn: '2026-11-28',
        amount: '450.00',
        currency: 'MVR',
        remark: 'ref 261128.0048',
        payer: 'Mariyam Nisha',
        bankTransactionId: null,
      },
      {
        row: 6,
        bookedOn: '2026-11-29',
        amount: '-12.50',
        currency: 'MVR',
        remark: 'Card fee',
        payer: null,
        bankTransactionId: null,
      },
      {
        row: 7,
        bookedOn: '2026-11-29',
        amount: '30.00',
        currency: 'USD',
        remark: 'Booking 2611280049',
        payer: 'Peter Jones',
        bankTransactionId: null,
      },
      {
        row: 8,
        bookedOn: '2026-11-30',
        amount: '1250.00',
        currency: 'MVR',
        remark: 'Transfer for tickets',
        payer: 'Aminath Rifa',
        bankTransactionId: null,
      },
    ]);
  });

  it('names the row and the field of the broken file', () => {
    const error = invalid(() => parseCsv(fixture('broken.csv'), BML, 'MVR'));
    expect(error).toMatchObject({ row: 7, field: 'date', problem: 'Not a date in DD/MM/YYYY' });
  });

  it('refuses impossible and ill-fitting dates, and takes a leap day when there is one', () => {
    const at = (date: string, format: CsvMapping['dateFormat'] = 'DD/MM/YYYY') =>
      parseCsv(simple(`${date},1.00,x,A`), { ...SIMPLE, dateFormat: format }, 'MVR')[0]?.bookedOn;
    expect(invalid(() => at('31/04/2026'))).toMatchObject({ row: 2, field: 'date' });
    expect(invalid(() => at('29/02/2026'))).toMatchObject({ problem: 'Not a date in DD/MM/YYYY' });
    expect(at('29/02/2028')).toBe('2028-02-29');
    expect(invalid(() => at('2026-11-28'))).toMatchObject({ field: 'date' });
    expect(invalid(() => at('28/13/2026'))).toMatchObject({ field: 'date' });
    expect(at('2026-11-28', 'YYYY-MM-DD')).toBe('2026-11-28');
    expect(at('11/28/2026', 'MM/DD/YYYY')).toBe('2026-11-28');
    expect(at('28-11-2026', 'DD-MM-YYYY')).toBe('2026-11-28');
    expect(at('28.11.2026 14:05', 'DD.MM.YYYY')).toBe('2026-11-28');
    expect(at('28-nov-2026', 'DD-MMM-YYYY')).toBe('2026-11-28');
    expect(at('28 Nov 2026', 'DD MMM YYYY')).toBe('2026-11-28');
    expect(invalid(() => at('28 Nob 2026', 'DD MMM YYYY'))).toMatchObject({
      problem: 'Not a date in DD MMM YYYY',
    });
  });

  it('reads negative forms and thousands separators of both decimal marks', () => {
    const amount = (cell: string, mark: '.' | ',' = '.') => {
      const cents = readAmount(cell, mark);
      return cents === null ? null : String(cents);
    };
    expect(amount('1,250.00')).toBe('125000');
    expect(amount('1,234,567.89')).toBe('123456789');
    expect(amount('-12.50')).toBe('-1250');
    expect(amount('(12.50)')).toBe('-1250');
    expect(amount('12.50-')).toBe('-1250');
    expect(amount('+7')).toBe('700');
    expect(amount('1.250,00', ',')).toBe('125000');
    expect(amount('1 250,00', ',')).toBe('125000');
    expect(amount('1\u00a0250,00', ',')).toBe('125000');
    expect(amount('-0,50', ',')).toBe('-50');
    expect(amount('1,25', '.')).toBeNull();
    expect(amount('12,50.00')).toBeNull();
    expect(amount('1.005')).toBeNull();
    expect(amount('ten')).toBeNull();
    expect(amount('')).toBeNull();
  });

  it('writes amounts with two decimals through the mapping, and names a bad amount', () => {
    const rows = parseCsv(simple('28/11/2026,"1,250",x,A', '28/11/2026,(3.5),x,A'), SIMPLE, 'USD');
    expect(rows.map((r) => [r.amount, r.currency])).toEqual([
      ['1250.00', 'USD'],
      ['-3.50', 'USD'],
    ]);
    expect(
      invalid(() => parseCsv(simple('28/11/2026,1.00,x,A', '28/11/2026,abc,x,A'), SIMPLE, 'MVR')),
    ).toMatchObject({
      row: 3,
      field: 'amount',
    });
    expect(invalid(() => parseCsv(simple('28/11/2026,,x,A'), SIMPLE, 'MVR'))).toMatchObject({
      field: 'amount',
    });
  });

  it('subtracts the debit column from the credit column; an empty cell is 0', () => {
    const mapping: CsvMapping = { ...SIMPLE, amount: undefined, credit: 'Cr', debit: 'Dr' };
    const text = [
      'Date,Dr,Cr,Remark,Name',
      '28/11/2026,,450.00,a,A',
      '28/11/2026,75.00,,b,B',
      '28/11/2026,-20.00,,c,C',
      '28/11/2026,,,d,D',
    ].join('\r\n');
    expect(parseCsv(text, mapping, 'MVR').map((l) => l.amount)).toEqual([
      '450.00',
      '-75.00',
      '-20.00',
      '0.00',
    ]);
    const creditOnly: CsvMapping = { ...mapping, debit: undefined };
    expect(parseCsv(text, creditOnly, 'MVR').map((l) => l.amount)).toEqual([
      '450.00',
      '0.00',
      '0.00',
      '0.00',
    ]);
    expect(invalid(() => parseCsv(`${text}\r\n28/11/2026,x,,e,E`, mapping, 'MVR'))).toMatchObject({
      row: 6,
      field: 'debit',
    });
  });

  it('collapses spaces in remark and payer, and gives null for an empty payer', () => {
    const [line] = parseCsv(simple('28/11/2026,1.00,"  ref   2611280042\t x ","   "'), SIMPLE, 'MVR');
    expect(line).toMatchObject({ remark: 'ref 2611280042 x', payer: null });
  });

  it('names a mapped column the header lacks, and a row shorter than the header', () => {
    expect(
      invalid(() => parseCsv(simple('28/11/2026,1.00,x,A'), { ...SIMPLE, payer: 'Payer' }, 'MVR')),
    ).toMatchObject({
      row: 1,
      field: 'payer',
      problem: 'No column "Payer"',
    });
    const bml = invalid(() => parseCsv(fixture('bml-style.csv'), { ...BML, currency: 'Ccy' }, 'MVR'));
    expect(bml).toMatchObject({ row: 3, field: 'currency', problem: 'No column "Ccy"' });
    expect(
      invalid(() => parseCsv(simple('28/11/2026,1.00,x,A', '28/11/2026,2.00'), SIMPLE, 'MVR')),
    ).toMatchObject({
      row: 3,
      field: 'row',
    });
  });

  it('finds the mapped columns in a header written in another case', () => {
    const upper = simple('28/11/2026,1.00,x,A').replace('Date,Amount,Remark,Name', 'DATE,AMOUNT,REMARK,NAME');
    expect(parseCsv(upper, SIMPLE, 'MVR')[0]).toMatchObject({ amount: '1.00', payer: 'A' });
  });

  it('skips a blank line inside the table', () => {
    const rows = parseCsv(simple('28/11/2026,1.00,x,A', '', '29/11/2026,2.00,y,B'), SIMPLE, 'MVR');
    expect(rows.map((r) => r.row)).toEqual([2, 4]);
  });
});
