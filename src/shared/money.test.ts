import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildBreakdown, computeTotal, countByCategory, parseDecimal, toMoneyString } from './money.ts';

const prices = {
  localAdultPrice: '25.00',
  localChildPrice: '15.00',
  foreignerAdultPrice: '5.00',
  foreignerChildPrice: '3.00',
};

describe('money', () => {
  it('rounds half-up exactly where a float would drift', () => {
    // 12.345 as a float is 12.3449999..., which Math.round would take down to 12.34.
    expect(toMoneyString(parseDecimal('12.345'))).toBe('12.35');
    expect(toMoneyString(parseDecimal('1.005'))).toBe('1.01');
    expect(toMoneyString(parseDecimal('1.0049999'))).toBe('1.00');
    expect(toMoneyString(parseDecimal('7'))).toBe('7.00');
    expect(() => parseDecimal('-1')).toThrow(RangeError);
    expect(() => parseDecimal('1e3')).toThrow(RangeError);
  });

  it('builds the breakdown in each type’s own currency, merging repeated rows and dropping zeros', () => {
    const breakdown = buildBreakdown(
      [
        { type: 'foreigner', category: 'child', quantity: 1 },
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'child', quantity: 0 },
        { type: 'local', category: 'adult', quantity: 2 },
      ],
      { ...prices, localAdultPrice: '25' },
    );
    expect(breakdown).toEqual([
      { type: 'local', category: 'adult', quantity: 3, price: '25.00' },
      { type: 'foreigner', category: 'child', quantity: 1, price: '3.00' },
    ]);
    expect(countByCategory(breakdown)).toEqual({ adultCount: 3, childCount: 1, infantCount: 0 });
  });

  it('lists infants in the breakdown at 0, counted apart (docs/decisions/035-every-person-named.md)', () => {
    const breakdown = buildBreakdown(
      [
        { type: 'foreigner', category: 'infant', quantity: 1 },
        { type: 'local', category: 'adult', quantity: 2 },
        { type: 'local', category: 'infant', quantity: 2 },
      ],
      prices,
    );
    expect(breakdown).toEqual([
      { type: 'local', category: 'adult', quantity: 2, price: '25.00' },
      { type: 'local', category: 'infant', quantity: 2, price: '0.00' },
      { type: 'foreigner', category: 'infant', quantity: 1, price: '0.00' },
    ]);
    expect(computeTotal(breakdown, 'MVR', '15.42')).toBe('50.00');
    expect(countByCategory(breakdown)).toEqual({ adultCount: 2, childCount: 0, infantCount: 3 });
  });

  it('converts mixed bookings with the rate: MVR = local + foreigner x rate, USD = local / rate + foreigner', () => {
    const breakdown = buildBreakdown(
      [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'child', quantity: 1 },
      ],
      prices,
    );
    // 25 + 8 x 15.42 = 148.36; 25 / 15.42 + 8 = 9.6212... -> 9.62
    expect(computeTotal(breakdown, 'MVR', '15.4200')).toBe('148.36');
    expect(computeTotal(breakdown, 'USD', '15.42')).toBe('9.62');
    // Half-up at the end only: 1.00 x 12.345 = 12.345 -> 12.35.
    const oneForeigner = [
      { type: 'foreigner' as const, category: 'adult' as const, quantity: 1, price: '1.00' },
    ];
    expect(computeTotal(oneForeigner, 'MVR', '12.345')).toBe('12.35');
    // Only foreigners paying USD need no rate at all, even a zero one.
    expect(computeTotal(oneForeigner, 'USD', '0')).toBe('1.00');
  });

  it('equals the exact rational result for any prices, quantities and rate', () => {
    const cents = fc.integer({ min: 0, max: 100_000 });
    fc.assert(
      fc.property(
        cents,
        cents,
        fc.integer({ min: 1, max: 20 }),
        fc.integer({ min: 1, max: 1_000_000 }),
        (l, f, q, r) => {
          const local = (l / 100).toFixed(2);
          const foreign = (f / 100).toFixed(2);
          const rate = (r / 10_000).toFixed(4);
          const rows = [
            { type: 'local' as const, category: 'adult' as const, quantity: q, price: local },
            { type: 'foreigner' as const, category: 'adult' as const, quantity: q, price: foreign },
          ];
          // Reference in integer arithmetic: numerator over 10^4 cents.
          const n = BigInt(l * q) * 10_000n + BigInt(f * q) * BigInt(r);
          const mvrCents = (n * 2n + 10_000n) / 20_000n;
          const usdCents = (n * 2n + BigInt(r)) / (2n * BigInt(r));
          const fmt = (c: bigint) => `${c / 100n}.${String(c % 100n).padStart(2, '0')}`;
          expect(computeTotal(rows, 'MVR', rate)).toBe(fmt(mvrCents));
          expect(computeTotal(rows, 'USD', rate)).toBe(fmt(usdCents));
        },
      ),
    );
  });
});
