import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, mailOutbox, ticketSeats, tickets } from '#server/db/schema.ts';
import { addDays, dateInZone, instantInZone } from '#server/lib/clock.ts';
import { sweepPayLater } from '#server/services/sweep-pay-later.ts';
import { MANAGE_GRANT_HEADER, MANAGE_LINK_HEADER } from '#shared/manage-api.ts';
import { MSG } from '#shared/messages/api.ts';
import type { BookingRequest } from '#shared/schemas.ts';
import { type MadeSchedule, makePaymentSettings, makeSchedule, uniqueSuffix } from '#tests/factories.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  mailedManageCode,
  postBooking,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const SLIP = path.resolve(import.meta.dirname, '../../../../tests/files/photo-exif-gps.jpg');
const HOUR = 3_600_000;

describe(`pay later by transfer (${testDatabaseKind})`, () => {
  // A clock the tests move: holds fall due, reminders and releases come with it.
  let current = new Date();
  const clock = { now: () => current };
  const later = (ms: number) => {
    current = new Date(current.getTime() + ms);
  };

  const t = useTestApp(
    {
      clock,
      env: { RATE_LIMIT_SCALE: '100', ...MANY_HOLDS_PER_ADDRESS, ...MANY_VERIFICATIONS_PER_ADDRESS },
    },
    async () => {
      await makePaymentSettings(t.database.db);
    },
  );
  const db = () => t.database.db;
  const tz = () => t.app.deps.config.tzOperator;
  const sweep = () => sweepPayLater({ db: db(), clock, tzOperator: tz() });

  /** A 12-seat departure `daysAhead` days from now at `time` in the operator's zone. */
  async function departure(daysAhead = 4, time = '08:00') {
    return makeSchedule(db(), {
      travelDate: addDays(dateInZone(current, tz()), daysAhead),
      stops: [{ departureTime: time }, { departureTime: addHour(time) }],
    });
  }
  const addHour = (time: string) =>
    `${String((Number(time.slice(0, 2)) + 1) % 24).padStart(2, '0')}${time.slice(2)}`;

  async function request(trip: MadeSchedule, seats: string[]): Promise<BookingRequest & { email: string }> {
    const email = `later-${uniqueSuffix()}@example.com`;
    return {
      ...tripBookingRequest(trip, { seats, email, verificationToken: await verifiedToken(t.app, email) }),
      email,
    };
  }

  /** POST /api/bookings as the wizard sends a pay-later booking: no `slip` part. */
  const bookLater = (booking: BookingRequest) =>
    postBooking(t.app, { ...booking, payLater: true }, { slip: null });

  const rowsOf = (reference: string) =>
    db().select().from(tickets).where(eq(tickets.paymentReference, reference));
  const mailsTo = (to: string, subject: string) =>
    db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `${subject}%`)));

  it('public settings offer it with the defaults; a booking without a slip holds its seats for 24 hours and says so', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(settings.json().payLater).toEqual({ enabled: true, holdHours: 24, cutoffHours: 6 });

    const trip = await departure();
    const booking = await request(trip, ['A1']);
    const res = await bookLater(booking);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body.ticketStatus).toBe('pending');
    expect(new Date(body.paymentDueAt).getTime()).toBe(current.getTime() + 24 * HOUR);

    const [row] = await rowsOf(body.reference);
    expect(row?.paymentSlipKey).toBeNull();
    expect(row?.paymentDueAt?.getTime()).toBe(current.getTime() + 24 * HOUR);
    const [received] = await mailsTo(booking.email, 'Booking received');
    expect(received?.text).toContain('Your seats are held for your transfer until');
    expect(received?.text).toContain(`Write ${body.reference} as the remark of your transfer`);

    // Check Booking tells the deadline while the transfer is awaited.
    const lookup = await t.app.inject({ method: 'GET', url: `/api/bookings/${body.reference}` });
    expect(lookup.json().paymentDueAt).toBe(body.paymentDueAt);

    // Without a slip and without the choice, the specification's rule stands.
    const plain = await request(trip, ['A2']);
    const body2 = await multipartBody({ booking: JSON.stringify(plain) });
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: body2.payload,
      headers: {
        ...body2.headers,
        'x-booking-session': randomUUID(),
        'idempotency-key': `key-${randomUUID()}`,
      },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.code).toBe('slip_and_trip_required');
  });

  it('never holds past the cut-off before departure, and is refused when that leaves under an hour', async () => {
    // Five in the morning tomorrow, so every departure below leaves later the same day.
    current = instantInZone(addDays(dateInZone(current, tz()), 1), '05:00', tz());
    // Leaves in 10 hours: the hold ends 6 hours before, 4 hours from now.
    const soonAt = new Date(current.getTime() + 10 * HOUR);
    const soon = await makeSchedule(db(), {
      travelDate: dateInZone(soonAt, tz()),
      stops: [
        { departureTime: timeAt(soonAt) },
        { departureTime: timeAt(new Date(soonAt.getTime() + HOUR)) },
      ],
    });
    const near = await bookLater(await request(soon, ['A1']));
    expect(near.statusCode, near.body).toBe(201);
    const due = new Date(near.json().paymentDueAt).getTime();
    expect(Math.abs(due - (soonAt.getTime() - 6 * HOUR))).toBeLessThan(60_000);

    // Leaves in 6 hours and a half: half an hour to pay is not enough.
    const tooSoonAt = new Date(current.getTime() + 6.5 * HOUR);
    const tooSoon = await makeSchedule(db(), {
      travelDate: dateInZone(tooSoonAt, tz()),
      stops: [
        { departureTime: timeAt(tooSoonAt) },
        { departureTime: timeAt(new Date(tooSoonAt.getTime() + 60_000)) },
      ],
    });
    const booking = await request(tooSoon, ['A1']);
    const refused = await bookLater(booking);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'pay_later_unavailable',
      message: MSG.payLaterUnavailable,
    });
    expect(await db().select().from(tickets).where(eq(tickets.scheduleId, tooSoon.schedule.id))).toEqual([]);
    // The same booking with its slip goes through.
    const withSlip = await postBooking(t.app, booking);
    expect(withSlip.statusCode, withSlip.body).toBe(201);
  });

  const timeAt = (at: Date) => {
    const hhmm = new Intl.DateTimeFormat('en-GB', {
      timeZone: tz(),
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(at);
    return hhmm;
  };

  it('bookings waiting for transfers never hold more than half of a departure; with a slip the seats still sell', async () => {
    const trip = await departure();
    const first = await bookLater(await request(trip, ['A1', 'A2', 'A3', 'A4']));
    expect(first.statusCode, first.body).toBe(201);
    // 4 of 12 wait for transfers; 3 more would make 7, over the half.
    const booking = await request(trip, ['B1', 'B2', 'B3']);
    const refused = await bookLater(booking);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'pay_later_share_full',
      message: MSG.payLaterShareFull,
    });
    const two = await bookLater(await request(trip, ['B1', 'B2']));
    expect(two.statusCode, two.body).toBe(201);
    const withSlip = await postBooking(t.app, booking, {});
    expect(withSlip.statusCode).toBe(409); // B1 and B2 are taken now
    const elsewhere = await postBooking(t.app, await request(trip, ['C1', 'C2', 'C3']));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
  });

  it('reminds once before the hold ends, then releases the unpaid booking: seats freed, audited, the passenger told', async () => {
    const trip = await departure();
    const booking = await request(trip, ['A1']);
    const res = await bookLater(booking);
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json();

    // Other tests' bookings share the database: what is asserted is this booking's.
    await sweep();
    expect(await mailsTo(booking.email, 'Your transfer is due soon')).toEqual([]);
    // A 24-hour hold: the reminder goes 6 hours before it ends, once.
    later(18 * HOUR + 60_000);
    expect((await sweep()).reminded).toBeGreaterThanOrEqual(1);
    await sweep();
    const reminders = await mailsTo(booking.email, 'Your transfer is due soon');
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('We have not received the transfer for your booking yet.');
    expect((await rowsOf(reference))[0]?.ticketStatus).toBe('pending');

    later(6 * HOUR);
    expect((await sweep()).released).toBeGreaterThanOrEqual(1);
    const [row] = await rowsOf(reference);
    expect(row).toMatchObject({ ticketStatus: 'cancelled', paymentStatus: 'failed' });
    expect(
      await db()
        .select()
        .from(ticketSeats)
        .where(eq(ticketSeats.ticketId, row?.id ?? '')),
    ).toEqual([]);
    const audits = await db()
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, row?.id ?? ''), eq(auditLog.action, 'release_unpaid')));
    expect(audits).toHaveLength(1);
    await sweep();
    const released = await mailsTo(booking.email, 'Booking released');
    expect(released).toHaveLength(1);
    expect(released[0]?.text).toContain('did not reach us in time');

    // The seat sells again.
    const again = await postBooking(t.app, await request(trip, ['A1']));
    expect(again.statusCode, again.body).toBe(201);
  });

  it('a slip added from the manage page makes it an ordinary pending booking, never released', async () => {
    const trip = await departure();
    const booking = await request(trip, ['A1']);
    const res = await bookLater(booking);
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json();

    // The manage page: a code proves the mailbox; each change takes a fresh code's grant.
    const proved = async () => {
      later(61_000); // a new code may be asked for a minute after the last
      const sent = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${reference}/manage/code`,
        payload: {},
      });
      expect(sent.statusCode, sent.body).toBe(202);
      const code = await mailedManageCode(t.app, booking.email);
      const verified = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${reference}/manage/verify`,
        payload: { code },
      });
      expect(verified.statusCode, verified.body).toBe(200);
      const { link, grant } = verified.json() as { link: string; grant: string };
      return { [MANAGE_LINK_HEADER]: link, [MANAGE_GRANT_HEADER]: grant };
    };
    const headers = await proved();
    const view = await t.app.inject({ method: 'GET', url: `/api/bookings/${reference}/manage`, headers });
    expect(view.json()).toMatchObject({ slipAllowed: true, paymentDueAt: res.json().paymentDueAt });

    const addSlip = async (withHeaders: Record<string, string>) => {
      const form = await multipartBody(
        { 'slip-request': JSON.stringify({ requestId: randomUUID() }) },
        { slip: { body: await readFile(SLIP), type: 'image/jpeg', name: 'slip.jpg' } },
      );
      return t.app.inject({
        method: 'POST',
        url: `/api/bookings/${reference}/manage/slip`,
        payload: form.payload,
        headers: { ...form.headers, ...withHeaders },
      });
    };
    const added = await addSlip(headers);
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toMatchObject({ slipAllowed: false, paymentDueAt: null, proofReceived: true });
    const [row] = await rowsOf(reference);
    expect(row?.paymentSlipKey).toMatch(new RegExp(`^payment-slips/${reference}/slip-[0-9a-f]{32}\\.webp$`));
    expect(row?.paymentDueAt).toBeNull();
    expect(await mailsTo(booking.email, 'Payment slip received')).toHaveLength(1);

    // A second slip is refused; the due time passing releases nothing.
    const again = await addSlip(await proved());
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().error.code).toBe('slip_not_allowed');
    later(25 * HOUR);
    await sweep();
    const [after] = await rowsOf(reference);
    expect(after).toMatchObject({ ticketStatus: 'pending', paymentStatus: 'pending' });
  });

  it('counts against the pending bookings of its e-mail like any booking waiting', async () => {
    const trip = await departure();
    const email = `many-${uniqueSuffix()}@example.com`;
    const send = async (seat: string) => {
      later(HOUR + 60_000); // an e-mail asks for a few codes an hour at most
      return bookLater(
        tripBookingRequest(trip, {
          seats: [seat],
          email,
          verificationToken: await verifiedToken(t.app, email),
        }),
      );
    };
    const limit = t.app.deps.config.pendingBookingsPerEmail;
    for (let i = 0; i < limit; i++) {
      const res = await send(`A${i + 1}`);
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await send('B1');
    expect(over.statusCode).toBe(409);
    expect(over.json().error.code).toBe('pending_bookings_limit');
  });
});

describe(`adding a slip is limited per address (${testDatabaseKind})`, () => {
  const t = useTestApp({}, async () => {
    await makePaymentSettings(t.database.db);
  });

  it('a flood of slip uploads from one address is cut off with 429', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 25; i++) {
      const form = await multipartBody(
        { 'slip-request': JSON.stringify({ requestId: randomUUID() }) },
        { slip: { body: await readFile(SLIP), type: 'image/jpeg', name: 'slip.jpg' } },
      );
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/bookings/FT-20990101-ABCD/manage/slip',
        payload: form.payload,
        headers: form.headers,
        remoteAddress: '198.51.100.77',
      });
      codes.push(res.statusCode);
    }
    expect(codes.slice(0, 20).every((c) => c !== 429)).toBe(true);
    expect(codes.slice(20)).toEqual([429, 429, 429, 429, 429]);
  });
});
