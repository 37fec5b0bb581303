import { describe, expect, it } from 'vitest';
import type { PublicSettings } from '#shared/schemas.ts';
import { totals } from './format.ts';

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
