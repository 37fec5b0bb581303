import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox, reservedReferences, tickets } from '#server/db/schema.ts';
import { addDays, dateInZone } from '#server/lib/clock.ts';
import { HOUR_MS, MINUTE_MS } from '#server/lib/sweep-statements.ts';
import { sweepExpiredData } from '#server/services/sweep-expired-data.ts';
import type { BookingRequest } from '#shared/schemas.ts';
import { type MadeSchedule, makePaymentSettings, makeSchedule, uniqueSuffix } from '#tests/factories.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  postBooking,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const SLIP = path.resolve(import.meta.dirname, '../../../../tests/files/photo-exif-gps.jpg');
const REFERENCE = /^\d{10}$/;

describe(`the booking reference is made at the seat lock (${testDatabaseKind})`, () => {
  // A clock the tests move: a hold runs out after SEAT_HOLD_SECONDS, a reservation after a day.
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
  const silentLog = { info: () => {}, error: () => {} };

  /** Out A -> B at 08:00 (arriving 09:00) and back B -> A at 14:00, a few days ahead. */
  async function route() {
    const travelDate = addDays(dateInZone(current, t.app.deps.config.tzOperator), 4);
    const out = await makeSchedule(db(), {
      travelDate,
      stops: [{ departureTime: '08:00' }, { departureTime: '09:00' }],
    });
    const [a, b] = out.stops.map((s) => s.locationId) as [string, string];
    const back = await makeSchedule(db(), {
      travelDate,
      stops: [
        { locationId: b, departureTime: '14:00' },
        { locationId: a, departureTime: '15:00' },
      ],
    });
    return { out, back };
  }

  const ends = (trip: MadeSchedule) => ({
    scheduleId: trip.schedule.id,
    travelDate: trip.schedule.travelDate,
    launchId: trip.launchIds[0] ?? '',
    originId: trip.stops[0]?.locationId ?? '',
    destinationId: trip.stops[trip.stops.length - 1]?.locationId ?? '',
  });

  async function passenger() {
    const email = `ref-${uniqueSuffix()}@example.com`;
    return { email, token: await verifiedToken(t.app, email), session: randomUUID() };
  }

  const lock = (
    trip: MadeSchedule,
    seats: string[],
    who: { token: string; session: string },
    back?: { trip: MadeSchedule; seats: string[] },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/seat-locks',
      headers: { 'x-booking-session': who.session },
      payload: {
        ...ends(trip),
        seats,
        verificationToken: who.token,
        ...(back ? { return: { ...ends(back.trip), seats: back.seats } } : {}),
      },
    });

  async function lockedReference(...args: Parameters<typeof lock>): Promise<string> {
    const res = await lock(...args);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.lockedUntil).toEqual(expect.any(String));
    expect(body.reference).toMatch(REFERENCE);
    return body.reference;
  }

  /** POST /api/bookings under a chosen session and idempotency key, as the wizard retries it. */
  async function book(booking: BookingRequest, session: string, key = `key-${randomUUID()}`) {
    const body = await multipartBody(
      { booking: JSON.stringify(booking) },
      { slip: { body: await readFile(SLIP), type: 'image/jpeg', name: 'slip.jpg' } },
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/bookings',
      payload: body.payload,
      headers: { ...body.headers, 'x-booking-session': session, 'idempotency-key': key },
    });
  }

  it('a lock answers a reference that the session keeps through a new seat choice and a return; another session gets another', async () => {
    const { out, back } = await route();
    const me = await passenger();
    const first = await lockedReference(out, ['A1'], me);
    // The passenger went back and chose other seats, then added the way back.
    expect(await lockedReference(out, ['A2'], me)).toBe(first);
    expect(await lockedReference(out, ['A2'], me, { trip: back, seats: ['B1'] })).toBe(first);

    const other = await passenger();
    const theirs = await lockedReference(out, ['C1'], other);
    expect(theirs).not.toBe(first);

    // A refused lock keeps nothing for the session and changes nobody's reference.
    const refused = await lock(out, ['A2'], await passenger());
    expect(refused.statusCode).toBe(409);
    expect(await lockedReference(out, ['C1'], other)).toBe(theirs);
  });

  it('the booking carries the session’s reference; a retry answers it again; the mail asks for it as the remark', async () => {
    const { out } = await route();
    const me = await passenger();
    const reference = await lockedReference(out, ['A1'], me);
    const booking = tripBookingRequest(out, { seats: ['A1'], email: me.email, verificationToken: me.token });
    const key = `key-${randomUUID()}`;
    const created = await book(booking, me.session, key);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().reference).toBe(reference);
    const retried = await book(booking, me.session, key);
    expect(retried.statusCode, retried.body).toBe(201);
    expect(retried.json().reference).toBe(reference);
    expect(await db().select().from(tickets).where(eq(tickets.paymentReference, reference))).toHaveLength(1);

    const [mail] = await db()
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, me.email))
      .orderBy(desc(mailOutbox.seq))
      .limit(1);
    expect(mail?.text).toContain(
      `Write ${reference} as the remark of your transfer, so we can match your payment quickly.`,
    );

    // The booking took it: the same session's next lock starts a new booking, with a new reference.
    const next = await lockedReference(out, ['A2'], me);
    expect(next).not.toBe(reference);
  });

  it('a return booking carries the reference on both journeys', async () => {
    const { out, back } = await route();
    const me = await passenger();
    const reference = await lockedReference(out, ['A1'], me, { trip: back, seats: ['A2'] });
    const booking: BookingRequest = {
      ...tripBookingRequest(out, { seats: ['A1'], email: me.email, verificationToken: me.token }),
      return: { ...ends(back), seats: ['A2'] },
    };
    const created = await book(booking, me.session);
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().reference).toBe(reference);
    const rows = await db().select().from(tickets).where(eq(tickets.paymentReference, reference));
    expect(rows.map((r) => r.journey).sort()).toEqual([1, 2]);
  });

  it('after the hold ran out the session’s new lock keeps the reference; a day after its last lock it is let go and swept', async () => {
    const { out } = await route();
    const me = await passenger();
    const reference = await lockedReference(out, ['A1'], me);
    later(t.app.deps.config.seatHoldSeconds * 1000 + MINUTE_MS);
    expect(await lockedReference(out, ['A1'], me)).toBe(reference);

    // Each lock keeps it a day more: 23 hours on it is still the session's.
    later(23 * HOUR_MS);
    const again = { ...me, token: await verifiedToken(t.app, me.email) };
    expect(await lockedReference(out, ['A1'], again)).toBe(reference);

    // A day and more after the last lock: swept, and the session's next lock has a new one.
    later(25 * HOUR_MS);
    await sweepExpiredData({ db: db(), storage: t.app.deps.storage, clock, log: silentLog });
    expect(
      await db().select().from(reservedReferences).where(eq(reservedReferences.reference, reference)),
    ).toEqual([]);
    const fresh = { ...me, token: await verifiedToken(t.app, me.email) };
    const renewed = await lockedReference(out, ['A1'], fresh);
    expect(renewed).not.toBe(reference);
  });

  it('a booking from a session that locked nothing (an older client) still gets a fresh reference, claimed like a reserved one', async () => {
    const { out } = await route();
    const me = await passenger();
    const res = await postBooking(
      t.app,
      tripBookingRequest(out, { seats: ['A1'], email: me.email, verificationToken: me.token }),
      { session: me.session },
    );
    expect(res.statusCode, res.body).toBe(201);
    const { reference } = res.json();
    expect(reference).toMatch(REFERENCE);
    // Claimed among the reserved ones, so no session can be handed it while its day lasts.
    const [claimed] = await db()
      .select()
      .from(reservedReferences)
      .where(eq(reservedReferences.reference, reference));
    expect(claimed?.userSession).toBeNull();
  });
});
