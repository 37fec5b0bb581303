import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seatLocks } from '#server/db/schema.ts';
import { MSG } from '#shared/messages/api.ts';
import type { SeatMap, SeatState, Trip, TripLaunch } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makeLocation,
  makeSchedule,
  makeTicket,
  tomorrowInOperatorZone,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * Seats are sold per leg (docs/decisions/032-seats-per-leg.md): every reader of seats sees them
 * from the passenger's From -> To, and without one from the whole departure. The routes here run
 * Malé (0) -> Airport (1) -> Thoddoo (2) -> Rasdhoo (3), as the demo's does. Tickets and locks are
 * written straight to the database, as another instance's passengers would write them, so the
 * shared answers are emptied before each read unless a test is about them.
 */
describe(`seats seen from the passenger's stretch (${testDatabaseKind})`, () => {
  let current = new Date();
  const clock = { now: () => current };
  const advance = (seconds: number) => {
    current = new Date(current.getTime() + seconds * 1000);
  };
  const tomorrow = tomorrowInOperatorZone();

  const t = useAdminApp({ clock });
  const db = () => t.database.db;

  /** A four-stop departure with one 12-seat launch (A1..C4). */
  const route = async () => {
    const trip = await makeSchedule(db(), { stops: 4, travelDate: tomorrow });
    const [male, airport, thoddoo, rasdhoo] = trip.stops.map((s) => s.locationId) as [
      string,
      string,
      string,
      string,
    ];
    return { trip, launchId: trip.launchIds[0] as string, male, airport, thoddoo, rasdhoo };
  };

  /** A confirmed ticket on `seat` from `originId` to `destinationId`. */
  const sold = (trip: MadeSchedule, seat: string, originId: string, destinationId: string) =>
    makeTicket(db(), { schedule: trip, seats: [seat], originId, destinationId, status: 'confirmed' });

  type Stretch = { originId?: string; destinationId?: string };

  const fresh = () => {
    t.app.deps.seatMapCache.clear();
    t.app.deps.tripSearchCache.clear();
  };

  const seatMapResponse = (trip: MadeSchedule, stretch: Stretch = {}, session?: string) =>
    t.app.inject({
      url: `/api/trips/${trip.schedule.id}/seats`,
      query: { date: trip.schedule.travelDate, launchId: trip.launchIds[0] as string, ...stretch },
      headers: session ? { 'x-booking-session': session } : {},
    });

  /** The state of `seat` on the seat map seen from `stretch`, read afresh unless told. */
  const stateOf = async (
    trip: MadeSchedule,
    seat: string,
    stretch: Stretch = {},
    opts: { session?: string; shared?: boolean } = {},
  ): Promise<SeatState | undefined> => {
    if (!opts.shared) fresh();
    const res = await seatMapResponse(trip, stretch, opts.session);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SeatMap).seats.find((s) => s.label === seat)?.state;
  };

  const launchesResponse = (trip: MadeSchedule, stretch: Stretch = {}) =>
    t.app.inject({
      url: `/api/trips/${trip.schedule.id}/launches`,
      query: { date: trip.schedule.travelDate, ...stretch },
    });

  const freeSeats = async (trip: MadeSchedule, stretch: Stretch = {}) => {
    const res = await launchesResponse(trip, stretch);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as TripLaunch[]).map((l) => l.freeSeats);
  };

  /** The seats left of `trip` in a search from `from` to `to`. */
  const seatsLeft = async (trip: MadeSchedule, from: string, to: string) => {
    fresh();
    const res = await t.app.inject({ url: '/api/trips', query: { date: tomorrow, from, to } });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Trip[]).find((x) => x.scheduleId === trip.schedule.id)?.availableSeats;
  };

  /** Another passenger's hold on `seat` for the legs [fromStop, toStop), for `seconds`. */
  const heldElsewhere = (
    trip: MadeSchedule,
    seat: string,
    legs: { fromStop: number; toStop: number },
    seconds: number,
    session: string = randomUUID(),
  ) =>
    db()
      .insert(seatLocks)
      .values({
        scheduleId: trip.schedule.id,
        travelDate: trip.schedule.travelDate,
        launchId: trip.launchIds[0] as string,
        seatNumber: seat,
        ...legs,
        originId: trip.stops[legs.fromStop]?.locationId ?? null,
        destinationId: trip.stops[legs.toStop]?.locationId ?? null,
        lockedUntil: new Date(current.getTime() + seconds * 1000),
        userSession: session,
      });

  const counterStateOf = async (trip: MadeSchedule, seat: string, stretch: Stretch = {}) => {
    const query = new URLSearchParams({
      scheduleId: trip.schedule.id,
      date: trip.schedule.travelDate,
      launchId: trip.launchIds[0] as string,
      ...stretch,
    });
    const res = await t.get(`/api/admin/counter/seats?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as SeatMap).seats.find((s) => s.label === seat)?.state;
  };

  describe('a seat sold Malé -> Airport', () => {
    it('shows free on the seat map after the Airport, taken on its leg and for the whole departure', async () => {
      const { trip, male, airport, thoddoo, rasdhoo } = await route();
      await sold(trip, 'A1', male, airport);

      expect(await stateOf(trip, 'A1', { originId: airport, destinationId: rasdhoo })).toBe('available');
      expect(await stateOf(trip, 'A1', { originId: thoddoo, destinationId: rasdhoo })).toBe('available');
      expect(await stateOf(trip, 'A1', { originId: male, destinationId: thoddoo })).toBe('occupied');
      expect(await stateOf(trip, 'A1', { originId: male, destinationId: airport })).toBe('occupied');
      // Without From and To, the whole departure: any leg taken is the seat taken.
      expect(await stateOf(trip, 'A1')).toBe('occupied');
      // From alone runs to the last stop; To alone from the first.
      expect(await stateOf(trip, 'A1', { originId: airport })).toBe('available');
      expect(await stateOf(trip, 'A1', { destinationId: thoddoo })).toBe('occupied');
      // The other seats are free from every stretch.
      expect(await stateOf(trip, 'A2', { originId: male, destinationId: thoddoo })).toBe('available');
    });

    it("counts it among a launch's free seats after the Airport only", async () => {
      const { trip, male, airport, thoddoo, rasdhoo } = await route();
      await sold(trip, 'A1', male, airport);

      expect(await freeSeats(trip, { originId: airport, destinationId: rasdhoo })).toEqual([12]);
      expect(await freeSeats(trip, { originId: male, destinationId: thoddoo })).toEqual([11]);
      expect(await freeSeats(trip, { originId: male, destinationId: airport })).toEqual([11]);
      expect(await freeSeats(trip)).toEqual([11]);
    });

    it('counts it among the seats left of a search after the Airport only', async () => {
      const { trip, male, airport, thoddoo, rasdhoo } = await route();
      await sold(trip, 'A1', male, airport);

      expect(await seatsLeft(trip, airport, rasdhoo)).toBe(12);
      expect(await seatsLeft(trip, thoddoo, rasdhoo)).toBe(12);
      expect(await seatsLeft(trip, male, thoddoo)).toBe(11);
      expect(await seatsLeft(trip, male, airport)).toBe(11);
      expect(await seatsLeft(trip, male, rasdhoo)).toBe(11);
    });

    it('shows the same at the counter, from the sale’s From and To', async () => {
      const { trip, male, airport, thoddoo, rasdhoo } = await route();
      await sold(trip, 'A1', male, airport);

      expect(await counterStateOf(trip, 'A1', { originId: airport, destinationId: rasdhoo })).toBe(
        'available',
      );
      expect(await counterStateOf(trip, 'A1', { originId: male, destinationId: thoddoo })).toBe('occupied');
      expect(await counterStateOf(trip, 'A1')).toBe('occupied');
    });
  });

  it('sells one seat to passengers whose stretches share no leg, and shows it free between them', async () => {
    const { trip, male, airport, thoddoo, rasdhoo } = await route();
    await sold(trip, 'B2', male, airport);
    await sold(trip, 'B2', thoddoo, rasdhoo);

    expect(await stateOf(trip, 'B2', { originId: airport, destinationId: thoddoo })).toBe('available');
    expect(await stateOf(trip, 'B2', { originId: airport, destinationId: rasdhoo })).toBe('occupied');
    expect(await stateOf(trip, 'B2')).toBe('occupied');
    expect(await freeSeats(trip, { originId: airport, destinationId: thoddoo })).toEqual([12]);
    // Two rows, one seat: the whole departure counts it once.
    expect(await freeSeats(trip)).toEqual([11]);
    expect(await seatsLeft(trip, airport, thoddoo)).toBe(12);
    expect(await seatsLeft(trip, male, rasdhoo)).toBe(11);
  });

  it("shows another passenger's live hold as locked on the legs it holds only, and the holder's own as mine", async () => {
    const { trip, male, airport, thoddoo, rasdhoo } = await route();
    const holder = randomUUID();
    // Airport -> Thoddoo: leg 1.
    await heldElsewhere(trip, 'C3', { fromStop: 1, toStop: 2 }, 600, holder);

    expect(await stateOf(trip, 'C3', { originId: male, destinationId: airport })).toBe('available');
    expect(await stateOf(trip, 'C3', { originId: thoddoo, destinationId: rasdhoo })).toBe('available');
    expect(await stateOf(trip, 'C3', { originId: male, destinationId: thoddoo })).toBe('locked');
    expect(await stateOf(trip, 'C3')).toBe('locked');
    expect(
      await stateOf(trip, 'C3', { originId: airport, destinationId: thoddoo }, { session: holder }),
    ).toBe('mine');
    expect(await stateOf(trip, 'C3', {}, { session: holder })).toBe('mine');

    expect(await freeSeats(trip, { originId: male, destinationId: airport })).toEqual([12]);
    expect(await freeSeats(trip, { originId: airport, destinationId: rasdhoo })).toEqual([11]);
    expect(await seatsLeft(trip, male, airport)).toBe(12);
    expect(await seatsLeft(trip, male, rasdhoo)).toBe(11);

    // Past its end the hold counts no more, without a new load.
    advance(601);
    expect(await stateOf(trip, 'C3', { originId: male, destinationId: thoddoo })).toBe('available');
    expect(await freeSeats(trip)).toEqual([12]);
    expect(await seatsLeft(trip, male, rasdhoo)).toBe(12);
  });

  it('keeps a seat held on two legs by two passengers from a search over both until the later hold ends', async () => {
    const { trip, male, airport, thoddoo, rasdhoo } = await route();
    await heldElsewhere(trip, 'A4', { fromStop: 0, toStop: 1 }, 100);
    await heldElsewhere(trip, 'A4', { fromStop: 2, toStop: 3 }, 200);
    expect(await seatsLeft(trip, male, rasdhoo)).toBe(11);
    expect(await seatsLeft(trip, airport, thoddoo)).toBe(12);

    // One day's answer is shared by every search of it: the moment decides, not a new load.
    t.app.deps.tripSearchCache.clear();
    const search = (from: string, to: string) =>
      t.app.inject({ url: '/api/trips', query: { date: tomorrow, from, to } });
    await search(male, rasdhoo);
    advance(150);
    const between = (await search(male, rasdhoo)).json() as Trip[];
    expect(between.find((x) => x.scheduleId === trip.schedule.id)?.availableSeats).toBe(11);
    advance(100);
    const after = (await search(male, rasdhoo)).json() as Trip[];
    expect(after.find((x) => x.scheduleId === trip.schedule.id)?.availableSeats).toBe(12);
  });

  describe('refuses a stretch the departure does not have with 400 invalid_schedule', () => {
    const refused = { code: 'invalid_schedule', message: MSG.invalidSchedule };

    it('on the seat map, the launches and the counter', async () => {
      const { trip, male, airport, thoddoo } = await route();
      const elsewhere = (await makeLocation(db())).id;
      const bad: Stretch[] = [
        // Backwards.
        { originId: thoddoo, destinationId: airport },
        // Nowhere to go.
        { originId: airport, destinationId: airport },
        // The last stop has no leg after it.
        { originId: trip.stops[3]?.locationId as string },
        // The first stop has none before it.
        { destinationId: male },
        // Not on the route.
        { originId: elsewhere, destinationId: thoddoo },
        { originId: male, destinationId: elsewhere },
      ];
      for (const stretch of bad) {
        fresh();
        const map = await seatMapResponse(trip, stretch);
        expect(map.statusCode, JSON.stringify(stretch)).toBe(400);
        expect(map.json().error).toEqual(refused);
        const launches = await launchesResponse(trip, stretch);
        expect(launches.statusCode, JSON.stringify(stretch)).toBe(400);
        expect(launches.json().error).toEqual(refused);
        const query = new URLSearchParams({
          scheduleId: trip.schedule.id,
          date: trip.schedule.travelDate,
          launchId: trip.launchIds[0] as string,
          ...stretch,
        });
        const counter = await t.get(`/api/admin/counter/seats?${query}`);
        expect(counter.statusCode, JSON.stringify(stretch)).toBe(400);
        expect(counter.json().error).toEqual(refused);
      }
    });

    it('and a From or To that is no location id with 400 as well', async () => {
      const { trip, airport } = await route();
      const map = await seatMapResponse(trip, { originId: 'airport', destinationId: airport });
      expect(map.statusCode).toBe(400);
      const launches = await launchesResponse(trip, { destinationId: 'nowhere' });
      expect(launches.statusCode).toBe(400);
    });
  });
});
