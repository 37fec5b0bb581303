import { randomUUID } from 'node:crypto';
import { and, desc, eq, gt, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { mailOutbox, seatLocks, ticketSeats, tickets, verificationTokens } from '#server/db/schema.ts';
import type { Trip } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makeLaunch,
  makePaymentSettings,
  makeSchedule,
  seatLabels,
} from '#tests/factories.ts';
import { signInAs } from '#tests/setup/admin-app.ts';
import {
  postBooking,
  searchTrips,
  seatLockRequest,
  tripBookingRequest,
} from '#tests/setup/public-booking.ts';
import { createTestApp, useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * No hostage inventory: from one client address, with the product's real per-address limits
 * (RATE_LIMIT_SCALE=1 and the default hold limits), fresh booking sessions and any number of
 * e-mail addresses at one domain cannot hold a departure.
 */

const ATTACKER = '203.0.113.7';

describe(`fair holds (${testDatabaseKind})`, () => {
  let slip: Buffer;
  const db = () => t.database.db;

  const t = useTestApp({ env: { RATE_LIMIT_SCALE: '1' } }, async () => {
    await makePaymentSettings(db());
    slip = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
  });

  /** Step 2 as a passenger at `ip` does it: a code to the address, read from the mail, sent back. */
  async function verify(email: string, ip: string) {
    const sent = await t.app.inject({
      method: 'POST',
      url: '/api/email-codes',
      payload: { email },
      remoteAddress: ip,
    });
    if (sent.statusCode !== 200) return { status: sent.statusCode, body: sent.json(), token: '' };
    const [mail] = await db()
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.seq))
      .limit(1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/email-codes/verify',
      payload: { email, code },
      remoteAddress: ip,
    });
    return { status: res.statusCode, body: res.json(), token: res.json().verificationToken as string };
  }

  const lock = (
    trip: MadeSchedule,
    seats: string[],
    opts: { session?: string; token?: string; ip?: string; launchId?: string; method?: 'POST' | 'DELETE' },
  ) => seatLockRequest(t.app, opts.method ?? 'POST', trip, seats, { ...opts, ip: opts.ip ?? ATTACKER });

  async function book(
    trip: MadeSchedule,
    seats: string[],
    opts: { email: string; token: string; ip?: string; session?: string },
  ) {
    const booking = tripBookingRequest(trip, { seats, email: opts.email, verificationToken: opts.token });
    return postBooking(t.app, booking, { slip, session: opts.session, ip: opts.ip ?? ATTACKER });
  }

  /** What the trip search shows passengers of the departure: its free seats. */
  async function shownFree(trip: MadeSchedule): Promise<number> {
    const res = await searchTrips(t.app, trip, { to: -1, ip: '198.51.100.200' });
    const [found] = res.json() as Trip[];
    return found?.availableSeats ?? -1;
  }

  /** Seats one address holds on a departure: live locks and pending bookings together. */
  async function heldBy(trip: MadeSchedule, ip: string): Promise<number> {
    const [locks] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(seatLocks)
      .where(
        and(
          eq(seatLocks.scheduleId, trip.schedule.id),
          eq(seatLocks.clientIp, ip),
          gt(seatLocks.lockedUntil, new Date()),
        ),
      );
    const [booked] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(ticketSeats)
      .innerJoin(tickets, eq(tickets.id, ticketSeats.ticketId))
      .where(
        and(
          eq(ticketSeats.scheduleId, trip.schedule.id),
          eq(tickets.clientIp, ip),
          eq(tickets.ticketStatus, 'pending'),
        ),
      );
    return Number(locks?.n ?? 0) + Number(booked?.n ?? 0);
  }

  it('refuses a lock without a verified e-mail, and holds nothing', async () => {
    const trip = await makeSchedule(db());
    const none = await lock(trip, ['A1'], {});
    expect(none.statusCode).toBe(403);
    expect(none.json().error).toMatchObject({
      code: 'email_not_verified',
      message: 'Please verify your email address first',
    });
    const forged = await lock(trip, ['A1'], { token: `vt_${'x'.repeat(43)}` });
    expect(forged.statusCode).toBe(403);
    expect(await heldBy(trip, ATTACKER)).toBe(0);
  });

  it('lets one address hold at most 20 seats of a 48-seat departure for a minute, and it never shows sold out', async () => {
    const launch = await makeLaunch(db(), { seats: 48 });
    const trip = await makeSchedule(db(), { launchIds: [launch.id] });
    const labels = seatLabels(48);
    expect(await shownFree(trip)).toBe(48);

    // Ten addresses at one mail domain, each verified from the attacking address; the eleventh
    // new address in the hour is refused.
    const tokens: Array<{ email: string; token: string }> = [];
    for (let i = 0; i < 10; i++) {
      const email = `flood${i}@junk.example`;
      const v = await verify(email, ATTACKER);
      expect(v.status).toBe(200);
      tokens.push({ email, token: v.token });
    }
    const eleventh = await verify('flood10@junk.example', ATTACKER);
    expect(eleventh.status).toBe(429);
    // The per-instance request limit answers first here; the per-hour count below holds across instances.
    expect(['verification_limit', 'rate_limited']).toContain(eleventh.body.error.code);

    // A minute of lock requests (the per-address request limit is 30 a minute), every one with a
    // fresh booking session and the next e-mail, each asking for 4 seats nobody holds yet.
    let next = 0;
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 30; attempt++) {
      const seats = labels.slice(next, next + 4);
      const who = tokens[attempt % tokens.length];
      const res = await lock(trip, seats, { token: who?.token ?? '' });
      statuses.push(res.statusCode);
      if (res.statusCode === 200) next += 4;
      else {
        expect(res.statusCode).toBe(429);
        expect(['seat_hold_limit', 'rate_limited']).toContain(res.json().error.code);
      }
      expect(await heldBy(trip, ATTACKER)).toBeLessThanOrEqual(20);
      expect(await shownFree(trip)).toBeGreaterThan(0);
    }
    expect(await heldBy(trip, ATTACKER)).toBe(20);
    expect(statuses.filter((s) => s === 200)).toHaveLength(5);

    // Pending bookings count too: a booking of two more seats, no lock needed, is refused.
    const who = tokens[0] as { email: string; token: string };
    const booked = await book(trip, labels.slice(40, 42), who);
    expect(booked.statusCode).toBe(429);
    expect(booked.json().error.code).toBe('seat_hold_limit');
    expect(booked.json().error.message).toMatch(/contact us/);
    expect(await heldBy(trip, ATTACKER)).toBe(20);
    expect(await shownFree(trip)).toBe(28);

    // Other passengers still book.
    const other = await verify('someone@example.com', '198.51.100.9');
    expect(
      (await lock(trip, labels.slice(44, 46), { token: other.token, ip: '198.51.100.9' })).statusCode,
    ).toBe(200);
  });

  it('never lets one address take more than half of what it could take', async () => {
    const trip = await makeSchedule(db());
    const v = await verify('half@example.com', '198.51.100.20');
    const ip = '198.51.100.20';
    expect((await lock(trip, ['A1', 'A2', 'A3', 'A4', 'B1', 'B2'], { token: v.token, ip })).statusCode).toBe(
      200,
    );
    const seventh = await lock(trip, ['B3'], { token: v.token, ip });
    expect(seventh.statusCode).toBe(429);
    expect(seventh.json().error).toMatchObject({ code: 'seat_hold_limit', more: 0 });
    expect(await shownFree(trip)).toBe(6);
    // The session's own selection is replaced, not added to: changing seats is always allowed.
    const session = randomUUID();
    const w = await verify('half2@example.com', '198.51.100.21');
    const other = { token: w.token, ip: '198.51.100.21', session };
    expect((await lock(trip, ['C1', 'C2', 'C3'], other)).statusCode).toBe(200);
    expect((await lock(trip, ['C2', 'C3', 'C4'], other)).statusCode).toBe(200);
    const fourth = await lock(trip, ['C1', 'C2', 'C3', 'C4'], other);
    expect(fourth.statusCode).toBe(429);
    expect(fourth.json().error.message).toBe(
      'To keep seats open for everyone, at most 3 more seats on this departure can be held from your connection right now. Choose fewer seats, or contact us to book a larger group.',
    );
  });

  it('counts what one address holds on each leg: a seat freed at a stop never lets it hold more of a departure', async () => {
    const trip = await makeSchedule(db(), { stops: 4 });
    const [male, airport, thoddoo, rasdhoo] = trip.stops.map((s) => s.locationId);
    const ip = '198.51.100.30';
    const v = await verify('legs@example.com', ip);
    const seats = ['A1', 'A2', 'A3', 'A4', 'B1', 'B2'];
    const on = (originId?: string, destinationId?: string) => ({
      token: v.token,
      ip,
      ...(originId ? { originId } : {}),
      ...(destinationId ? { destinationId } : {}),
    });
    // Half of the 12 seats on the first leg is the most this address may hold there.
    expect((await lock(trip, seats, on(male, airport))).statusCode).toBe(200);
    const more = await lock(trip, ['B3'], on(male, thoddoo));
    expect(more.statusCode).toBe(429);
    expect(more.json().error).toMatchObject({ code: 'seat_hold_limit', more: 0 });
    // The same seats after the Airport are other legs: as many again, never more on any leg.
    expect((await lock(trip, seats, on(airport, rasdhoo))).statusCode).toBe(200);
    const after = await lock(trip, ['B3'], on(thoddoo, rasdhoo));
    expect(after.statusCode).toBe(429);
    expect(after.json().error).toMatchObject({ code: 'seat_hold_limit', more: 0 });
    // A whole-departure lock (no stops named) counts on every leg.
    const whole = await lock(trip, ['B3'], on());
    expect(whole.statusCode).toBe(429);
    expect(await heldBy(trip, ip)).toBe(12);
  });

  it('lets one e-mail hold at most 20 seats in live locks, across departures', async () => {
    const big = await makeLaunch(db(), { seats: 48 });
    const first = await makeSchedule(db(), { launchIds: [big.id] });
    const second = await makeSchedule(db(), { launchIds: [(await makeLaunch(db(), { seats: 48 })).id] });
    const v = await verify('collector@example.com', '198.51.100.30');
    const labels = seatLabels(48);
    expect((await lock(first, labels.slice(0, 12), { token: v.token, ip: '198.51.100.30' })).statusCode).toBe(
      200,
    );
    const over = await lock(second, labels.slice(0, 9), { token: v.token, ip: '198.51.100.31' });
    expect(over.statusCode).toBe(429);
    expect(over.json().error).toMatchObject({
      code: 'email_hold_limit',
      message:
        'One e-mail address can hold at most 20 seats at a time. Finish or release the seats you hold, then try again.',
    });
    expect((await lock(second, labels.slice(0, 8), { token: v.token, ip: '198.51.100.31' })).statusCode).toBe(
      200,
    );
    // One request can never carry more than a booking may.
    const third = await makeSchedule(db(), { launchIds: [(await makeLaunch(db(), { seats: 48 })).id] });
    const w = await verify('group@example.com', '198.51.100.32');
    const huge = await lock(third, labels.slice(0, 21), { token: w.token, ip: '198.51.100.32' });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().error.code).toBe('too_many_tickets');
  });

  it('lets one e-mail have at most 3 bookings waiting for review; a review frees a place', async () => {
    const ip = '198.51.100.40';
    const v = await verify('repeat@example.com', ip);
    const who = { email: 'repeat@example.com', token: v.token, ip };
    const trips = [await makeSchedule(db()), await makeSchedule(db()), await makeSchedule(db())];
    for (const trip of trips) expect((await book(trip, ['A1'], who)).statusCode).toBe(201);
    const fourthTrip = await makeSchedule(db());
    const fourth = await book(fourthTrip, ['A1'], who);
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json().error).toMatchObject({
      code: 'pending_bookings_limit',
      message:
        'You already have 3 bookings waiting for review. Please wait until they are approved or rejected, or contact us.',
    });
    const [one] = await db()
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.passengerEmail, who.email));
    const admin = await signInAs(t.app);
    const rejected = await admin.post(`/api/admin/tickets/${one?.id}/reject`, {});
    expect(rejected.statusCode).toBe(200);
    expect((await book(fourthTrip, ['A1'], who)).statusCode).toBe(201);
  });

  it('lets exactly one of two parallel requests of one address pass the count', async () => {
    const launch = await makeLaunch(db(), { seats: 48 });
    const trip = await makeSchedule(db(), { launchIds: [launch.id] });
    const labels = seatLabels(48);
    const ip = '198.51.100.50';
    const a = await verify('twin-a@example.com', ip);
    const b = await verify('twin-b@example.com', ip);
    const results = await Promise.all([
      lock(trip, labels.slice(0, 12), { token: a.token, ip }),
      lock(trip, labels.slice(12, 24), { token: b.token, ip }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 429]);
    expect(await heldBy(trip, ip)).toBe(12);
  });

  it('releases with the session alone, even once the verification has expired', async () => {
    const trip = await makeSchedule(db());
    const ip = '198.51.100.60';
    const v = await verify('release@example.com', ip);
    const session = randomUUID();
    expect((await lock(trip, ['A1', 'A2'], { token: v.token, ip, session })).statusCode).toBe(200);
    await db()
      .update(verificationTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verificationTokens.email, 'release@example.com'));
    const released = await lock(trip, ['A1', 'A2'], { ip, session, method: 'DELETE' });
    expect(released.statusCode).toBe(200);
    expect(released.json()).toEqual({ released: 2 });
    expect(await heldBy(trip, ip)).toBe(0);
  });

  it('books only with the e-mail the seats were held with', async () => {
    const trip = await makeSchedule(db());
    const ip = '198.51.100.70';
    const session = randomUUID();
    const holder = await verify('holder@example.com', ip);
    const other = await verify('other@example.com', ip);
    expect((await lock(trip, ['A1'], { token: holder.token, ip, session })).statusCode).toBe(200);
    const mismatch = await book(trip, ['A1'], {
      email: 'other@example.com',
      token: other.token,
      ip,
      session,
    });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().error.code).toBe('lock_email_mismatch');
    const same = await book(trip, ['A1'], { email: 'holder@example.com', token: holder.token, ip, session });
    expect(same.statusCode).toBe(201);
  });

  it('lets the office reject every pending booking of one e-mail or one address in one action', async () => {
    const floodIp = '198.51.100.80';
    const junk = await verify('junk@flood.example', floodIp);
    const junk2 = await verify('junk2@flood.example', floodIp);
    const trips = [await makeSchedule(db()), await makeSchedule(db())];
    for (const trip of trips) {
      expect(
        (await book(trip, ['A1'], { email: 'junk@flood.example', token: junk.token, ip: floodIp }))
          .statusCode,
      ).toBe(201);
    }
    expect(
      (
        await book(trips[0] as MadeSchedule, ['A2'], {
          email: 'junk2@flood.example',
          token: junk2.token,
          ip: floodIp,
        })
      ).statusCode,
    ).toBe(201);
    const honest = await verify('honest@example.com', '198.51.100.81');
    expect(
      (
        await book(trips[0] as MadeSchedule, ['A3'], {
          email: 'honest@example.com',
          token: honest.token,
          ip: '198.51.100.81',
        })
      ).statusCode,
    ).toBe(201);

    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/admin/tickets/reject-pending',
      payload: { clientIp: floodIp },
    });
    expect(anonymous.statusCode).toBe(401);

    const admin = await signInAs(t.app);
    const listed = await admin.inject({
      method: 'GET',
      url: '/api/admin/tickets',
      query: { status: 'pending', email: 'JUNK@flood.example' },
    });
    expect(listed.json().tickets).toHaveLength(2);
    expect(listed.json().tickets[0].clientIp).toBe(floodIp);

    const byEmail = await admin.post('/api/admin/tickets/reject-pending', {
      email: 'Junk@Flood.example',
      remarks: 'Junk bookings',
    });
    expect(byEmail.json()).toEqual({ rejected: 2 });
    const byAddress = await admin.post('/api/admin/tickets/reject-pending', { clientIp: floodIp });
    expect(byAddress.json()).toEqual({ rejected: 1 });
    const both = await admin.post('/api/admin/tickets/reject-pending', {
      clientIp: floodIp,
      email: 'junk@flood.example',
    });
    expect(both.statusCode).toBe(400);

    const rows = await db()
      .select({ email: tickets.passengerEmail, status: tickets.ticketStatus, remarks: tickets.remarks })
      .from(tickets)
      .where(eq(tickets.scheduleId, trips[0]?.schedule.id ?? ''));
    expect(rows.find((r) => r.email === 'honest@example.com')?.status).toBe('pending');
    expect(rows.filter((r) => r.email !== 'honest@example.com').every((r) => r.status === 'cancelled')).toBe(
      true,
    );
    expect(rows.find((r) => r.email === 'junk@flood.example')?.remarks).toBe('Junk bookings');
    // Their seats are free again.
    expect(await shownFree(trips[0] as MadeSchedule)).toBe(11);
  });

  it('counts new e-mail verifications per client address in the database, across instances', async () => {
    // Two instances on one database would each allow their own request quota; the hourly count
    // lives in the database. Raising the request limit shows the count alone.
    const wide = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    try {
      const ask = (email: string, ip: string) =>
        wide.app.inject({ method: 'POST', url: '/api/email-codes', payload: { email }, remoteAddress: ip });
      for (let i = 0; i < 10; i++) expect((await ask(`new${i}@junk.example`, ATTACKER)).statusCode).toBe(200);
      const eleventh = await ask('new10@junk.example', ATTACKER);
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.json().error).toEqual({
        code: 'verification_limit',
        message:
          'Too many e-mail addresses were verified from your connection in the last hour. Please try again later.',
      });
      // An address asked for before is not a new one (its own 60 s cooldown still applies), and
      // another client is not affected.
      expect((await ask('new0@junk.example', ATTACKER)).json().error.code).toBe('otp_cooldown');
      expect((await ask('new10@junk.example', '198.51.100.90')).statusCode).toBe(200);
    } finally {
      await wide.close();
    }
  });

  it('lets an operator raise the per-address limit for passengers behind one shared address', async () => {
    const shared = await createTestApp({ env: { SEAT_HOLD_PER_IP: '48', SEAT_HOLD_MAX_SHARE: '1' } });
    try {
      const sdb = shared.database.db;
      const launch = await makeLaunch(sdb, { seats: 48 });
      const trip = await makeSchedule(sdb, { launchIds: [launch.id] });
      const labels = seatLabels(48);
      const ip = '100.64.0.1';
      for (let i = 0; i < 3; i++) {
        const email = `carrier${i}@example.com`;
        await shared.app.inject({
          method: 'POST',
          url: '/api/email-codes',
          payload: { email },
          remoteAddress: ip,
        });
        const [mail] = await sdb
          .select({ text: mailOutbox.text })
          .from(mailOutbox)
          .where(eq(mailOutbox.to, email));
        const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
        const token = (
          await shared.app.inject({
            method: 'POST',
            url: '/api/email-codes/verify',
            payload: { email, code },
            remoteAddress: ip,
          })
        ).json().verificationToken;
        const res = await shared.app.inject({
          method: 'POST',
          url: '/api/seat-locks',
          headers: { 'x-booking-session': randomUUID() },
          remoteAddress: ip,
          payload: {
            scheduleId: trip.schedule.id,
            travelDate: trip.schedule.travelDate,
            launchId: launch.id,
            seats: labels.slice(i * 16, i * 16 + 16),
            verificationToken: token,
          },
        });
        expect(res.statusCode).toBe(200);
      }
    } finally {
      await shared.close();
    }
  });
});
