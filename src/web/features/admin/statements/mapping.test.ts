import { describe, expect, it } from 'vitest';
import type { StatementMappingRequiredDetails } from '#shared/statements.ts';
import { columnsFor, initialMappingValues, type MappingFormValues, toCsvMapping } from './mapping.ts';

const details: StatementMappingRequiredDetails = {
  headerRow: 2,
  headers: ['Value Date', 'Narrative', 'Credit', 'Debit', 'Ref No'],
  preview: [['01/11/2026', 'TRF 2611000001', '1,200.00', '', 'FT1']],
  guess: {
    date: 'Value Date',
    remark: 'Narrative',
    credit: 'Credit',
    debit: 'Debit',
    payer: 'Nobody',
    dateFormat: 'DD/MM/YYYY',
  },
};

const empty: MappingFormValues = {
  amountMode: 'amount',
  date: '',
  amount: '',
  credit: '',
  debit: '',
  currency: '',
  remark: '',
  payer: '',
  transactionId: '',
  dateFormat: 'YYYY-MM-DD',
  decimalMark: '.',
};

describe('initialMappingValues', () => {
  it('starts from the guess, keeping only headers the file has', () => {
    const values = initialMappingValues(details);
    expect(values).toMatchObject({
      amountMode: 'credits',
      date: 'Value Date',
      remark: 'Narrative',
      credit: 'Credit',
      debit: 'Debit',
      payer: '',
      dateFormat: 'DD/MM/YYYY',
      decimalMark: '.',
    });
  });
});

describe('toCsvMapping', () => {
  it('sends the credit and debit columns, not the empty choices', () => {
    const values = { ...initialMappingValues(details), transactionId: 'Ref No', amount: 'Credit' };
    expect(toCsvMapping(values, 2)).toEqual({
      ok: true,
      mapping: {
        headerRow: 2,
        date: 'Value Date',
        remark: 'Narrative',
        credit: 'Credit',
        debit: 'Debit',
        transactionId: 'Ref No',
        dateFormat: 'DD/MM/YYYY',
        decimalMark: '.',
      },
    });
  });

  it('sends one amount column without the credit and debit the form still holds', () => {
    const values = {
      ...empty,
      date: 'D',
      amount: 'Amt',
      credit: 'C',
      debit: 'X',
      remark: 'R',
      decimalMark: ',',
    };
    expect(toCsvMapping(values, 1)).toEqual({
      ok: true,
      mapping: {
        headerRow: 1,
        date: 'D',
        amount: 'Amt',
        remark: 'R',
        dateFormat: 'YYYY-MM-DD',
        decimalMark: ',',
      },
    });
  });

  it('puts each problem under its field, the amount at once', () => {
    expect(toCsvMapping(empty, 1)).toEqual({
      ok: false,
      errors: { amount: 'Choose a column', date: 'Choose a column', remark: 'Choose a column' },
    });
    expect(toCsvMapping({ ...empty, amountMode: 'credits', date: 'D', remark: 'R' }, 1)).toEqual({
      ok: false,
      errors: { credit: 'Choose a column' },
    });
  });

  it('shows the columns of the chosen amount mode', () => {
    expect(columnsFor('amount')).not.toContain('credit');
    expect(columnsFor('credits')).toEqual([
      'date',
      'credit',
      'debit',
      'currency',
      'remark',
      'payer',
      'transactionId',
    ]);
  });
});
