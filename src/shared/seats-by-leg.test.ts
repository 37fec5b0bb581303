import { describe, expect, it } from 'vitest';
import { type SeatHolder, seatsByLeg } from './seats-by-leg.ts';

const holder = (over: Partial<SeatHolder>): SeatHolder => ({
  ticketId: 't',
  reference: 'REF',
  name: 'Someone',
  seats: ['1A'],
  launch: 'Sea Breeze',
  fromStop: 0,
  toStop: 3,
  ...over,
});

describe('seats by leg', () => {
  it('gives a seat that changes hands at a stop each occupant on their own legs, and free legs as free', () => {
    const a = holder({ ticketId: 'a', name: 'A', seats: ['1A', '10A'], toStop: 1 });
    const b = holder({ ticketId: 'b', name: 'B', fromStop: 1, toStop: 3 });
    const c = holder({ ticketId: 'c', name: 'C', seats: ['2A'], fromStop: 1, toStop: 2 });
    const seats = seatsByLeg([b, c, a], 3);
    // Cabin order: 2A before 10A.
    expect(seats.map((s) => s.seat)).toEqual(['1A', '2A', '10A']);
    const [oneA, twoA, tenA] = seats;
    expect(oneA?.occupants.map((o) => o.name)).toEqual(['A', 'B']);
    expect(oneA?.legs.map((o) => o?.name ?? null)).toEqual(['A', 'B', 'B']);
    expect(twoA?.legs.map((o) => o?.name ?? null)).toEqual([null, 'C', null]);
    expect(tenA?.legs.map((o) => o?.name ?? null)).toEqual(['A', null, null]);
  });

  it('keeps seats of different launches apart, launches in the order given', () => {
    const seats = seatsByLeg(
      [
        holder({ ticketId: 'a', launch: 'Second' }),
        holder({ ticketId: 'b', launch: 'First' }),
        holder({ ticketId: 'c', launch: null, seats: ['9Z'] }),
      ],
      1,
      ['First', 'Second'],
    );
    expect(seats.map((s) => [s.launch, s.seat, s.occupants.length])).toEqual([
      ['First', '1A', 1],
      ['Second', '1A', 1],
      [null, '9Z', 1],
    ]);
  });
});
