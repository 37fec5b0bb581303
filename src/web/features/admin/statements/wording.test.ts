import { describe, expect, it } from 'vitest';
import { STATEMENT_MSG } from '#shared/messages/staff.ts';
import { differenceText, importResultSentence, invalidRowText, tabCount } from './wording.ts';

const result = {
  statementId: 'x',
  imported: 12,
  duplicates: 5,
  ignored: 3,
  matched: 8,
  suggested: 2,
  unmatched: 2,
};

describe('importResultSentence', () => {
  it('says what each imported line did, then what was left aside', () => {
    expect(importResultSentence(result)).toBe(
      '12 imported: 8 paid their bookings, 2 suggested, 2 unmatched; 3 ignored; 5 already imported.',
    );
  });

  it('leaves out the parts that did not happen, and speaks of one line as one', () => {
    expect(
      importResultSentence({
        ...result,
        imported: 1,
        matched: 1,
        suggested: 0,
        unmatched: 0,
        ignored: 0,
        duplicates: 0,
      }),
    ).toBe('1 imported: 1 paid its booking, 0 suggested, 0 unmatched.');
  });

  it('says a file of nothing new is nothing new', () => {
    expect(
      importResultSentence({
        ...result,
        statementId: null,
        imported: 0,
        matched: 0,
        suggested: 0,
        unmatched: 0,
        ignored: 0,
      }),
    ).toBe(STATEMENT_MSG.nothingNew);
  });
});

describe('differenceText', () => {
  it('says short, over or exact from the line less the total', () => {
    expect(differenceText('-50.00', 'MVR')).toBe('MVR 50.00 short');
    expect(differenceText('50', 'MVR')).toBe('MVR 50.00 over');
    expect(differenceText('1234.5', 'USD')).toBe('USD 1,234.50 over');
    expect(differenceText('0.00', 'MVR')).toBe('The exact total');
  });
});

describe('invalidRowText', () => {
  it('names the row and the field', () => {
    expect(invalidRowText({ row: 7, field: 'date', problem: 'not a date: 31/02/2026' })).toBe(
      'Row 7, date: not a date: 31/02/2026',
    );
  });
});

describe('tabCount', () => {
  it('says a full list may hold more', () => {
    expect(tabCount(3)).toBe('3');
    expect(tabCount(200)).toBe('200+');
  });
});
