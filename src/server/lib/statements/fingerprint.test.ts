import { describe, expect, it } from 'vitest';
import { lineFingerprint } from './fingerprint.ts';
import type { ParsedLine } from './types.ts';

const line: ParsedLine = {
  row: 4,
  bookedOn: '2026-11-28',
  amount: '450.00',
  currency: 'MVR',
  remark: 'IB TRF FROM AISHATH SHIFA ref 2611280042',
  payer: 'Aishath Shifa',
  bankTransactionId: null,
};

describe('lineFingerprint', () => {
  it('is a sha256, the same under case, spacing, row and transaction id', () => {
    const print = lineFingerprint('MVR', line);
    expect(print).toMatch(/^[0-9a-f]{64}$/);
    expect(
      lineFingerprint('MVR', {
        ...line,
        row: 9,
        remark: '  ib trf from   aishath shifa\tREF 2611280042 ',
        payer: 'AISHATH  SHIFA',
        bankTransactionId: 'FT1',
      }),
    ).toBe(print);
  });

  it('differs by account, day, amount, currency, remark and payer', () => {
    const print = lineFingerprint('MVR', line);
    expect(lineFingerprint('USD', line)).not.toBe(print);
    expect(lineFingerprint('MVR', { ...line, bookedOn: '2026-11-29' })).not.toBe(print);
    expect(lineFingerprint('MVR', { ...line, amount: '-450.00' })).not.toBe(print);
    expect(lineFingerprint('MVR', { ...line, currency: 'USD' })).not.toBe(print);
    expect(lineFingerprint('MVR', { ...line, remark: `${line.remark}3` })).not.toBe(print);
    expect(lineFingerprint('MVR', { ...line, payer: null })).not.toBe(print);
  });
});
