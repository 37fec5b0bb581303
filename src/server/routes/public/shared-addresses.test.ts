import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages/api.ts';
import {
  type MadeSchedule,
  makeLaunch,
  makePaymentSettings,
  makeSchedule,
  seatLabels,
} from '#tests/factories.ts';
import { postBooking, tripBookingRequest, verifiedToken } from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * In the islands many phones share one public address (a carrier's NAT), and a resort's front
 * desk books for many guests: e-mails verified from one address that went on to book from it do
 * not count against the hourly limit on new e-mail verifications; a daily ceiling still does.
 * docs/decisions/008-fair-holds.md.
 */

const DESK = '100.64.20.1';

describe(`verifications from a shared address (${testDatabaseKind})`, () => {
  let slip: Buffer;
  let trip: MadeSchedule;

  // Small limits so the test reaches them; the request limits are opened to show the counts.
  const t = useTestApp(
    {
      env: {
        RATE_LIMIT_SCALE: '100',
        EMAIL_VERIFICATIONS_PER_IP_HOUR: '3',
        EMAIL_VERIFICATIONS_PER_IP_DAY: '7',
        SEAT_HOLD_MAX_SHARE: '1',
      },
    },
    async () => {
      await makePaymentSettings(t.database.db);
      const launch = await makeLaunch(t.database.db, { seats: 48 });
      trip = await makeSchedule(t.database.db, { launchIds: [launch.id] });
      slip = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a7' } })
        .jpeg()
        .toBuffer();
    },
  );

  const ask = (email: string, ip = DESK) =>
    t.app.inject({ method: 'POST', url: '/api/email-codes', payload: { email }, remoteAddress: ip });

  async function verifyAndBook(email: string, seat: string) {
    const booking = tripBookingRequest(trip, {
      seats: [seat],
      email,
      verificationToken: await verifiedToken(t.app, email, { ip: DESK }),
    });
    const res = await postBooking(t.app, booking, { slip, ip: DESK });
    expect(res.statusCode, res.body).toBe(201);
  }

  it('lets a front desk verify and book for guest after guest, and stops an address that verifies without booking', async () => {
    const labels = seatLabels(48);
    // Five guests in an hour, over the hourly limit of three: each booked, so none counts.
    for (let i = 0; i < 5; i++) await verifyAndBook(`guest${i}@resort.example`, labels[i] ?? '');

    // From another address, three verified without booking use up the hour.
    const idle = '203.0.113.50';
    for (let i = 0; i < 3; i++) expect((await ask(`idle${i}@junk.example`, idle)).statusCode).toBe(200);
    const fourth = await ask('idle3@junk.example', idle);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error).toEqual({ code: 'verification_limit', message: MSG.verificationLimit });
  });

  it('keeps a daily ceiling that bookings do not reset', async () => {
    // Two more new e-mails without booking pass the hourly count (five booked, two not)...
    for (let i = 0; i < 2; i++) expect((await ask(`walk-in${i}@resort.example`)).statusCode).toBe(200);
    // ...but that makes seven new e-mails from this address today: the ceiling of seven.
    const next = await ask('walk-in2@resort.example');
    expect(next.statusCode).toBe(429);
    expect(next.json().error).toEqual({ code: 'verification_day_limit', message: MSG.verificationDayLimit });
    // An address asked for earlier today is not a new one: it gets its code again (after the cooldown).
    const again = await ask('guest0@resort.example');
    expect(again.json().error?.code).not.toBe('verification_day_limit');
    expect(again.json().error?.code).not.toBe('verification_limit');
  });
});
