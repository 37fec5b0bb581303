import { describe, expect, it } from 'vitest';
import type { CardPaymentView } from '#shared/card-payments.ts';
import { ApiError } from '#web/lib/api-client.ts';
import { holdEnded, POLL_MS, pollInterval } from './api.ts';

const NOW = Date.parse('2026-12-01T08:00:00Z');

const view = (overrides: Partial<CardPaymentView> = {}): CardPaymentView => ({
  state: 'open',
  reference: 'ABC123',
  totalAmount: '450.00',
  currency: 'MVR',
  holdUntil: '2026-12-01T08:10:00Z',
  seatsHeld: true,
  transferOffered: true,
  eTicketPath: null,
  managePath: '/bookings/ABC123/manage?k=x',
  ...overrides,
});

describe('pollInterval: when the return page asks again', () => {
  it('asks every two seconds while the payment is open and its seats held', () => {
    expect(pollInterval(view(), null, NOW)).toBe(POLL_MS);
    expect(POLL_MS).toBe(2000);
  });

  it('stops once the outcome is known', () => {
    for (const state of ['paid', 'declined', 'mismatch', 'paid_no_seat', 'refunded'] as const) {
      expect(pollInterval(view({ state }), null, NOW), state).toBe(false);
    }
  });

  it('stops once the hold has ended, the payment still open', () => {
    const ended = view({ holdUntil: '2026-12-01T07:59:59Z' });
    expect(holdEnded(ended, NOW)).toBe(true);
    expect(pollInterval(ended, null, NOW)).toBe(false);
    expect(holdEnded(view(), NOW)).toBe(false);
  });

  it('stops for an unknown payment, and tries again after any other failure', () => {
    expect(pollInterval(undefined, new ApiError('http_404', 'Not found', 404), NOW)).toBe(false);
    expect(pollInterval(undefined, new ApiError('network_error', 'Offline', 0), NOW)).toBe(POLL_MS);
  });
});
