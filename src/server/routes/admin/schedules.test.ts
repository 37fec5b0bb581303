import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { scheduleRouteStops, schedules } from '#server/db/schema.ts';
import { addDays } from '#server/lib/clock.ts';
import { MSG } from '#shared/messages/api.ts';
import type { Trip } from '#shared/schemas.ts';
import type { AdminSchedule, ScheduleInput } from '#shared/setup-api.ts';
import {
  type Launch,
  type Location,
  makeLaunch,
  makeLocation,
  makeTicket,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`admin schedules (${testDatabaseKind})`, () => {
  let places: Location[];
  let launch: Launch;
  let otherLaunch: Launch;
  const date = addDays(todayInOperatorZone(), 3);

  const t = useAdminApp({}, async () => {
    places = [];
    for (let i = 0; i < 4; i++) places.push(await makeLocation(t.database.db));
    launch = await makeLaunch(t.database.db);
    otherLaunch = await makeLaunch(t.database.db);
  });

  const ids = () => places.map((p) => p.id) as [string, string, string, string];

  const threeStops = (overrides: Partial<ScheduleInput> = {}): ScheduleInput => {
    const [a, b, c] = ids();
    return {
      travelDate: date,
      launchIds: [launch.id],
      routeStops: [
        { locationId: a, departureTime: '09:00' },
        { locationId: b, departureTime: '09:40' },
        // The last stop's time is the arrival at the final destination.
        { locationId: c, departureTime: '10:30' },
      ],
      ...overrides,
    };
  };

  const create = async (input: ScheduleInput = threeStops()): Promise<AdminSchedule> => {
    const res = await t.send('POST', '/api/admin/schedules', input);
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  };

  const countSchedules = async () => {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(schedules);
    return row?.n ?? 0;
  };

  const searchable = async (from: string, to: string, scheduleId: string) => {
    const res = await t.app.inject({ method: 'GET', url: '/api/trips', query: { date, from, to } });
    expect(res.statusCode).toBe(200);
    return (res.json() as { scheduleId: string }[]).some((trip) => trip.scheduleId === scheduleId);
  };

  it('creates a 3-stop schedule: stops renumbered, departure from the first stop, the arrival on the last', async () => {
    const schedule = await create();
    const [a, b, c] = ids();
    expect(schedule).toMatchObject({
      travelDate: date,
      departureTime: '09:00',
      status: 'scheduled',
      completedAt: null,
      launchIds: [launch.id],
      activeBookings: 0,
    });
    expect(schedule.routeStops).toEqual([
      { stopOrder: 0, locationId: a, name: places[0]?.name, departureTime: '09:00', archived: false },
      { stopOrder: 1, locationId: b, name: places[1]?.name, departureTime: '09:40', archived: false },
      { stopOrder: 2, locationId: c, name: places[2]?.name, departureTime: '10:30', archived: false },
    ]);
  });

  it('answers the arrival and the duration of a trip to the last stop in the trip search', async () => {
    const schedule = await create();
    const [a, b, c] = ids();
    const journey = async (from: string, to: string) => {
      t.app.deps.tripSearchCache.clear();
      const res = await t.app.inject({ method: 'GET', url: '/api/trips', query: { date, from, to } });
      const trip = (res.json() as Trip[]).find((x) => x.scheduleId === schedule.id);
      return [trip?.departureTime, trip?.arrivalTime, trip?.durationMinutes];
    };
    expect(await journey(a, c)).toEqual(['09:00', '10:30', 90]);
    expect(await journey(b, c)).toEqual(['09:40', '10:30', 50]);
    expect(await journey(a, b)).toEqual(['09:00', '09:40', 40]);
  });

  it('refuses a new schedule without the arrival at the last stop, with the message under that field', async () => {
    const [a, b, c] = ids();
    const before = await countSchedules();
    for (const last of [{ locationId: c }, { locationId: c, departureTime: null }]) {
      const res = await t.send(
        'POST',
        '/api/admin/schedules',
        threeStops({
          routeStops: [
            { locationId: a, departureTime: '09:00' },
            { locationId: b, departureTime: '09:40' },
            last,
          ],
        }),
      );
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatchObject({
        code: 'schedule_arrival_required',
        message: MSG.scheduleArrivalRequired,
        fields: { 'routeStops.2.departureTime': MSG.scheduleArrivalRequired },
      });
    }
    expect(await countSchedules()).toBe(before);
  });

  it('takes an arrival after the stop before it, an earlier time as past midnight, never the same time', async () => {
    const [a, b, c] = ids();
    const route = (times: [string, string, string]) =>
      threeStops({
        routeStops: [
          { locationId: a, departureTime: times[0] },
          { locationId: b, departureTime: times[1] },
          { locationId: c, departureTime: times[2] },
        ],
      });
    const same = await t.send('POST', '/api/admin/schedules', route(['09:00', '09:40', '09:40']));
    expect(same.statusCode).toBe(400);
    expect(same.json().error).toMatchObject({
      code: 'schedule_arrival_order',
      fields: { 'routeStops.2.departureTime': MSG.scheduleArrivalOrder },
    });
    // Leaving the Airport at 08:00 and arriving at 07:30 would be the next day, after a day at sea.
    const tooLong = await t.send('POST', '/api/admin/schedules', route(['07:00', '08:00', '07:30']));
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().error).toMatchObject({
      code: 'schedule_arrival_too_late',
      fields: { 'routeStops.2.departureTime': MSG.scheduleArrivalTooLate },
    });

    // Past midnight: the trip search counts the journey into the next day.
    const night = await create(route(['22:30', '23:40', '00:20']));
    expect(night.routeStops.map((s) => s.departureTime)).toEqual(['22:30', '23:40', '00:20']);
    t.app.deps.tripSearchCache.clear();
    const found = await t.app.inject({ method: 'GET', url: '/api/trips', query: { date, from: a, to: c } });
    const trip = (found.json() as Trip[]).find((x) => x.scheduleId === night.id);
    expect([trip?.arrivalTime, trip?.durationMinutes]).toEqual(['00:20', 110]);
  });

  it('keeps an older schedule without an arrival working, and its edit asks for the arrival', async () => {
    const schedule = await create();
    const [a, b, c] = ids();
    // As a schedule saved before the arrival was asked for.
    await t.database.db
      .update(scheduleRouteStops)
      .set({ departureTime: null })
      .where(and(eq(scheduleRouteStops.scheduleId, schedule.id), eq(scheduleRouteStops.stopOrder, 2)));
    const read = (await t.send('GET', `/api/admin/schedules/${schedule.id}`)).json() as AdminSchedule;
    expect(read.routeStops.at(-1)?.departureTime).toBeNull();
    t.app.deps.tripSearchCache.clear();
    const found = await t.app.inject({ method: 'GET', url: '/api/trips', query: { date, from: a, to: c } });
    const trip = (found.json() as Trip[]).find((x) => x.scheduleId === schedule.id);
    expect([trip?.departureTime, trip?.arrivalTime, trip?.durationMinutes]).toEqual(['09:00', null, null]);

    const stops = (last: string | null) => ({
      routeStops: [
        { locationId: a, departureTime: '09:05' },
        { locationId: b, departureTime: '09:40' },
        { locationId: c, departureTime: last },
      ],
    });
    const without = await t.send('PUT', `/api/admin/schedules/${schedule.id}`, threeStops(stops(null)));
    expect(without.statusCode).toBe(400);
    expect(without.json().error.code).toBe('schedule_arrival_required');
    const edited = await t.send('PUT', `/api/admin/schedules/${schedule.id}`, threeStops(stops('10:35')));
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as AdminSchedule).routeStops.map((s) => s.departureTime)).toEqual([
      '09:05',
      '09:40',
      '10:35',
    ]);
  });

  it('a 3-stop schedule is searchable leg by leg and never backwards', async () => {
    const schedule = await create();
    const [a, b, c] = ids();
    expect(await searchable(a, b, schedule.id)).toBe(true);
    expect(await searchable(b, c, schedule.id)).toBe(true);
    expect(await searchable(a, c, schedule.id)).toBe(true);
    expect(await searchable(c, a, schedule.id)).toBe(false);
    expect(await searchable(b, a, schedule.id)).toBe(false);
    expect(await searchable(c, b, schedule.id)).toBe(false);
  });

  it.each([
    [
      'one stop',
      { routeStops: [{ locationId: '00000000-0000-4000-8000-000000000001', departureTime: '09:00' }] },
      MSG.scheduleBasics,
    ],
    ['no launch', { launchIds: [] }, MSG.scheduleBasics],
    ['no travel date', { travelDate: '' }, MSG.scheduleBasics],
  ] as const)('refuses %s with the SPEC message and writes nothing', async (_name, overrides, message) => {
    const before = await countSchedules();
    const res = await t.send('POST', '/api/admin/schedules', threeStops(overrides as Partial<ScheduleInput>));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await countSchedules()).toBe(before);
  });

  it('refuses a missing departure time on a stop before the last, and a missing location', async () => {
    const [a, b, c] = ids();
    const before = await countSchedules();
    const noTime = await t.send(
      'POST',
      '/api/admin/schedules',
      threeStops({
        routeStops: [
          { locationId: a, departureTime: '09:00' },
          { locationId: b, departureTime: null },
          { locationId: c, departureTime: '10:30' },
        ],
      }),
    );
    expect(noTime.statusCode).toBe(400);
    expect(noTime.json().error.message).toBe(MSG.scheduleStops);
    const noPlace = await t.send(
      'POST',
      '/api/admin/schedules',
      threeStops({
        routeStops: [
          { locationId: '', departureTime: '09:00' },
          { locationId: c, departureTime: '10:30' },
        ],
      }),
    );
    expect(noPlace.statusCode).toBe(400);
    expect(noPlace.json().error.message).toBe(MSG.scheduleStops);
    expect(await countSchedules()).toBe(before);
  });

  it('refuses a route through the same place twice, and launches or places that do not exist', async () => {
    const [a, b] = ids();
    const before = await countSchedules();
    const twice = await t.send(
      'POST',
      '/api/admin/schedules',
      threeStops({
        routeStops: [
          { locationId: a, departureTime: '09:00' },
          { locationId: b, departureTime: '09:30' },
          { locationId: a, departureTime: '10:00' },
        ],
      }),
    );
    expect(twice.json().error.message).toBe(MSG.scheduleRepeatedStop);
    const ghostLaunch = await t.send(
      'POST',
      '/api/admin/schedules',
      threeStops({ launchIds: ['00000000-0000-4000-8000-000000000009'] }),
    );
    expect(ghostLaunch.statusCode).toBe(400);
    expect(ghostLaunch.json().error.message).toBe(MSG.scheduleUnknownLaunch);
    const ghostPlace = await t.send(
      'POST',
      '/api/admin/schedules',
      threeStops({
        routeStops: [
          { locationId: a, departureTime: '09:00' },
          { locationId: '00000000-0000-4000-8000-000000000009', departureTime: '09:30' },
        ],
      }),
    );
    expect(ghostPlace.json().error.message).toBe(MSG.scheduleUnknownLocation);
    expect(await countSchedules()).toBe(before);
  });

  it('lists by travel date descending and filters by date', async () => {
    const later = await create(threeStops({ travelDate: addDays(date, 2) }));
    const earlier = await create(threeStops({ travelDate: addDays(date, 1) }));
    const all = (await t.send('GET', '/api/admin/schedules')).json().schedules as AdminSchedule[];
    const dates = all.map((s) => s.travelDate);
    expect(dates).toEqual([...dates].sort().reverse());
    const filtered = (await t.send('GET', `/api/admin/schedules?date=${addDays(date, 1)}`)).json()
      .schedules as AdminSchedule[];
    expect(filtered.map((s) => s.id)).toContain(earlier.id);
    expect(filtered.map((s) => s.id)).not.toContain(later.id);
    expect(filtered.every((s) => s.travelDate === addDays(date, 1))).toBe(true);
  });

  it('an edit replaces the old stops and launches with the new ones', async () => {
    const schedule = await create();
    const [, b, , d] = ids();
    const res = await t.send('PUT', `/api/admin/schedules/${schedule.id}`, {
      travelDate: date,
      launchIds: [otherLaunch.id, launch.id],
      routeStops: [
        { locationId: d, departureTime: '14:15' },
        { locationId: b, departureTime: '15:00' },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    const edited: AdminSchedule = res.json();
    expect(edited.departureTime).toBe('14:15');
    expect(edited.launchIds).toEqual([otherLaunch.id, launch.id]);
    expect(edited.routeStops.map((s) => [s.stopOrder, s.locationId, s.departureTime])).toEqual([
      [0, d, '14:15'],
      [1, b, '15:00'],
    ]);
    const rows = await t.database.db
      .select()
      .from(scheduleRouteStops)
      .where(eq(scheduleRouteStops.scheduleId, schedule.id));
    expect(rows).toHaveLength(2);
  });

  it('an edit that would strand an active booking is refused and changes nothing; times may change', async () => {
    const schedule = await create();
    const [a, b, c] = ids();
    // A pending booking from the first stop to the second, on the schedule's launch.
    await makeTicket(t.database.db, {
      schedule: (await t.database.db.select().from(schedules).where(eq(schedules.id, schedule.id)))[0],
      originId: a,
      destinationId: b,
      status: 'pending',
    });

    const attempts: [string, Partial<ScheduleInput>][] = [
      [
        'a stop',
        {
          routeStops: [
            { locationId: a, departureTime: '09:00' },
            { locationId: c, departureTime: '10:00' },
          ],
        },
      ],
      [
        'a stop',
        {
          routeStops: [
            { locationId: b, departureTime: '09:00' },
            { locationId: a, departureTime: '10:00' },
          ],
        },
      ],
      ['a launch', { launchIds: [otherLaunch.id] }],
      ['the travel date', { travelDate: addDays(date, 1) }],
    ];
    for (const [what, overrides] of attempts) {
      const res = await t.send('PUT', `/api/admin/schedules/${schedule.id}`, threeStops(overrides));
      expect(res.statusCode).toBe(409);
      expect(res.json().error.message).toBe(MSG.scheduleEditBreaksBookings(what));
    }
    const unchanged = (await t.send('GET', `/api/admin/schedules/${schedule.id}`)).json() as AdminSchedule;
    expect(unchanged).toEqual({ ...schedule, activeBookings: 1 });

    const retimed = await t.send(
      'PUT',
      `/api/admin/schedules/${schedule.id}`,
      threeStops({
        routeStops: [
          { locationId: a, departureTime: '10:00' },
          { locationId: b, departureTime: '10:45' },
          { locationId: c, departureTime: '11:30' },
        ],
      }),
    );
    expect(retimed.statusCode, retimed.body).toBe(200);
    expect(retimed.json().departureTime).toBe('10:00');
  });

  it('duplicates onto the next day as scheduled, with the same stops and launches', async () => {
    const schedule = await create();
    await t.database.db
      .update(schedules)
      .set({ status: 'completed', completedAt: new Date() })
      .where(eq(schedules.id, schedule.id));
    const res = await t.send('POST', `/api/admin/schedules/${schedule.id}/duplicate`);
    expect(res.statusCode, res.body).toBe(201);
    const copy: AdminSchedule = res.json();
    expect(copy.id).not.toBe(schedule.id);
    expect(copy.travelDate).toBe(addDays(date, 1));
    expect(copy.status).toBe('scheduled');
    expect(copy.completedAt).toBeNull();
    expect(copy.launchIds).toEqual(schedule.launchIds);
    expect(copy.routeStops).toEqual(schedule.routeStops);
  });

  it('completed trips leave the search and reopened ones return', async () => {
    const schedule = await create();
    const [a, , c] = ids();
    const complete = await t.send('POST', `/api/admin/schedules/${schedule.id}/status`, {
      status: 'completed',
    });
    expect(complete.statusCode, complete.body).toBe(200);
    expect(await searchable(a, c, schedule.id)).toBe(false);
    const [row] = await t.database.db.select().from(schedules).where(eq(schedules.id, schedule.id));
    expect(row?.completedAt).toBeInstanceOf(Date);
    const reopen = await t.send('POST', `/api/admin/schedules/${schedule.id}/status`, {
      status: 'scheduled',
    });
    expect(reopen.statusCode).toBe(200);
    expect(await searchable(a, c, schedule.id)).toBe(true);
  });

  it('deletes a schedule no ticket ever used, with its stops', async () => {
    const free = await create();
    const gone = await t.send('DELETE', `/api/admin/schedules/${free.id}`);
    expect(gone.statusCode).toBe(204);
    expect(await t.database.db.select().from(schedules).where(eq(schedules.id, free.id))).toEqual([]);
    expect(
      await t.database.db.select().from(scheduleRouteStops).where(eq(scheduleRouteStops.scheduleId, free.id)),
    ).toEqual([]);
    expect((await t.send('DELETE', `/api/admin/schedules/${free.id}`)).statusCode).toBe(404);
  });

  const scheduleRow = async (id: string) =>
    (await t.database.db.select().from(schedules).where(eq(schedules.id, id)))[0];

  it('refuses to delete a schedule while a pending or approved ticket travels on it', async () => {
    const booked = await create();
    const row = await scheduleRow(booked.id);
    await makeTicket(t.database.db, { schedule: row, status: 'pending' });
    await makeTicket(t.database.db, { schedule: row, status: 'confirmed' });
    const refused = await t.send('DELETE', `/api/admin/schedules/${booked.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({
      code: 'schedule_has_bookings',
      message: MSG.scheduleHasBookings(2),
    });
    expect((await scheduleRow(booked.id))?.archivedAt).toBeNull();
  });

  it('archives a schedule only old tickets use: out of the lists, still read by its tickets', async () => {
    const booked = await create();
    const { ticket } = await makeTicket(t.database.db, {
      schedule: await scheduleRow(booked.id),
      status: 'cancelled',
    });
    const res = await t.send('DELETE', `/api/admin/schedules/${booked.id}`);
    expect(res.statusCode, res.body).toBe(204);
    const archivedAt = (await scheduleRow(booked.id))?.archivedAt;
    expect(archivedAt).toBeInstanceOf(Date);

    const listed = (await t.send('GET', `/api/admin/schedules?date=${date}`)).json()
      .schedules as AdminSchedule[];
    expect(listed.map((s) => s.id)).not.toContain(booked.id);
    const all = (await t.send('GET', '/api/admin/schedules')).json().schedules as AdminSchedule[];
    expect(all.map((s) => s.id)).not.toContain(booked.id);
    const trips = (await t.send('GET', `/api/admin/trips?date=${date}`)).json().trips as {
      scheduleId: string;
    }[];
    expect(trips.map((trip) => trip.scheduleId)).not.toContain(booked.id);
    // Reads by id still work: the schedule itself and its old ticket.
    expect((await t.send('GET', `/api/admin/schedules/${booked.id}`)).statusCode).toBe(200);
    const lookup = await t.app.inject({ method: 'GET', url: `/api/bookings/${ticket.paymentReference}` });
    expect(lookup.json()).toMatchObject({ travelDate: date, departureTime: '09:00' });

    // Again: the same answer, nothing changes.
    expect((await t.send('DELETE', `/api/admin/schedules/${booked.id}`)).statusCode).toBe(204);
    expect((await scheduleRow(booked.id))?.archivedAt).toEqual(archivedAt);
    const rows = await t.database.db.execute(
      sql`SELECT action FROM audit_log WHERE entity = 'schedule' AND entity_id = ${booked.id} ORDER BY created_at`,
    );
    expect((rows as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'create',
      'archive',
    ]);
  });

  it('archives a completed trip whose approved tickets are history', async () => {
    const done = await create();
    await makeTicket(t.database.db, { schedule: await scheduleRow(done.id), status: 'confirmed' });
    const complete = await t.send('POST', `/api/admin/schedules/${done.id}/status`, { status: 'completed' });
    expect(complete.statusCode, complete.body).toBe(200);
    const res = await t.send('DELETE', `/api/admin/schedules/${done.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect((await scheduleRow(done.id))?.archivedAt).toBeInstanceOf(Date);
  });

  it('records every change in the audit log', async () => {
    const schedule = await create();
    await t.send('POST', `/api/admin/schedules/${schedule.id}/duplicate`);
    await t.send('DELETE', `/api/admin/schedules/${schedule.id}`);
    const rows = await t.database.db.execute(
      sql`SELECT action FROM audit_log WHERE entity = 'schedule' AND entity_id = ${schedule.id} ORDER BY created_at`,
    );
    expect((rows as unknown as { rows: { action: string }[] }).rows.map((r) => r.action)).toEqual([
      'create',
      'delete',
    ]);
  });
});
