import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { idempotencyRecords, mailOutbox, seatLocks, ticketSeats, tickets } from '#server/db/schema.ts';
import { MSG } from '#shared/messages/api.ts';
import type { BookingRequest } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makeLaunch,
  makePaymentSettings,
  makeSchedule,
  makeTicket,
  uniqueSuffix,
} from '#tests/factories.ts';
import { signInAs } from '#tests/setup/admin-app.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  tripBookingRequest,
  verifiedToken as verifiedByMail,
} from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const FILES = path.resolve(import.meta.dirname, '../../../../tests/files');

async function multipart(booking: unknown, slip?: Buffer) {
  const form = new FormData();
  if (booking !== undefined)
    form.append('booking', typeof booking === 'string' ? booking : JSON.stringify(booking));
  if (slip) form.append('slip', new Blob([new Uint8Array(slip)], { type: 'image/jpeg' }), 'slip.jpg');
  const res = new Response(form);
  return {
    payload: Buffer.from(await res.arrayBuffer()),
    contentType: res.headers.get('content-type') ?? '',
  };
}

describe(`bookings (${testDatabaseKind})`, () => {
  let photo: Buffer;
  let nowMs = Date.now();
  const clock = { now: () => new Date(nowMs) };

  // Many bookings from one address on one trip: the fair-hold limits have tests of their own.
  const t = useTestApp(
    {
      clock,
      env: { RATE_LIMIT_SCALE: '100', ...MANY_HOLDS_PER_ADDRESS, ...MANY_VERIFICATIONS_PER_ADDRESS },
    },
    async () => {
      photo = await readFile(path.join(FILES, 'photo-exif-gps.jpg'));
    },
  );
  beforeEach(async () => {
    await makePaymentSettings(t.database.db, {
      localAdultPrice: '25.00',
      localChildPrice: '15.00',
      foreignerAdultPrice: '5.00',
      foreignerChildPrice: '3.00',
      exchangeRate: '15.42',
    });
  });

  async function verifiedToken(email: string): Promise<string> {
    // Every address gets its own codes; the clock moves past the cooldown of earlier tests.
    nowMs += 61_000;
    return verifiedByMail(t.app, email);
  }

  async function bookingFor(
    trip: MadeSchedule,
    overrides: Partial<BookingRequest> & { email?: string } = {},
  ): Promise<BookingRequest> {
    const { email = `p-${uniqueSuffix()}@example.com`, ...rest } = overrides;
    const token = rest.verificationToken ?? (await verifiedToken(email));
    return {
      ...tripBookingRequest(trip, { seats: ['A1'], email, verificationToken: token }),
      ...rest,
      verificationToken: token,
    };
  }

  async function submit(
    booking: unknown,
    opts: { slip?: Buffer | null; session?: string; key?: string | null } = {},
  ) {
    const { payload, contentType } = await multipart(
      booking,
      opts.slip === null ? undefined : (opts.slip ?? photo),
    );
    const headers: Record<string, string> = {
      'content-type': contentType,
      'x-booking-session': opts.session ?? randomUUID(),
    };
    if (opts.key !== null) headers['idempotency-key'] = opts.key ?? `key-${randomUUID()}`;
    return t.app.inject({ method: 'POST', url: '/api/bookings', payload, headers });
  }

  const ticketsOf = (scheduleId: string) =>
    t.database.db.select().from(tickets).where(eq(tickets.scheduleId, scheduleId));

  it('books: 201, ticket and seat rows, private slip, mail, own locks released', async () => {
    const trip = await makeSchedule(t.database.db, { stops: 3 });
    const session = randomUUID();
    const launchId = trip.launchIds[0] ?? '';
    await t.database.db.insert(seatLocks).values(
      ['A1', 'A2', 'B4'].map((seatNumber) => ({
        scheduleId: trip.schedule.id,
        travelDate: trip.schedule.travelDate,
        launchId,
        seatNumber,
        lockedUntil: new Date(nowMs + 10 * 60_000),
        userSession: session,
        fromStop: 0,
        toStop: 1,
      })),
    );
    const booking = await bookingFor(trip, {
      seats: ['A1', 'A2'],
      originId: trip.stops[1]?.locationId ?? '',
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'child', quantity: 1 },
      ],
    });
    const res = await submit({ ...booking, totalAmount: '0.01' }, { session });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      reference: expect.stringMatching(/^\d{10}$/),
      totalAmount: '40.00',
      currency: 'MVR',
      ticketStatus: 'pending',
      paymentStatus: 'pending',
      managePath: expect.stringMatching(/^\/bookings\/\d{10}\/manage\?k=[^&]+$/),
      // Sent with its slip: no transfer is awaited (docs/decisions/040-pay-later.md).
      paymentDueAt: null,
      journeys: [
        expect.objectContaining({
          journey: 1,
          scheduleId: trip.schedule.id,
          seats: ['A1', 'A2'],
          totalAmount: '40.00',
        }),
      ],
    });
    const day = new Intl.DateTimeFormat('en-CA', { timeZone: t.config.tzOperator }).format(new Date(nowMs));
    expect(body.reference.slice(0, 6)).toBe(day.slice(2).replaceAll('-', ''));

    const [ticket] = await ticketsOf(trip.schedule.id);
    expect(ticket).toMatchObject({
      paymentReference: body.reference,
      passengerEmail: booking.passenger.email,
      adultCount: 1,
      childCount: 1,
      totalAmount: '40.00',
      currency: 'MVR',
      bankName: 'Bank of Maldives',
      accountNumber: '7730000123456',
      paymentMethod: 'Bank Transfer',
      ticketStatus: 'pending',
      paymentStatus: 'pending',
      seatNumbers: ['A1', 'A2'],
      userOriginId: trip.stops[1]?.locationId,
      passengerDepartureTime: trip.stops[1]?.departureTime,
      clientIp: '127.0.0.1',
    });
    // The key carries a random part: the reference alone never names the stored slip.
    expect(ticket?.paymentSlipKey).toMatch(
      new RegExp(`^payment-slips/${body.reference}/slip-[0-9a-f]{32}\\.webp$`),
    );
    expect(Number(ticket?.exchangeRate)).toBe(15.42);
    const seatRows = await t.database.db
      .select()
      .from(ticketSeats)
      .where(eq(ticketSeats.ticketId, ticket?.id ?? ''));
    expect(seatRows.map((s) => s.seatNumber).sort()).toEqual(['A1', 'A2']);

    const privateFile = path.join(t.config.uploadsDir, 'private', ticket?.paymentSlipKey ?? '');
    expect(existsSync(privateFile)).toBe(true);
    expect(existsSync(path.join(t.config.uploadsDir, 'public', 'payment-slips'))).toBe(false);
    const meta = await sharp(await readFile(privateFile)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.exif).toBeUndefined();
    expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1024);

    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, booking.passenger.email));
    const received = mails.find((m) => m.subject.includes(body.reference));
    expect(received?.text).toContain('A1, A2');
    expect(received?.text).toContain('40.00 MVR');

    const locks = await t.database.db.select().from(seatLocks).where(eq(seatLocks.userSession, session));
    expect(locks.map((l) => l.seatNumber)).toEqual(['B4']);
  });

  it('computes totals from the settings: mixed local and foreigner in USD and in MVR', async () => {
    const trip = await makeSchedule(t.database.db);
    const mixed: Partial<BookingRequest> = {
      seats: ['A1', 'A2', 'A3'],
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'child', quantity: 1 },
      ],
    };
    const usd = await submit({ ...(await bookingFor(trip, { ...mixed, paymentCurrency: 'USD' })), total: 1 });
    expect(usd.statusCode).toBe(201);
    // 25 / 15.42 + 5 + 3 = 9.6212...
    expect(usd.json()).toMatchObject({ totalAmount: '9.62', currency: 'USD' });
    const [usdTicket] = await t.database.db
      .select()
      .from(tickets)
      .where(eq(tickets.paymentReference, usd.json().reference));
    expect(usdTicket?.ticketBreakdown).toEqual([
      { type: 'local', category: 'adult', quantity: 1, price: '25.00' },
      { type: 'foreigner', category: 'adult', quantity: 1, price: '5.00' },
      { type: 'foreigner', category: 'child', quantity: 1, price: '3.00' },
    ]);
    expect(usdTicket).toMatchObject({ adultCount: 2, childCount: 1, accountNumber: '7730000654321' });

    const mvr = await submit(
      await bookingFor(trip, { ...mixed, seats: ['B1', 'B2', 'B3'], paymentCurrency: 'MVR' }),
    );
    expect(mvr.statusCode).toBe(201);
    // 25 + (5 + 3) x 15.42 = 148.36
    expect(mvr.json()).toMatchObject({ totalAmount: '148.36', currency: 'MVR' });

    // A rate with a half cent: 1.00 x 12.345 rounds half-up to 12.35 (a float gives 12.34).
    await makePaymentSettings(t.database.db, { foreignerAdultPrice: '1.00', exchangeRate: '12.345' });
    const half = await submit(
      await bookingFor(trip, {
        seats: ['C1'],
        tickets: [{ type: 'foreigner', category: 'adult', quantity: 1 }],
        paymentCurrency: 'MVR',
      }),
    );
    expect(half.json()).toMatchObject({ totalAmount: '12.35', currency: 'MVR' });
  });

  it('is idempotent: a retry returns the first result; another body under the key is refused', async () => {
    const trip = await makeSchedule(t.database.db);
    const booking = await bookingFor(trip);
    const key = `retry-${randomUUID()}`;
    const first = await submit(booking, { key });
    const second = await submit(booking, { key });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first.json());
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(1);

    const other = await submit({ ...booking, seats: ['A2'] }, { key });
    expect(other.statusCode).toBe(422);
    expect(other.json().error.code).toBe('idempotency_key_reused');
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(1);

    const missing = await submit(booking, { key: null });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('idempotency_key_required');
    expect((await submit(booking, { key: 'short' })).statusCode).toBe(400);
  });

  it('books once when the same key arrives twice at the same time', async () => {
    const trip = await makeSchedule(t.database.db);
    const booking = await bookingFor(trip);
    const key = `twin-${randomUUID()}`;
    const [a, b] = await Promise.all([submit(booking, { key }), submit(booking, { key })]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().reference).toBe(b.json().reference);
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(1);
  });

  it('lets exactly one of two racing bookings have a seat', async () => {
    const trip = await makeSchedule(t.database.db);
    const a = await bookingFor(trip, { seats: ['B2'] });
    const b = await bookingFor(trip, { seats: ['B2'] });
    const results = await Promise.all([submit(a), submit(b)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const loser = results.find((r) => r.statusCode === 409);
    expect(loser?.json().error).toMatchObject({ code: 'seats_unavailable', seats: ['B2'] });
    const rows = await t.database.db
      .select()
      .from(ticketSeats)
      .where(eq(ticketSeats.scheduleId, trip.schedule.id));
    expect(rows).toHaveLength(1);
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(1);
    const refs = await t.database.db.select().from(idempotencyRecords);
    expect(refs.filter((r) => r.statusCode === null)).toHaveLength(0);
  });

  it('refuses a seat held by a pending ticket or live-locked by another session', async () => {
    const trip = await makeSchedule(t.database.db);
    const launchId = trip.launchIds[0] ?? '';
    await makeTicket(t.database.db, { schedule: trip, seats: ['A1'] });
    const taken = await submit(await bookingFor(trip, { seats: ['A1'] }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().error).toMatchObject({ code: 'seats_unavailable', seats: ['A1'] });

    const lock = {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId,
      seatNumber: 'C3',
      userSession: randomUUID(),
      fromStop: 0,
      toStop: 1,
    };
    const lockedBooking = await bookingFor(trip, { seats: ['C3'] });
    await t.database.db.insert(seatLocks).values({ ...lock, lockedUntil: new Date(nowMs + 60_000) });
    const locked = await submit(lockedBooking);
    expect(locked.statusCode).toBe(409);
    expect(locked.json().error).toMatchObject({ code: 'seats_unavailable', seats: ['C3'] });
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(1);

    // An expired lock holds nothing.
    const later = await bookingFor(trip, { seats: ['C3'] });
    await t.database.db
      .update(seatLocks)
      .set({ lockedUntil: new Date(nowMs - 1000) })
      .where(eq(seatLocks.userSession, lock.userSession));
    expect((await submit(later)).statusCode).toBe(201);
  });

  it('requires a verified e-mail: missing, unknown, foreign or expired token -> 403', async () => {
    const trip = await makeSchedule(t.database.db);
    const booking = await bookingFor(trip);
    const cases = [
      { ...booking, verificationToken: undefined },
      { ...booking, verificationToken: 'vt_forged' },
      { ...booking, passenger: { ...booking.passenger, email: `other-${uniqueSuffix()}@example.com` } },
    ];
    for (const body of cases) {
      const res = await submit(body);
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'email_not_verified', message: MSG.verifyEmailFirst });
    }
    nowMs += 61 * 60_000;
    const expired = await submit(booking);
    expect(expired.statusCode).toBe(403);
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(0);
    // Same address in another case is the same address.
    const fresh = await bookingFor(trip);
    const upper = { ...fresh, passenger: { ...fresh.passenger, email: fresh.passenger.email.toUpperCase() } };
    expect((await submit(upper)).statusCode).toBe(201);
  });

  it('answers each missing part with the SPEC message', async () => {
    const trip = await makeSchedule(t.database.db);
    const booking = await bookingFor(trip);
    const cases: Array<[unknown, Buffer | null, string, string]> = [
      [booking, null, 'slip_and_trip_required', MSG.slipAndTripRequired],
      [{ ...booking, scheduleId: undefined }, photo, 'slip_and_trip_required', MSG.slipAndTripRequired],
      [
        { ...booking, passenger: { ...booking.passenger, name: ' ' } },
        photo,
        'missing_passenger_info',
        MSG.missingPassengerInfo,
      ],
      [{ ...booking, passenger: undefined }, photo, 'missing_passenger_info', MSG.missingPassengerInfo],
      [{ ...booking, seats: [] }, photo, 'select_seats', MSG.selectSeats],
      [{ ...booking, tickets: [] }, photo, 'select_ticket', MSG.selectTicket],
      [
        { ...booking, tickets: [{ type: 'local', category: 'adult', quantity: 0 }] },
        photo,
        'select_ticket',
        MSG.selectTicket,
      ],
      [{ ...booking, seats: ['A1', 'A2'] }, photo, 'too_many_seats', MSG.tooManySeats],
      [
        { ...booking, tickets: [{ type: 'local', category: 'adult', quantity: 2 }] },
        photo,
        'seat_count_mismatch',
        MSG.seatCountMismatch,
      ],
      [{ ...booking, paymentCurrency: 'EUR' }, photo, 'validation_error', MSG.checkRequiredFields],
      ['{not json', photo, 'validation_error', MSG.checkRequiredFields],
    ];
    for (const [body, slip, code, message] of cases) {
      const res = await submit(body, { slip });
      expect(res.statusCode, code).toBe(400);
      expect(res.json().error).toMatchObject({ code, message });
    }
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(0);
  });

  it('refuses an invalid trip: unknown, completed, wrong date, stops out of order, other launch', async () => {
    const trip = await makeSchedule(t.database.db, { stops: 3 });
    const booking = await bookingFor(trip);
    const completed = await makeSchedule(t.database.db, { status: 'completed' });
    const otherLaunch = await makeLaunch(t.database.db);
    const cases = [
      { ...booking, scheduleId: randomUUID() },
      { ...booking, travelDate: '2000-01-01' },
      { ...booking, originId: booking.destinationId, destinationId: booking.originId },
      { ...booking, destinationId: booking.originId },
      { ...booking, launchId: otherLaunch.id },
      {
        ...booking,
        scheduleId: completed.schedule.id,
        travelDate: completed.schedule.travelDate,
        originId: completed.stops[0]?.locationId,
        destinationId: completed.stops[1]?.locationId,
        launchId: completed.launchIds[0],
      },
    ];
    for (const body of cases) {
      const res = await submit(body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toEqual({ code: 'invalid_schedule', message: MSG.invalidSchedule });
    }
    const noSuchSeat = await submit({ ...booking, seats: ['Z9'] });
    expect(noSuchSeat.statusCode).toBe(400);
    expect(noSuchSeat.json().error.code).toBe('invalid_seats');
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(0);
  });

  it('refuses a bad slip and stores nothing at all', async () => {
    const trip = await makeSchedule(t.database.db);
    const booking = await bookingFor(trip);
    const before = await t.database.db.select().from(mailOutbox);
    for (const file of ['not-an-image.jpg', 'truncated.jpg']) {
      const res = await submit(booking, { slip: await readFile(path.join(FILES, file)) });
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect([MSG.imageType, MSG.imageUnreadable]).toContain(res.json().error.message);
    }
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(0);
    expect(
      await t.database.db.select().from(ticketSeats).where(eq(ticketSeats.scheduleId, trip.schedule.id)),
    ).toHaveLength(0);
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(before.length);
    const stored = await t.database.db.select({ reference: tickets.paymentReference }).from(tickets);
    const slipDir = path.join(t.config.uploadsDir, 'private', 'payment-slips');
    const dirs = existsSync(slipDir) ? await readdir(slipDir) : [];
    // Every stored slip belongs to a ticket that exists.
    expect(dirs.filter((d) => !stored.some((s) => s.reference === d))).toEqual([]);
  });

  it('refuses a slip over 10 MB with the SPEC message and books nothing', async () => {
    const trip = await makeSchedule(t.database.db);
    // A real JPEG header followed by padding: over the limit, whatever its content.
    const photoHead = await readFile(path.join(FILES, 'photo-exif-gps.jpg'));
    const big = Buffer.concat([photoHead, Buffer.alloc(11 * 1024 * 1024 - photoHead.length, 0)]);
    const res = await submit(await bookingFor(trip), { slip: big });
    expect(res.statusCode).toBe(413);
    expect(res.json().error.message).toBe(MSG.imageSize);
    expect(await ticketsOf(trip.schedule.id)).toHaveLength(0);
  });

  it('leaves no file behind when the booking fails after the slip was processed', async () => {
    const trip = await makeSchedule(t.database.db);
    await makeTicket(t.database.db, { schedule: trip, seats: ['A4'] });
    const res = await submit(await bookingFor(trip, { seats: ['A4'] }));
    expect(res.statusCode).toBe(409);
    const stored = await t.database.db.select({ reference: tickets.paymentReference }).from(tickets);
    const slipDir = path.join(t.config.uploadsDir, 'private', 'payment-slips');
    const dirs = existsSync(slipDir) ? await readdir(slipDir) : [];
    expect(dirs.filter((d) => !stored.some((s) => s.reference === d))).toEqual([]);
  });

  describe('lookup', () => {
    let reference = '';
    let trip: MadeSchedule;
    let email = '';
    beforeAll(async () => {
      trip = await makeSchedule(t.database.db, { stops: 3 });
      const booking = await bookingFor(trip, {
        seats: ['A1', 'A2'],
        tickets: [
          { type: 'foreigner', category: 'adult', quantity: 1 },
          { type: 'foreigner', category: 'child', quantity: 1 },
        ],
        paymentCurrency: 'USD',
        passenger: {
          name: 'Aishath  Mohamed',
          email: 'lookup@example.com',
          phone: '7654321',
          nationality: 'Maldivian',
          countryCode: '+960',
        },
        email: 'lookup@example.com',
      });
      email = booking.passenger.email;
      const res = await submit(booking);
      expect(res.statusCode).toBe(201);
      reference = res.json().reference;
    });

    it('finds the whole reference, trimmed and in any case, with a privacy-minimal view', async () => {
      for (const typed of [reference, `  ${reference} `, encodeURIComponent(` ${reference}`)]) {
        const res = await t.app.inject(`/api/bookings/${typed}`);
        expect(res.statusCode).toBe(200);
        expect(res.json().reference).toBe(reference);
      }
      const res = await t.app.inject(`/api/bookings/${reference}`);
      const view = res.json();
      expect(view).toEqual({
        reference,
        ticketStatus: 'pending',
        ticketStatusLabel: 'Pending',
        paymentStatus: 'pending',
        // The booking came with its slip: the office is checking it.
        paymentStatusLabel: 'Slip received, being checked',
        statusText: 'Your booking is being reviewed. You will be notified once approved.',
        statusKey: 'pending',
        travelDate: trip.schedule.travelDate,
        departureTime: '08:00',
        from: { name: expect.stringMatching(/^Island /), nameDv: '' },
        to: { name: expect.stringMatching(/^Island /), nameDv: '' },
        stops: [
          { stopOrder: 0, name: expect.any(String), nameDv: '', departureTime: '08:00' },
          { stopOrder: 1, name: expect.any(String), nameDv: '', departureTime: '08:30' },
          { stopOrder: 2, name: expect.any(String), nameDv: '', departureTime: null },
        ],
        launchName: expect.stringMatching(/^Launch /),
        seatNumbers: ['A1', 'A2'],
        adultCount: 1,
        childCount: 1,
        infantCount: 0,
        ticketBreakdown: [
          { type: 'foreigner', category: 'adult', quantity: 1, price: '5.00' },
          { type: 'foreigner', category: 'child', quantity: 1, price: '3.00' },
        ],
        totalAmount: '8.00',
        currency: 'USD',
        passengerName: 'A*** M***',
        // Sent without persons: the contact is the one named, the child is not.
        persons: [{ name: 'A*** M***', nationality: '', category: 'adult', type: 'foreigner' }],
        unnamedCount: 1,
        createdAt: expect.any(String),
        proofReceived: true,
        usualApprovalMinutes: 120,
        paymentDueAt: null,
        // A single trip: one journey, the whole booking (docs/decisions/037-return-trips.md).
        journeys: [
          {
            journey: 1,
            scheduleId: trip.schedule.id,
            travelDate: trip.schedule.travelDate,
            departureTime: '08:00',
            from: { id: expect.any(String), name: expect.stringMatching(/^Island /), nameDv: '' },
            to: { id: expect.any(String), name: expect.stringMatching(/^Island /), nameDv: '' },
            launchName: expect.stringMatching(/^Launch /),
            seats: ['A1', 'A2'],
            totalAmount: '8.00',
            ticketStatus: 'pending',
          },
        ],
      });
      expect(res.body).not.toContain(email);
      expect(res.body).not.toContain('7654321');
      expect(res.body).not.toContain('slip');
      expect(res.body).not.toContain('Mohamed');
    });

    it('matches references case-insensitively', async () => {
      const made = await makeTicket(t.database.db, { paymentReference: `AbC${uniqueSuffix()}` });
      const res = await t.app.inject(`/api/bookings/${made.ticket.paymentReference.toLowerCase()}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().reference).toBe(made.ticket.paymentReference);
    });

    it('answers 404 for a prefix, a longer text or an unknown reference', async () => {
      for (const typed of [reference.slice(0, 8), `${reference}1`, '0000000000', 'x'.repeat(100)]) {
        const res = await t.app.inject(`/api/bookings/${typed}`);
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toEqual({ code: 'booking_not_found', message: MSG.bookingNotFound });
      }
    });

    it('shows a confirmed ticket on a completed trip as completed, and Unknown Location when missing', async () => {
      const done = await makeSchedule(t.database.db);
      const made = await makeTicket(t.database.db, { schedule: done, status: 'confirmed', originId: null });
      const before = (await t.app.inject(`/api/bookings/${made.ticket.paymentReference}`)).json();
      expect(before.statusText).toBe('Your booking is approved. Please arrive 30 minutes before departure.');
      expect(before.ticketStatusLabel).toBe('Approved');
      expect(before.paymentStatusLabel).toBe('Paid');
      expect(before.from).toEqual({ name: 'Unknown Location', nameDv: '' });
      // The operator completes the trip; the lookup answers afresh at once (no second-old copy).
      const admin = await signInAs(t.app);
      const completed = await admin.post(`/api/admin/schedules/${done.schedule.id}/status`, {
        status: 'completed',
      });
      expect(completed.statusCode).toBe(200);
      const after = (await t.app.inject(`/api/bookings/${made.ticket.paymentReference}`)).json();
      expect(after.statusText).toBe('Your trip has been completed. Thank you for traveling with us!');
      expect(after.statusKey).toBe('completed');
    });
  });
});
