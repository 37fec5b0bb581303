import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seatLocks } from '#server/db/schema.ts';
import type { SeatMap, Trip } from '#shared/schemas.ts';
import { type MadeSchedule, makeSchedule, makeTicket, tomorrowInOperatorZone } from '#tests/factories.ts';
import { MANY_HOLDS_PER_ADDRESS, seatLockRequest, verifiedToken } from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * Seat maps and trip searches share one load between every passenger for a moment
 * (docs/decisions/015). What may never be shared: a passenger's own view right after their own
 * write on this instance, whether the write won, lost or changed nothing. Rows written straight
 * to the database here stand for another instance's passengers, whose changes this instance
 * would otherwise learn within the cache's second.
 */
describe(`shared seat maps and searches (${testDatabaseKind})`, () => {
  const HOLD_SECONDS = 900;
  let current = new Date();
  const clock = { now: () => current };
  const tomorrow = tomorrowInOperatorZone();
  let token = '';

  const t = useTestApp(
    {
      clock,
      env: {
        SEAT_HOLD_SECONDS: String(HOLD_SECONDS),
        RATE_LIMIT_SCALE: '100',
        ...MANY_HOLDS_PER_ADDRESS,
      },
    },
    async () => {
      token = await verifiedToken(t.app, 'shared-reads@example.com');
    },
  );

  const db = () => t.database.db;
  const launchOf = (trip: MadeSchedule) => trip.launchIds[0] as string;

  const seatMap = async (trip: MadeSchedule, session?: string) => {
    const res = await t.app.inject({
      url: `/api/trips/${trip.schedule.id}/seats`,
      query: { date: trip.schedule.travelDate, launchId: launchOf(trip) },
      headers: session ? { 'x-booking-session': session } : {},
    });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SeatMap;
    return {
      state: Object.fromEntries(body.seats.map((s) => [s.label, s.state])),
      lockedUntil: body.lockedUntil,
    };
  };

  const seatLock = (method: 'POST' | 'DELETE', trip: MadeSchedule, seats: string[], session: string) =>
    seatLockRequest(t.app, method, trip, seats, {
      session,
      launchId: launchOf(trip),
      ...(method === 'POST' ? { token } : {}),
    });

  /** Another instance's passenger holds `seat` (written straight to the database). */
  const lockElsewhere = (trip: MadeSchedule, seat: string) =>
    db()
      .insert(seatLocks)
      .values({
        scheduleId: trip.schedule.id,
        travelDate: trip.schedule.travelDate,
        launchId: launchOf(trip),
        seatNumber: seat,
        lockedUntil: new Date(current.getTime() + HOLD_SECONDS * 1000),
        userSession: randomUUID(),
        fromStop: 0,
        toStop: 1,
      });

  it('shows a passenger their own lock as mine right after locking, and everyone else as locked', async () => {
    const trip = await makeSchedule(db(), { travelDate: tomorrow });
    const me = randomUUID();
    expect((await seatMap(trip, me)).state.A1).toBe('available');
    expect((await seatMap(trip)).state.A1).toBe('available');

    const locked = await seatLock('POST', trip, ['A1'], me);
    expect(locked.statusCode).toBe(200);
    const mine = await seatMap(trip, me);
    expect(mine.state.A1).toBe('mine');
    expect(mine.lockedUntil).toBe((locked.json() as { lockedUntil: string }).lockedUntil);
    expect((await seatMap(trip)).state.A1).toBe('locked');
    expect((await seatMap(trip, randomUUID())).state.A1).toBe('locked');
  });

  it('shows a seat just lost to another instance’s passenger as taken to the loser at once', async () => {
    const trip = await makeSchedule(db(), { travelDate: tomorrow });
    const me = randomUUID();
    // The map is shared while the seat is still free...
    expect((await seatMap(trip, me)).state.B2).toBe('available');
    expect(t.app.deps.seatMapCache.size).toBeGreaterThan(0);
    // ...then a passenger on another instance takes it, and this one's lock is refused: a
    // refusal changes nothing here, so it clears nothing.
    await lockElsewhere(trip, 'B2');
    const refused = await seatLock('POST', trip, ['B2'], me);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('seats_unavailable');

    const after = await seatMap(trip, me);
    expect(after.state.B2).toBe('locked');
    expect(after.lockedUntil).toBeNull();
    // The fresh answer the loser caused serves everyone from then on.
    expect((await seatMap(trip, randomUUID())).state.B2).toBe('locked');
  });

  it('reads afresh after a write that changed nothing', async () => {
    const trip = await makeSchedule(db(), { travelDate: tomorrow });
    const me = randomUUID();
    expect((await seatMap(trip, me)).state.C1).toBe('available');
    // Another instance's passenger books C1 while this passenger lets go of a seat they never held.
    await makeTicket(db(), { schedule: trip, launchId: launchOf(trip), seats: ['C1'], status: 'pending' });
    const release = await seatLock('DELETE', trip, ['C1'], me);
    expect(release.json()).toEqual({ released: 0 });
    expect((await seatMap(trip, me)).state.C1).toBe('occupied');
  });

  it('lets locks run out on time without loading again', async () => {
    const trip = await makeSchedule(db(), { travelDate: tomorrow });
    const me = randomUUID();
    expect((await seatLock('POST', trip, ['A2', 'A3'], me)).statusCode).toBe(200);
    expect((await seatMap(trip)).state.A2).toBe('locked');
    expect((await seatMap(trip, me)).state.A3).toBe('mine');

    const before = current;
    current = new Date(before.getTime() + (HOLD_SECONDS + 1) * 1000);
    try {
      expect((await seatMap(trip)).state.A2).toBe('available');
      const mine = await seatMap(trip, me);
      expect(mine.state.A3).toBe('available');
      expect(mine.lockedUntil).toBeNull();
    } finally {
      current = before;
    }
    // Back before the end (a test clock may go back): the locks hold again.
    expect((await seatMap(trip)).state.A2).toBe('locked');
  });

  it('answers every From x To of a date from one load, and shows a lock made here at once', async () => {
    const trip = await makeSchedule(db(), { travelDate: tomorrow, stops: 3 });
    const [a, b, c] = trip.stops.map((s) => s.locationId) as [string, string, string];
    t.app.deps.tripSearchCache.clear();
    const available = async (from: string, to: string) => {
      const res = await t.app.inject({ url: '/api/trips', query: { date: tomorrow, from, to } });
      expect(res.statusCode).toBe(200);
      return (res.json() as Trip[]).find((x) => x.scheduleId === trip.schedule.id)?.availableSeats;
    };
    expect(await available(a, b)).toBe(12);
    expect(await available(b, c)).toBe(12);
    expect(await available(a, c)).toBe(12);
    expect(await available(c, a)).toBeUndefined();
    expect(t.app.deps.tripSearchCache.size).toBe(1);

    expect((await seatLock('POST', trip, ['B3'], randomUUID())).statusCode).toBe(200);
    expect(await available(a, c)).toBe(11);
    expect(await available(b, c)).toBe(11);
  });

  it('keeps answering 404 for a launch not on the trip, and never keeps the refusal', async () => {
    const trip = await makeSchedule(db(), { travelDate: tomorrow });
    const other = await makeSchedule(db(), { travelDate: tomorrow });
    const ask = () =>
      t.app.inject({
        url: `/api/trips/${trip.schedule.id}/seats`,
        query: { date: tomorrow, launchId: launchOf(other) },
      });
    const sizeBefore = t.app.deps.seatMapCache.size;
    const refused = await ask();
    expect(refused.statusCode).toBe(404);
    expect(refused.json().error.code).toBe('launch_not_found');
    expect(t.app.deps.seatMapCache.size).toBe(sizeBefore);
  });
});
