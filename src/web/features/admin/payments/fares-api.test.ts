import { describe, expect, it } from 'vitest';
import type { Fare } from '#shared/fares.ts';
import { type FarePair, farePairs, fareRequests } from './fares-api.ts';

const fare = (over: Partial<Fare>): Fare => ({
  id: crypto.randomUUID(),
  originId: 'male',
  destinationId: 'rasdhoo',
  type: 'local',
  category: 'adult',
  price: '75.00',
  currency: 'MVR',
  ...over,
});

describe('farePairs', () => {
  it('groups fares by pair, each way its own, in the order listed, by the price list’s field', () => {
    const localAdult = fare({});
    const foreignChild = fare({ type: 'foreigner', category: 'child', price: '9.00', currency: 'USD' });
    const back = fare({ originId: 'rasdhoo', destinationId: 'male', price: '70.00' });
    const pairs = farePairs([localAdult, back, foreignChild]);
    expect(pairs).toEqual([
      {
        originId: 'male',
        destinationId: 'rasdhoo',
        fares: { localAdultPrice: localAdult, foreignerChildPrice: foreignChild },
        categoryFares: {},
      },
      { originId: 'rasdhoo', destinationId: 'male', fares: { localAdultPrice: back }, categoryFares: {} },
    ]);
  });

  it('keeps the infant’s and a concession’s fares by code, then by ticket type', () => {
    const infant = fare({ category: 'infant', price: '10.00' });
    const senior = fare({ category: 'senior', type: 'foreigner', price: '5.00', currency: 'USD' });
    const seniorLocal = fare({ category: 'senior', price: '20.00' });
    expect(farePairs([infant, senior, seniorLocal])).toEqual([
      {
        originId: 'male',
        destinationId: 'rasdhoo',
        fares: {},
        categoryFares: { infant: { local: infant }, senior: { foreigner: senior, local: seniorLocal } },
      },
    ]);
  });
});

describe('fareRequests', () => {
  const none = { localAdultPrice: '', localChildPrice: '', foreignerAdultPrice: '', foreignerChildPrice: '' };
  const pair = (fares: Fare[]): FarePair => {
    const [found] = farePairs(fares);
    if (!found) throw new Error('no pair');
    return found;
  };

  it('creates a typed price, saves a changed one, deletes an emptied one, leaves the rest', () => {
    const adult = fare({ price: '75.00' });
    const seniorLocal = fare({ category: 'senior', price: '20.00' });
    const seniorForeign = fare({ category: 'senior', type: 'foreigner', price: '5.00', currency: 'USD' });
    const student = fare({ category: 'student', price: '30.00' });
    const before = pair([adult, seniorLocal, seniorForeign, student]);
    const requests = fareRequests({
      originId: 'male',
      destinationId: 'rasdhoo',
      before: before.fares,
      prices: { ...none, localAdultPrice: '75' },
      categoriesBefore: before.categoryFares,
      categoryPrices: { infant: { local: ' 12.5 ', foreigner: '' }, senior: { local: '', foreigner: '6' } },
    });
    const where = { originId: 'male', destinationId: 'rasdhoo' };
    expect(requests).toEqual([
      { method: 'post', input: { ...where, type: 'local', category: 'infant', price: '12.5' } },
      { method: 'delete', id: seniorLocal.id },
      {
        method: 'put',
        id: seniorForeign.id,
        input: { ...where, type: 'foreigner', category: 'senior', price: '6' },
      },
    ]);
  });

  it('deletes nothing of a category it was not given', () => {
    const student = fare({ category: 'student', price: '30.00' });
    const before = pair([student]);
    expect(
      fareRequests({
        originId: 'male',
        destinationId: 'rasdhoo',
        before: before.fares,
        prices: none,
        categoriesBefore: before.categoryFares,
        categoryPrices: {},
      }),
    ).toEqual([]);
  });
});
