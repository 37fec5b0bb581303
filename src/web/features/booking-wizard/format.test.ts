import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '#shared/schemas.ts';
import { returnTotals, totals } from './format.ts';

const settings = (overrides: Partial<PublicSettings>) =>
  ({
    localAdultPrice: '25.00',
    localChildPrice: '15.00',
    foreignerAdultPrice: '5.00',
    foreignerChildPrice: '3.00',
    exchangeRate: '15.42',
    ...overrides,
  }) as PublicSettings;

const none = { localAdult: 0, localChild: 0, foreignerAdult: 0, foreignerChild: 0 };

describe('the price summary uses the server’s exact money', () => {
  it('rounds half-up where binary floats fall short', () => {
    // 10.05 / 2 = 5.025 exactly; as floats it is 5.02499999..., which rounded to 5.02.
    expect(
      totals({ ...none, localAdult: 1 }, settings({ localAdultPrice: '10.05', exchangeRate: '2' })),
    ).toEqual({
      mvr: '10.05',
      usd: '5.03',
    });
  });

  it('converts each side through the rate and rounds once', () => {
    const sum = totals({ localAdult: 2, localChild: 1, foreignerAdult: 1, foreignerChild: 2 }, settings({}));
    // MVR: 65 + 11 x 15.42 = 234.62; USD: 65 / 15.42 + 11 = 15.2153... -> 15.22.
    expect(sum).toEqual({ mvr: '234.62', usd: '15.22' });
  });
});

describe('a return’s total', () => {
  const fare = { mvr: '100.00', usd: '6.49' };

  it('adds both departures without a discount', () => {
    expect(returnTotals(fare, fare, undefined)).toEqual({
      mvr: '200.00',
      usd: '12.98',
      discount: { mvr: '0.00', usd: '0.00' },
    });
  });

  it('takes the percent off the sum, the discount rounded half-up once, as the server does', () => {
    // 12.98 x 7.5% = 0.9735 -> 0.97, 12.01 to pay (the two fares discounted apart would give 6.00 + 6.00).
    expect(returnTotals(fare, fare, '7.5')).toEqual({
      mvr: '185.00',
      usd: '12.01',
      discount: { mvr: '15.00', usd: '0.97' },
    });
    // 25.05 + 25.00 = 50.05; 10% of it is 5.005 -> 5.01, where a float's 5.0049999... gives 5.00.
    expect(returnTotals({ mvr: '25.05', usd: '1' }, { mvr: '25.00', usd: '1' }, '10').mvr).toBe('45.04');
  });
});
