import { describe, expect, it } from 'vitest';
import { moreThan, partnerPrice } from './money.ts';

const prices = {
  localAdultPrice: '25.00',
  localChildPrice: '15.00',
  foreignerAdultPrice: '5.00',
  foreignerChildPrice: '3.00',
  exchangeRate: '15.42',
};

describe('partnerPrice', () => {
  it('takes the commission off the public fare in the partner’s currency', () => {
    const party = [
      { type: 'foreigner', category: 'adult', quantity: 2 },
      { type: 'foreigner', category: 'infant', quantity: 1 },
    ] as const;
    expect(partnerPrice(party, prices, 'USD', '10')).toEqual({
      publicAmount: '10.00',
      commissionAmount: '1.00',
      netAmount: '9.00',
    });
  });

  it('rounds the commission half up to the cent, as the server does', () => {
    // 3 x 5.00 = 15.00; 12.5 % of it is 1.875 -> 1.88.
    const party = [{ type: 'foreigner', category: 'adult', quantity: 3 }] as const;
    expect(partnerPrice(party, prices, 'USD', '12.5')).toEqual({
      publicAmount: '15.00',
      commissionAmount: '1.88',
      netAmount: '13.12',
    });
  });

  it('converts at the day’s rate for a partner in MVR', () => {
    const party = [{ type: 'foreigner', category: 'adult', quantity: 1 }] as const;
    // 5 x 15.42 = 77.10; 0 % commission.
    expect(partnerPrice(party, prices, 'MVR', '0').netAmount).toBe('77.10');
  });
});

describe('moreThan', () => {
  it('compares amounts to the cent', () => {
    expect(moreThan('10.01', '10.00')).toBe(true);
    expect(moreThan('10.00', '10')).toBe(false);
  });
});
