import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { launches } from '#server/db/schema.ts';
import { addDays, instantInZone } from '#server/lib/clock.ts';
import type { Trip } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makeLaunch,
  makePaymentSettings,
  makeSchedule,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { bookingRequest } from '#tests/setup/http-passenger.ts';
import { postBooking, searchTrips, seatLockRequest, verifiedToken } from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * Passengers book only departures still to come: not a travel date before today in the
 * operator's zone, not once the vessel has left their From stop (delays included), and not on
 * a launch that is out of service.
 */

const ZONE = 'Indian/Maldives';

describe(`departures that have sailed (${testDatabaseKind})`, () => {
  const today = todayInOperatorZone();
  // The clock stands at a chosen wall-clock time of today in the operator's zone.
  let current = instantInZone(today, '07:00', ZONE);
  const clock = { now: () => current };
  const at = (time: string, date = today) => {
    current = instantInZone(date, time, ZONE);
  };
  // A verification lives an hour of the moving clock: each test verifies once its clock is set.
  let token = '';
  let email = '';
  const verify = async () => {
    email = `sailing-${randomUUID()}@example.com`;
    token = await verifiedToken(t.app, email);
  };
  let slip: Buffer;

  const t = useTestApp({ clock, env: { RATE_LIMIT_SCALE: '100' } }, async () => {
    await makePaymentSettings(t.database.db);
    slip = await sharp({ create: { width: 16, height: 16, channels: 3, background: '#2a7' } })
      .jpeg()
      .toBuffer();
  });

  /** Malé 10:00 -> Airport 10:30 -> Thoddoo, arriving 11:15, today. */
  const route = () =>
    makeSchedule(t.database.db, {
      travelDate: today,
      stops: [{ departureTime: '10:00' }, { departureTime: '10:30' }, { departureTime: '11:15' }],
    });

  const lock = (trip: MadeSchedule, opts: { originId?: string; launchId?: string; seat?: string } = {}) =>
    seatLockRequest(t.app, 'POST', trip, [opts.seat ?? 'A1'], { ...opts, token });

  async function book(trip: MadeSchedule, originIndex: number, seat: string) {
    const booking = bookingRequest({
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      originId: trip.stops[originIndex]?.locationId ?? '',
      destinationId: trip.stops.at(-1)?.locationId ?? '',
      launchId: trip.launchIds[0] ?? '',
      seats: [seat],
      email,
      verificationToken: token,
    });
    return postBooking(t.app, booking, { slip });
  }

  const search = async (trip: MadeSchedule, from: number) => {
    const res = await searchTrips(t.app, trip, { from, to: -1 });
    return (res.json() as Trip[]).map((x) => x.scheduleId);
  };

  it('refuses a lock on a departure dated yesterday with its own rule', async () => {
    at('07:00');
    await verify();
    const trip = await makeSchedule(t.database.db, { travelDate: addDays(today, -1) });
    const res = await lock(trip);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'departure_closed',
      message: 'This departure has already left. Please choose a later trip.',
    });
  });

  it('closes each stop when the vessel leaves it, for locks, bookings and search', async () => {
    at('09:59');
    await verify();
    const trip = await route();
    const [male, airport] = trip.stops.map((s) => s.locationId);
    expect((await lock(trip, { originId: male })).statusCode).toBe(200);
    expect(await search(trip, 0)).toEqual([trip.schedule.id]);

    at('10:00');
    const fromMale = await lock(trip, { originId: male });
    expect(fromMale.statusCode).toBe(409);
    expect(fromMale.json().error.code).toBe('departure_closed');
    expect(await search(trip, 0)).toEqual([]);
    const booked = await book(trip, 0, 'B1');
    expect(booked.statusCode).toBe(409);
    expect(booked.json().error.code).toBe('departure_closed');

    // Still at the Airport until 10:30.
    expect((await lock(trip, { originId: airport, seat: 'A2' })).statusCode).toBe(200);
    expect(await search(trip, 1)).toEqual([trip.schedule.id]);
    expect((await book(trip, 1, 'B2')).statusCode).toBe(201);
    // A lock that names no From stop stays open until the route's last departure (not the arrival).
    expect((await lock(trip, { seat: 'A3' })).statusCode).toBe(200);

    at('10:30');
    expect((await lock(trip, { originId: airport, seat: 'A4' })).json().error.code).toBe('departure_closed');
    expect((await lock(trip, { seat: 'A4' })).json().error.code).toBe('departure_closed');
    expect((await book(trip, 1, 'B3')).json().error.code).toBe('departure_closed');
    expect(await search(trip, 1)).toEqual([]);
  });

  it('keeps tomorrow open whatever the hour today', async () => {
    at('23:59');
    await verify();
    const trip = await makeSchedule(t.database.db, { travelDate: addDays(today, 1) });
    expect((await lock(trip)).statusCode).toBe(200);
  });

  it('refuses an inactive launch and leaves it out of the launches and seats shown', async () => {
    at('07:00');
    await verify();
    const resting = await makeLaunch(t.database.db, { status: 'maintenance' });
    const running = await makeLaunch(t.database.db);
    const trip = await makeSchedule(t.database.db, {
      travelDate: addDays(today, 1),
      launchIds: [resting.id, running.id],
    });
    const res = await lock(trip, { launchId: resting.id });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'launch_unavailable',
      message: 'This launch is not taking bookings. Please choose another launch.',
    });
    const listed = await t.app.inject({
      method: 'GET',
      url: `/api/trips/${trip.schedule.id}/launches`,
      query: { date: trip.schedule.travelDate },
    });
    expect(listed.json().map((l: { id: string }) => l.id)).toEqual([running.id]);
    const found = await searchTrips(t.app, trip);
    expect(found.json()[0]).toMatchObject({ launchIds: [running.id], availableSeats: 12 });

    // Back in service, it takes bookings again.
    await t.database.db.update(launches).set({ status: 'active' }).where(eq(launches.id, resting.id));
    expect((await lock(trip, { launchId: resting.id })).statusCode).toBe(200);
  });
});
