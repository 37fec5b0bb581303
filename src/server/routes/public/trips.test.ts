import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seatLocks } from '#server/db/schema.ts';
import { addDays, instantInZone } from '#server/lib/clock.ts';
import { MSG } from '#shared/messages/api.ts';
import type { SeatMap, Trip, TripDates, TripLaunch } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makeLaunch,
  makeLocation,
  makePaymentSettings,
  makeSchedule,
  makeTicket,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { MANY_HOLDS_PER_ADDRESS, seatLockRequest, verifiedToken } from '#tests/setup/public-booking.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const HOLD_SECONDS = 900;

describe(`trips, seat map and seat locks (${testDatabaseKind})`, () => {
  let t: TestApp;
  // A clock the tests move forward instead of sleeping through a seat hold.
  let current = new Date();
  const clock = { now: () => current };
  const advance = (seconds: number) => {
    current = new Date(current.getTime() + seconds * 1000);
  };
  // Trips are dated tomorrow so moving the clock never turns them into past days.
  const tomorrow = addDays(todayInOperatorZone(), 1);

  // One verified passenger e-mail serves every lock here (step 2 comes before the seats).
  let token = '';

  beforeAll(async () => {
    t = await createTestApp({
      clock,
      // These tests race many sessions from one address for seats; the fair-hold limits that
      // would stop one address have their own tests (fair-holds.test.ts).
      env: {
        SEAT_HOLD_SECONDS: String(HOLD_SECONDS),
        RATE_LIMIT_SCALE: '100',
        ...MANY_HOLDS_PER_ADDRESS,
        MAX_TICKETS_PER_BOOKING: '200',
      },
    });
    token = await verifiedToken(t.app, 'seats@example.com');
  });
  afterAll(() => t.close());

  const db = () => t.database.db;

  // Schedules and tickets here are written straight to the database, as another instance would,
  // and a date's trips are shared for up to a second: each search starts from the database.
  const search = (query: Record<string, string>) => {
    t.app.deps.tripSearchCache.clear();
    return t.app.inject({ method: 'GET', url: '/api/trips', query });
  };

  const seatMap = (trip: MadeSchedule, launchId: string, session?: string) =>
    t.app.inject({
      method: 'GET',
      url: `/api/trips/${trip.schedule.id}/seats`,
      query: { date: trip.schedule.travelDate, launchId },
      headers: session ? { 'x-booking-session': session } : {},
    });

  const states = async (trip: MadeSchedule, launchId: string, session?: string) => {
    const res = await seatMap(trip, launchId, session);
    expect(res.statusCode).toBe(200);
    const body = res.json() as SeatMap;
    return {
      map: Object.fromEntries(body.seats.map((s) => [s.label, s.state])),
      lockedUntil: body.lockedUntil,
    };
  };

  const lock = (
    method: 'POST' | 'DELETE',
    trip: MadeSchedule,
    seats: string[],
    session: string | undefined,
    launchId = trip.launchIds[0] as string,
  ) =>
    seatLockRequest(t.app, method, trip, seats, {
      session: session ?? null,
      launchId,
      ...(method === 'POST' ? { token } : {}),
    });

  const lockRows = (trip: MadeSchedule, seat: string) =>
    db()
      .select()
      .from(seatLocks)
      .where(and(eq(seatLocks.scheduleId, trip.schedule.id), eq(seatLocks.seatNumber, seat)));

  describe('GET /api/trips', () => {
    it('finds a trip only between two of its stops in route order', async () => {
      const trip = await makeSchedule(db(), { stops: 3, travelDate: tomorrow });
      const [a, b, c] = trip.stops.map((s) => s.locationId) as [string, string, string];
      const ids = async (from: string, to: string) => {
        const res = await search({ date: tomorrow, from, to });
        expect(res.statusCode).toBe(200);
        return (res.json() as Trip[]).map((x) => x.scheduleId);
      };
      expect(await ids(a, b)).toEqual([trip.schedule.id]);
      expect(await ids(b, c)).toEqual([trip.schedule.id]);
      expect(await ids(a, c)).toEqual([trip.schedule.id]);
      expect(await ids(c, a)).toEqual([]);
      expect(await ids(b, a)).toEqual([]);
      const elsewhere = await makeLocation(db());
      expect(await ids(a, elsewhere.id)).toEqual([]);
    });

    it('describes the trip from the From stop: names, time, stops and launches', async () => {
      const trip = await makeSchedule(db(), { stops: 3, travelDate: tomorrow });
      const [, b, c] = trip.stops;
      const res = await search({ date: tomorrow, from: b?.locationId ?? '', to: c?.locationId ?? '' });
      const [found] = res.json() as Trip[];
      const names = await t.app.inject('/api/locations');
      const nameOf = (id: string) =>
        (names.json() as Array<{ id: string; name: string }>).find((l) => l.id === id)?.name;
      expect(found).toEqual({
        scheduleId: trip.schedule.id,
        travelDate: tomorrow,
        from: { id: b?.locationId, name: nameOf(b?.locationId ?? ''), nameDv: '' },
        to: { id: c?.locationId, name: nameOf(c?.locationId ?? ''), nameDv: '' },
        // The factory's stops leave at 08:00 and 08:30; the passenger boards at the second.
        departureTime: '08:30',
        passengerDepartureTime: '08:30',
        stops: trip.stops.map((s) => ({
          stopOrder: s.stopOrder,
          locationId: s.locationId,
          name: nameOf(s.locationId),
          nameDv: '',
          departureTime: s.departureTime ? s.departureTime.slice(0, 5) : null,
        })),
        launchIds: trip.launchIds,
        availableSeats: 12,
        status: 'scheduled',
        // The last stop has no time in the timetable: no arrival to tell.
        arrivalTime: null,
        durationMinutes: null,
        fare: found?.fare,
        // The pair has no fares of its own: the price list's (docs/decisions/033).
        prices: {
          localAdultPrice: expect.any(String),
          localChildPrice: expect.any(String),
          foreignerAdultPrice: expect.any(String),
          foreignerChildPrice: expect.any(String),
          // An infant's, free unless priced, and each concession's (docs/decisions/036).
          categoryPrices: expect.arrayContaining([
            { code: 'infant', localPrice: '0.00', foreignerPrice: '0.00' },
          ]),
        },
      });
      expect(found?.stops.map((s) => s.departureTime)).toEqual(['08:00', '08:30', null]);
    });

    it('tells when the launch reaches the To stop and how long the journey takes', async () => {
      const [a, b, c, d] = await Promise.all([1, 2, 3, 4].map(() => makeLocation(db())));
      await makeSchedule(db(), {
        travelDate: tomorrow,
        stops: [
          { locationId: a?.id, departureTime: '09:00' },
          { locationId: b?.id, departureTime: '09:20' },
          { locationId: c?.id, departureTime: '10:45' },
          { locationId: d?.id },
        ],
      });
      const journey = async (from = '', to = '') => {
        const [found] = (await search({ date: tomorrow, from, to })).json() as Trip[];
        return [found?.departureTime, found?.arrivalTime, found?.durationMinutes];
      };
      expect(await journey(a?.id, c?.id)).toEqual(['09:00', '10:45', 105]);
      expect(await journey(b?.id, c?.id)).toEqual(['09:20', '10:45', 85]);
      expect(await journey(a?.id, b?.id)).toEqual(['09:00', '09:20', 20]);
      expect(await journey(b?.id, d?.id)).toEqual(['09:20', null, null]);
    });

    it('counts a journey past midnight into the next day', async () => {
      const [a, b] = await Promise.all([makeLocation(db()), makeLocation(db())]);
      await makeSchedule(db(), {
        travelDate: tomorrow,
        stops: [
          { locationId: a.id, departureTime: '23:30' },
          { locationId: b.id, departureTime: '00:40' },
          {},
        ],
      });
      const [found] = (await search({ date: tomorrow, from: a.id, to: b.id })).json() as Trip[];
      expect(found?.durationMinutes).toBe(70);
    });

    it("prices the party's tickets with the operator's prices, in their currency", async () => {
      await makePaymentSettings(db(), {
        localAdultPrice: '30.00',
        localChildPrice: '20.00',
        foreignerAdultPrice: '40.00',
        foreignerChildPrice: '25.50',
        exchangeRate: '15.42',
      });
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      const [from, to] = trip.stops.map((s) => s.locationId) as [string, string];
      const fare = async (party: Record<string, string>) => {
        const res = await search({ date: tomorrow, from, to, ...party });
        expect(res.statusCode).toBe(200);
        return (res.json() as Trip[])[0]?.fare;
      };
      // No tickets named: one local adult.
      expect(await fare({})).toEqual({ amount: '30.00', currency: 'MVR', tickets: 1 });
      expect(await fare({ localAdult: '2', localChild: '1' })).toEqual({
        amount: '80.00',
        currency: 'MVR',
        tickets: 3,
      });
      expect(await fare({ foreignerAdult: '1', foreignerChild: '2' })).toEqual({
        amount: '91.00',
        currency: 'USD',
        tickets: 3,
      });
      // Both kinds: USD, the local ticket converted at the operator's rate (30 / 15.42 = 1.9455...).
      expect(await fare({ localAdult: '1', foreignerAdult: '1' })).toEqual({
        amount: '41.95',
        currency: 'USD',
        tickets: 2,
      });
      const tooMany = await search({ date: tomorrow, from, to, localAdult: '-1' });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().error.fields).toHaveProperty('localAdult');
    });

    it('refuses the same place for From and To', async () => {
      const a = (await makeLocation(db())).id;
      await makeSchedule(db(), { travelDate: tomorrow, stops: [{ locationId: a }, {}] });
      const res = await search({ date: tomorrow, from: a, to: a });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'same_place', message: MSG.samePlace });
      const dates = await t.app.inject({
        method: 'GET',
        url: '/api/trips/nearest-dates',
        query: { date: tomorrow, from: a, to: a },
      });
      expect(dates.statusCode).toBe(400);
      expect(dates.json().error.code).toBe('same_place');
    });

    it("orders trips by the From stop's departure, not the schedule's", async () => {
      const a = (await makeLocation(db())).id;
      const b = (await makeLocation(db())).id;
      const nine = await makeSchedule(db(), {
        travelDate: tomorrow,
        stops: [{ locationId: a, departureTime: '09:00' }, { locationId: b }],
      });
      // Leaves its first stop at 06:00 but reaches A only at 10:00.
      const ten = await makeSchedule(db(), {
        travelDate: tomorrow,
        stops: [{ departureTime: '06:00' }, { locationId: a, departureTime: '10:00' }, { locationId: b }],
      });
      const sevenThirty = await makeSchedule(db(), {
        travelDate: tomorrow,
        stops: [{ locationId: a, departureTime: '07:30' }, { locationId: b }],
      });
      const res = await search({ date: tomorrow, from: a, to: b });
      const trips = res.json() as Trip[];
      expect(trips.map((x) => x.scheduleId)).toEqual([
        sevenThirty.schedule.id,
        nine.schedule.id,
        ten.schedule.id,
      ]);
      expect(trips.map((x) => x.departureTime)).toEqual(['07:30', '09:00', '10:00']);
    });

    it('leaves out completed trips, other dates, past days and half-filled searches', async () => {
      const a = (await makeLocation(db())).id;
      const b = (await makeLocation(db())).id;
      const stops = [{ locationId: a }, { locationId: b }];
      const open = await makeSchedule(db(), { stops, travelDate: tomorrow });
      await makeSchedule(db(), { stops, travelDate: tomorrow, status: 'completed' });
      const yesterday = addDays(todayInOperatorZone(), -1);
      await makeSchedule(db(), { stops, travelDate: yesterday });

      const found = await search({ date: tomorrow, from: a, to: b });
      expect((found.json() as Trip[]).map((x) => x.scheduleId)).toEqual([open.schedule.id]);
      expect((await search({ date: addDays(tomorrow, 1), from: a, to: b })).json()).toEqual([]);
      expect((await search({ date: yesterday, from: a, to: b })).json()).toEqual([]);
      for (const query of [
        { date: tomorrow, from: a } as Record<string, string>,
        { date: tomorrow, to: b },
        { date: tomorrow, from: a, to: '' },
      ]) {
        const res = await search(query);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual([]);
      }
    });

    it('refuses a missing or malformed date with the error shape', async () => {
      const a = (await makeLocation(db())).id;
      for (const query of [
        { from: a, to: a } as Record<string, string>,
        { date: '2026-13-45', from: a, to: a },
        { date: 'tomorrow' },
      ]) {
        const res = await search(query);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({
          error: {
            code: 'validation_error',
            message: 'Please check all required fields are filled correctly.',
            fields: { date: 'Please choose a valid travel date (YYYY-MM-DD)' },
          },
        });
      }
      const badPlace = await search({ date: tomorrow, from: 'not-a-uuid', to: a });
      expect(badPlace.statusCode).toBe(400);
      expect(badPlace.json().error.fields).toHaveProperty('from');
    });

    it('counts seats held by pending and confirmed tickets and by live locks', async () => {
      const big = await makeLaunch(db(), { seats: 12 });
      const small = await makeLaunch(db(), { seats: 4 });
      const trip = await makeSchedule(db(), { travelDate: tomorrow, launchIds: [big.id, small.id] });
      const [from, to] = trip.stops.map((s) => s.locationId) as [string, string];
      const available = async () =>
        ((await search({ date: tomorrow, from, to })).json() as Trip[])[0]?.availableSeats;

      expect(await available()).toBe(16);
      await makeTicket(db(), { schedule: trip, launchId: big.id, seats: ['A1', 'A2'], status: 'pending' });
      await makeTicket(db(), { schedule: trip, launchId: small.id, seats: ['A1'], status: 'confirmed' });
      await makeTicket(db(), { schedule: trip, launchId: big.id, seats: ['B1'], status: 'cancelled' });
      // Rows written straight to the database, as another instance would: searches share an
      // answer for up to a second, so forget it here (writes through this app do so themselves).
      t.app.deps.tripSearchCache.clear();
      expect(await available()).toBe(13);

      expect((await lock('POST', trip, ['C1', 'C2'], randomUUID(), big.id)).statusCode).toBe(200);
      expect(await available()).toBe(11);
      // An expired lock of someone else holds nothing.
      await db()
        .insert(seatLocks)
        .values({
          scheduleId: trip.schedule.id,
          travelDate: tomorrow,
          launchId: small.id,
          seatNumber: 'A2',
          lockedUntil: new Date(current.getTime() - 1000),
          userSession: randomUUID(),
          fromStop: 0,
          toStop: 1,
        });
      t.app.deps.tripSearchCache.clear();
      expect(await available()).toBe(11);
    });
  });

  describe('GET /api/trips/nearest-dates', () => {
    const nearest = async (query: Record<string, string>) => {
      const res = await t.app.inject({ method: 'GET', url: '/api/trips/nearest-dates', query });
      expect(res.statusCode).toBe(200);
      return res.json() as TripDates;
    };

    it('offers the dates nearest the one searched that have trips for that From and To', async () => {
      const [a, b, c] = await Promise.all([makeLocation(db()), makeLocation(db()), makeLocation(db())]);
      const day = (n: number) => addDays(tomorrow, n);
      const stops = [{ locationId: a.id }, { locationId: c.id }, { locationId: b.id }];
      for (const n of [1, 2, 4, 8, 9, 10, 11]) await makeSchedule(db(), { travelDate: day(n), stops });
      // None of these is a trip from A to B on its day.
      await makeSchedule(db(), { travelDate: day(5), stops, status: 'completed' });
      await makeSchedule(db(), { travelDate: day(6), stops: [{ locationId: b.id }, { locationId: a.id }] });
      await makeSchedule(db(), { travelDate: day(7), stops: [{ locationId: a.id }, { locationId: c.id }] });
      await makeSchedule(db(), { travelDate: addDays(todayInOperatorZone(), -1), stops });

      expect(await nearest({ date: day(6), from: a.id, to: b.id })).toEqual({
        before: [day(1), day(2), day(4)],
        after: [day(8), day(9), day(10)],
      });
      // Never a day gone.
      expect(await nearest({ date: day(0), from: a.id, to: b.id })).toEqual({
        before: [],
        after: [day(1), day(2), day(4)],
      });
      expect(await nearest({ date: day(20), from: a.id, to: b.id })).toEqual({
        before: [day(9), day(10), day(11)],
        after: [],
      });
      // A stop between them is a From and a To too; a pair no route serves has no dates.
      expect((await nearest({ date: day(3), from: c.id, to: b.id })).after).toEqual([day(4), day(8), day(9)]);
      expect(await nearest({ date: day(3), from: b.id, to: c.id })).toEqual({ before: [], after: [] });
    });

    it('offers today only while a departure from the From stop is still to come', async () => {
      const saved = current;
      const today = todayInOperatorZone();
      current = instantInZone(today, '12:00', t.app.deps.config.tzOperator);
      try {
        const [a, b] = await Promise.all([makeLocation(db()), makeLocation(db())]);
        const stops = (time: string) => [{ locationId: a.id, departureTime: time }, { locationId: b.id }];
        await makeSchedule(db(), { travelDate: today, stops: stops('11:00') });
        expect(await nearest({ date: tomorrow, from: a.id, to: b.id })).toEqual({ before: [], after: [] });
        await makeSchedule(db(), { travelDate: today, stops: stops('12:30') });
        expect(await nearest({ date: tomorrow, from: a.id, to: b.id })).toEqual({
          before: [today],
          after: [],
        });
      } finally {
        current = saved;
      }
    });
  });

  describe('GET /api/trips/:scheduleId/launches', () => {
    it("lists the trip's launches in its order with capacity and free seats", async () => {
      const first = await makeLaunch(db(), { name: 'Zephyr', seats: 6 });
      const second = await makeLaunch(db(), { name: 'Albatross', seats: ['1', '2', '3'], capacity: 50 });
      const trip = await makeSchedule(db(), { travelDate: tomorrow, launchIds: [first.id, second.id] });
      await makeTicket(db(), { schedule: trip, launchId: first.id, seats: ['A1', 'A3'] });
      await lock('POST', trip, ['2'], randomUUID(), second.id);

      const res = await t.app.inject({
        url: `/api/trips/${trip.schedule.id}/launches`,
        query: { date: tomorrow },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json() as TripLaunch[]).toEqual([
        {
          id: first.id,
          name: 'Zephyr',
          imageUrl: null,
          capacity: 6,
          seatNumbers: ['A1', 'A2', 'A3', 'A4', 'B1', 'B2'],
          freeSeats: 4,
        },
        // Capacity follows the labels, not the stored number.
        {
          id: second.id,
          name: 'Albatross',
          imageUrl: null,
          capacity: 3,
          seatNumbers: ['1', '2', '3'],
          freeSeats: 2,
        },
      ]);
    });

    it('answers 404 trip_not_found for an unknown trip or another date', async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      for (const [id, date] of [
        [randomUUID(), tomorrow],
        [trip.schedule.id, addDays(tomorrow, 1)],
      ] as const) {
        const res = await t.app.inject({ url: `/api/trips/${id}/launches`, query: { date } });
        expect(res.statusCode).toBe(404);
        expect(res.json().error.code).toBe('trip_not_found');
      }
    });
  });

  describe('seat map and locks', () => {
    it('shows available, occupied, locked and mine, and forgets expired locks', async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      const launchId = trip.launchIds[0] as string;
      const me = randomUUID();
      const other = randomUUID();
      await makeTicket(db(), { schedule: trip, seats: ['A1'], status: 'confirmed' });
      await makeTicket(db(), { schedule: trip, seats: ['A2'], status: 'cancelled' });
      const mine = await lock('POST', trip, ['B1', 'B2'], me);
      expect(mine.statusCode).toBe(200);
      const { lockedUntil } = mine.json() as { lockedUntil: string };
      expect(new Date(lockedUntil).getTime()).toBe(current.getTime() + HOLD_SECONDS * 1000);
      expect((await lock('POST', trip, ['C1'], other)).statusCode).toBe(200);

      const seen = await states(trip, launchId, me);
      expect(seen.map).toMatchObject({
        A1: 'occupied',
        A2: 'available',
        B1: 'mine',
        B2: 'mine',
        C1: 'locked',
      });
      expect(Object.keys(seen.map)).toHaveLength(12);
      expect(seen.lockedUntil).toBe(lockedUntil);

      const theirs = await states(trip, launchId, other);
      expect(theirs.map).toMatchObject({ B1: 'locked', B2: 'locked', C1: 'mine' });
      const anonymous = await states(trip, launchId);
      expect(anonymous.map).toMatchObject({ A1: 'occupied', B1: 'locked', C1: 'locked' });
      expect(anonymous.lockedUntil).toBeNull();

      advance(HOLD_SECONDS + 1);
      const later = await states(trip, launchId, me);
      expect(later.map).toMatchObject({ A1: 'occupied', B1: 'available', B2: 'available', C1: 'available' });
      expect(later.lockedUntil).toBeNull();
    });

    it('refuses seats held by a ticket or another session with 409 naming them', async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      await makeTicket(db(), { schedule: trip, seats: ['B1'], status: 'pending' });
      expect((await lock('POST', trip, ['A1', 'A2'], randomUUID())).statusCode).toBe(200);

      const late = randomUUID();
      const res = await lock('POST', trip, ['B1', 'A3', 'A2'], late);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({
        error: {
          code: 'seats_unavailable',
          message: 'Some seats are no longer available: A2, B1',
          seats: ['A2', 'B1'],
        },
      });
      // Nothing of the refused request is held, not even the free seat.
      expect(await lockRows(trip, 'A3')).toHaveLength(0);
    });

    it('never extends a hold when the same session locks again, and drops seats it gave up', async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      const me = randomUUID();
      const first = (await lock('POST', trip, ['A1', 'A2'], me)).json() as {
        lockedUntil: string;
        reference: string;
      };
      advance(300);
      const again = await lock('POST', trip, ['A1', 'B2'], me);
      expect(again.statusCode).toBe(200);
      // The same hold's end, and the session's reference kept (docs/decisions/039).
      expect(again.json()).toEqual({ lockedUntil: first.lockedUntil, reference: first.reference });

      const seen = await states(trip, trip.launchIds[0] as string, me);
      expect(seen.map).toMatchObject({ A1: 'mine', A2: 'available', B2: 'mine' });
      const rows = [...(await lockRows(trip, 'A1')), ...(await lockRows(trip, 'B2'))];
      expect(rows.map((r) => r.lockedUntil.toISOString())).toEqual([first.lockedUntil, first.lockedUntil]);
      expect(await lockRows(trip, 'A2')).toHaveLength(0);
    });

    it("takes over another session's expired lock", async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      const gone = randomUUID();
      const next = randomUUID();
      expect((await lock('POST', trip, ['A1'], gone)).statusCode).toBe(200);
      expect((await lock('POST', trip, ['A1'], next)).statusCode).toBe(409);

      advance(HOLD_SECONDS + 1);
      const res = await lock('POST', trip, ['A1'], next);
      expect(res.statusCode).toBe(200);
      expect(new Date(res.json().lockedUntil).getTime()).toBe(current.getTime() + HOLD_SECONDS * 1000);
      const rows = await lockRows(trip, 'A1');
      expect(rows.map((r) => r.userSession)).toEqual([next]);
    });

    it('lets exactly one of 20 racing sessions hold a seat', async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      const sessions = Array.from({ length: 20 }, () => randomUUID());
      const results = await Promise.all(sessions.map((s) => lock('POST', trip, ['C3'], s)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const r of results.filter((x) => x.statusCode === 409)) {
        expect(r.json().error).toMatchObject({ code: 'seats_unavailable', seats: ['C3'] });
      }
      const winner = sessions[codes.indexOf(200)];
      const rows = await lockRows(trip, 'C3');
      expect(rows.map((r) => r.userSession)).toEqual([winner]);
    });

    it('answers a crowd racing for a locked seat and a booked one with the complete 409, and frees seats at once', async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      const launchId = trip.launchIds[0] as string;
      await makeTicket(db(), { schedule: trip, seats: ['B1'], status: 'pending' });
      const first = randomUUID();
      expect((await lock('POST', trip, ['A1'], first)).statusCode).toBe(200);

      // Two waves: the second is answered from what the first taught the instance.
      for (let wave = 0; wave < 2; wave++) {
        const results = await Promise.all(
          Array.from({ length: 30 }, () => lock('POST', trip, ['B1', 'A1'], randomUUID())),
        );
        for (const r of results) {
          expect(r.statusCode).toBe(409);
          expect(r.json().error).toEqual({
            code: 'seats_unavailable',
            message: 'Some seats are no longer available: A1, B1',
            seats: ['A1', 'B1'],
          });
        }
      }
      expect((await lockRows(trip, 'A1')).map((r) => r.userSession)).toEqual([first]);
      // The holder itself is never turned away.
      expect((await lock('POST', trip, ['A1', 'A2'], first)).statusCode).toBe(200);

      // Moving to other seats frees the old ones for the next session straight away...
      expect((await lock('POST', trip, ['C1'], first)).statusCode).toBe(200);
      const next = randomUUID();
      expect((await lock('POST', trip, ['A1'], next)).statusCode).toBe(200);
      // ...and so does a release.
      expect((await lock('DELETE', trip, ['A1'], next)).json()).toEqual({ released: 1 });
      const third = randomUUID();
      expect((await lock('POST', trip, ['A1'], third)).statusCode).toBe(200);
      expect((await states(trip, launchId, third)).map).toMatchObject({
        A1: 'mine',
        B1: 'occupied',
        C1: 'locked',
      });
    });

    it('releases only the asking session’s own locks', async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      const launchId = trip.launchIds[0] as string;
      const me = randomUUID();
      await lock('POST', trip, ['A1', 'A2'], me);

      const stranger = await lock('DELETE', trip, ['A1'], randomUUID());
      expect(stranger.statusCode).toBe(200);
      expect(stranger.json()).toEqual({ released: 0 });
      expect((await states(trip, launchId, me)).map).toMatchObject({ A1: 'mine', A2: 'mine' });

      const own = await lock('DELETE', trip, ['A1'], me);
      expect(own.json()).toEqual({ released: 1 });
      expect((await states(trip, launchId, me)).map).toMatchObject({ A1: 'available', A2: 'mine' });
      expect((await lock('POST', trip, ['A1'], randomUUID())).statusCode).toBe(200);
    });

    it('refuses bad requests with a 4xx and our error shape', async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      const done = await makeSchedule(db(), { travelDate: tomorrow, status: 'completed' });
      const otherLaunch = await makeLaunch(db());
      const me = randomUUID();

      const noSession = await lock('POST', trip, ['A1'], undefined);
      expect(noSession.statusCode).toBe(400);
      expect(noSession.json().error.code).toBe('invalid_booking_session');
      const badSession = await t.app.inject({
        method: 'POST',
        url: '/api/seat-locks',
        headers: { 'x-booking-session': 'abc' },
        payload: {
          scheduleId: trip.schedule.id,
          travelDate: tomorrow,
          launchId: trip.launchIds[0],
          seats: ['A1'],
        },
      });
      expect(badSession.statusCode).toBe(400);

      const cases: Array<[unknown[], string]> = [
        [[], 'seats'],
        [['A1', 'A1'], 'seats'],
        [[''], 'seats.0'],
        [Array.from({ length: 201 }, (_, i) => `S${i}`), 'seats'],
      ];
      for (const [seats, field] of cases) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/seat-locks',
          headers: { 'x-booking-session': me },
          payload: { scheduleId: trip.schedule.id, travelDate: tomorrow, launchId: trip.launchIds[0], seats },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error.code).toBe('validation_error');
        expect(res.json().error.fields).toHaveProperty([field]);
      }
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/api/seat-locks',
        headers: { 'x-booking-session': me },
        payload: { scheduleId: 'x', travelDate: 'soon', launchId: 1, seats: 'A1' },
      });
      expect(notJson.statusCode).toBe(400);
      expect(Object.keys(notJson.json().error.fields).sort()).toEqual([
        'launchId',
        'scheduleId',
        'seats',
        'travelDate',
      ]);

      const unknownSeat = await lock('POST', trip, ['A1', 'Z9'], me);
      expect(unknownSeat.statusCode).toBe(400);
      expect(unknownSeat.json().error).toMatchObject({ code: 'invalid_seats', seats: ['Z9'] });
      const wrongLaunch = await lock('POST', trip, ['A1'], me, otherLaunch.id);
      expect(wrongLaunch.statusCode).toBe(404);
      expect(wrongLaunch.json().error.code).toBe('launch_not_found');
      const completed = await lock('POST', done, ['A1'], me);
      expect(completed.statusCode).toBe(409);
      expect(completed.json().error.code).toBe('trip_completed');
      const wrongDate = await t.app.inject({
        method: 'POST',
        url: '/api/seat-locks',
        headers: { 'x-booking-session': me },
        payload: {
          scheduleId: trip.schedule.id,
          travelDate: addDays(tomorrow, 1),
          launchId: trip.launchIds[0],
          seats: ['A1'],
          verificationToken: token,
        },
      });
      expect(wrongDate.statusCode).toBe(404);
      expect(wrongDate.json().error.code).toBe('trip_not_found');
      // None of the refused requests held anything.
      expect(await lockRows(trip, 'A1')).toHaveLength(0);

      const badMap = await seatMap(trip, 'nope');
      expect(badMap.statusCode).toBe(400);
      expect(badMap.json().error.fields).toHaveProperty('launchId');
      const mapOtherLaunch = await seatMap(trip, otherLaunch.id);
      expect(mapOtherLaunch.statusCode).toBe(404);
    });

    it('carries per-address rate limits', async () => {
      const trip = await makeSchedule(db(), { travelDate: tomorrow });
      const res = await lock('POST', trip, ['A1'], randomUUID());
      expect(res.headers['x-ratelimit-limit']).toBe(String(30 * 100));
      const map = await seatMap(trip, trip.launchIds[0] as string);
      expect(map.headers['x-ratelimit-limit']).toBe(String(120 * 100));
      const found = await search({ date: tomorrow });
      expect(found.headers['x-ratelimit-limit']).toBe(String(120 * 100));
    });
  });
});
