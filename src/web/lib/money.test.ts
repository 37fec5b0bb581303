import { describe, expect, it } from 'vitest';
import { formatMoney } from './money.ts';

describe('formatMoney', () => {
  it('writes two decimals, the thousands grouped, after the currency', () => {
    expect(formatMoney('25', 'MVR', '-')).toBe('MVR 25.00');
    expect(formatMoney('1250.5', 'USD', '-')).toBe('USD 1,250.50');
    expect(formatMoney('12.345', '', '-')).toBe('12.35');
  });

  it('says `missing` for no amount or one that is no number', () => {
    expect(formatMoney('', 'MVR', 'Not specified')).toBe('Not specified');
    expect(formatMoney('abc', 'MVR', 'Not specified')).toBe('Not specified');
  });
});
