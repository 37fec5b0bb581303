import { describe, expect, it } from 'vitest';
import type { Fare } from '#shared/fares.ts';
import { farePairs } from './fares-api.ts';

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
      },
      { originId: 'rasdhoo', destinationId: 'male', fares: { localAdultPrice: back } },
    ]);
  });

  it('leaves out a category the screen does not price yet', () => {
    expect(farePairs([fare({ category: 'infant' })])).toEqual([]);
  });
});
