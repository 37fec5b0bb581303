import { describe, expect, it } from 'vitest';
import { changeDue, readAmount, saleTotal } from './sale-money.ts';

const prices = {
  localAdultPrice: '25.00',
  localChildPrice: '15.00',
  foreignerAdultPrice: '5.00',
  foreignerChildPrice: '3.00',
  exchangeRate: '15.42',
};

describe('saleTotal', () => {
  it('adds locals in MVR and converts foreigners at the rate', () => {
    const counts = [
      { type: 'local', category: 'adult', quantity: 2 },
      { type: 'foreigner', category: 'adult', quantity: 1 },
    ] as const;
    expect(saleTotal(counts, prices, 'MVR').total).toBe('127.10');
    // 50 + 5 x 15.42 in MVR; 50 / 15.42 = 3.2425... + 5 in USD
    expect(saleTotal(counts, prices, 'USD').total).toBe('8.24');
  });

  it('is zero with no tickets', () => {
    expect(saleTotal([], prices, 'MVR')).toEqual({ breakdown: [], total: '0.00' });
  });
});

describe('changeDue', () => {
  it('is what is handed back, exactly', () => {
    expect(changeDue('100', '25.00')).toBe('75.00');
    expect(changeDue('65.42', '65.42')).toBe('0.00');
    expect(changeDue('0.1', '0.07')).toBe('0.03');
  });

  it('is negative when too little was handed over', () => {
    expect(changeDue('20', '25.00')).toBe('-5.00');
  });
});

describe('readAmount', () => {
  it('reads amounts as the API takes them', () => {
    expect(readAmount(' 250.5 ')).toBe('250.5');
    expect(readAmount('250.555')).toBeNull();
    expect(readAmount('-1')).toBeNull();
    expect(readAmount('')).toBeNull();
  });
});
