import { describe, expect, it } from 'vitest';
import type { BookingLookup } from '#shared/schemas.ts';
import { transferDueAt } from './format.ts';

const DUE = '2026-12-01T09:00:00.000Z';
const booking = (over: Partial<BookingLookup>) =>
  ({
    ticketStatus: 'pending',
    paymentStatus: 'pending',
    proofReceived: false,
    paymentDueAt: DUE,
    ...over,
  }) as BookingLookup;

describe('transferDueAt: a booking sent to pay later that still waits for its transfer', () => {
  it('is when its payment falls due', () => {
    expect(transferDueAt(booking({}))).toBe(DUE);
  });

  it.each([
    ['sent with its slip', { paymentDueAt: null }],
    ['whose slip was added later', { proofReceived: true }],
    ['paid by the statement', { paymentStatus: 'completed' }],
    ['approved', { ticketStatus: 'confirmed' }],
    ['released or cancelled', { ticketStatus: 'cancelled' }],
  ] as const)('is none for a booking %s', (_, over) => {
    expect(transferDueAt(booking(over))).toBeNull();
  });
});
