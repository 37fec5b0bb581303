import { describe, expect, it } from 'vitest';
import { chooseSeats } from './reseat.ts';

const LABELS = ['A1', 'A2', 'A3', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4'];
const freeBut = (...taken: string[]) => new Set(LABELS.filter((s) => !taken.includes(s)));

describe('seats for a moved party', () => {
  it('keeps the same labels when they are all free', () => {
    expect(chooseSeats({ labels: LABELS, free: freeBut('A1'), seats: ['B1', 'B2'], near: 4 })).toEqual({
      seats: ['B1', 'B2'],
      together: true,
    });
  });

  it('else takes the free block side by side nearest to where the party sat', () => {
    // B2 is taken: the party of three from B1-B3 gets the nearest free block of three in the
    // vessel's seat order (the first of two equally near).
    expect(chooseSeats({ labels: LABELS, free: freeBut('B2'), seats: ['B1', 'B2', 'B3'], near: 4 })).toEqual({
      seats: ['A3', 'A4', 'B1'],
      together: true,
    });
    expect(chooseSeats({ labels: LABELS, free: freeBut('A1', 'B2'), seats: ['A1'], near: 0 })).toEqual({
      seats: ['A2'],
      together: true,
    });
  });

  it('seats the party apart only when no block is long enough, and refuses when too few are free', () => {
    const checkerboard = new Set(LABELS.filter((_, i) => i % 2 === 0));
    expect(chooseSeats({ labels: LABELS, free: checkerboard, seats: ['A1', 'A2'], near: 0 })).toEqual({
      seats: ['A1', 'A3'],
      together: false,
    });
    expect(chooseSeats({ labels: LABELS, free: new Set(['C4']), seats: ['A1', 'A2'], near: 0 })).toBeNull();
  });
});
