import { describe, expect, it } from 'vitest';
import type { BookingRequest } from '#shared/schemas.ts';
import { bookingForm } from './steps-api.ts';

const booking = {
  scheduleId: '00000000-0000-4000-8000-000000000001',
  travelDate: '2026-12-01',
  launchId: '00000000-0000-4000-8000-000000000002',
  seats: ['1A'],
  passenger: {
    name: 'Aishath Ali',
    email: 'aishath@example.com',
    nationality: 'Maldivian',
    countryCode: '+960',
  },
  tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
  paymentCurrency: 'MVR',
} as BookingRequest;

const slip = new Blob([new Uint8Array([82, 73, 70, 70])], { type: 'image/webp' });

describe('bookingForm: the multipart body of POST /api/bookings', () => {
  it('with the slip: the booking as it was before paying later, and the slip as slip.webp', async () => {
    const form = bookingForm(booking, { slip }, 'en');
    expect([...form.keys()]).toEqual(['booking', 'slip', 'language']);
    expect(JSON.parse(form.get('booking') as string)).toEqual(booking);
    expect(form.get('booking')).not.toContain('payLater');
    const sent = form.get('slip') as File;
    expect(sent.name).toBe('slip.webp');
    expect(new Uint8Array(await sent.arrayBuffer())).toEqual(new Uint8Array([82, 73, 70, 70]));
    expect(form.get('language')).toBe('en');
  });

  it('paying later: payLater in the booking and no slip part', () => {
    const form = bookingForm(booking, { payLater: true }, 'dv');
    expect([...form.keys()]).toEqual(['booking', 'language']);
    expect(JSON.parse(form.get('booking') as string)).toEqual({ ...booking, payLater: true });
    expect(form.has('slip')).toBe(false);
    expect(form.get('language')).toBe('dv');
  });

  it('by card: paymentMethod card in the booking, no slip part and no amount', () => {
    const form = bookingForm(booking, { card: true }, 'en');
    expect([...form.keys()]).toEqual(['booking', 'language']);
    expect(JSON.parse(form.get('booking') as string)).toEqual({ ...booking, paymentMethod: 'card' });
    expect(form.get('booking')).not.toContain('payLater');
    expect(form.get('booking')).not.toContain('amount');
  });

  it('sends the same bytes for the same booking, so a retry under the same key is the same request', () => {
    const once = bookingForm(booking, { payLater: true }, 'en');
    const again = bookingForm(booking, { payLater: true }, undefined);
    // The language is beside the booking: it never changes the booking's text.
    expect(again.get('booking')).toBe(once.get('booking'));
    expect(again.has('language')).toBe(false);
    expect(bookingForm(booking, { slip }, 'en').get('booking')).not.toBe(once.get('booking'));
  });

  it('keeps a return’s way back in the booking either way', () => {
    const back = { ...booking, return: { ...booking, seats: ['2B'], originId: 'b', destinationId: 'a' } };
    const form = bookingForm(back as BookingRequest, { payLater: true }, 'en');
    expect(JSON.parse(form.get('booking') as string).return.seats).toEqual(['2B']);
  });
});
