import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, schedules } from '#server/db/schema.ts';
import { csvCell } from '#server/lib/csv.ts';
import type { AdminTrip, TripPassengers } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { makeLaunch, makeLocation, makePaymentSettings, makeSchedule, makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { bookViaApi } from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe('csvCell', () => {
  it('escapes per RFC 4180 and defuses formulas', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell('+9607771234')).toBe("'+9607771234");
    expect(csvCell('-1')).toBe("'-1");
    expect(csvCell('@cmd')).toBe("'@cmd");
    expect(csvCell(null)).toBe('');
    expect(csvCell(3)).toBe('3');
  });
});

describe(`admin trips (${testDatabaseKind})`, () => {
  const t = useAdminApp({}, async () => {
    await makePaymentSettings(t.database.db);
  });

  const setStatus = (id: string, status: string) => t.post(`/api/admin/schedules/${id}/status`, { status });

  it('lists the trips of a date by departure time with route, stops, launches and passengers', async () => {
    const date = '2032-01-10';
    const [male, airport, thoddoo] = [
      await makeLocation(t.database.db, { name: 'Malé' }),
      await makeLocation(t.database.db, { name: 'Airport' }),
      await makeLocation(t.database.db, { name: 'Thoddoo' }),
    ];
    const big = await makeLaunch(t.database.db, { name: 'Sea Breeze', seats: 20 });
    const small = await makeLaunch(t.database.db, { name: 'Dolphin' });
    const late = await makeSchedule(t.database.db, {
      travelDate: date,
      stops: [
        { locationId: male?.id, departureTime: '14:00' },
        { locationId: airport?.id, departureTime: '14:20' },
        { locationId: thoddoo?.id, departureTime: null },
      ],
      launchIds: [big.id, small.id],
    });
    const early = await makeSchedule(t.database.db, {
      travelDate: date,
      stops: [
        { locationId: airport?.id, departureTime: '07:15' },
        { locationId: male?.id, departureTime: null },
      ],
      launchIds: [],
    });
    await makeSchedule(t.database.db, { travelDate: '2032-01-11' });
    const child = { type: 'local', category: 'child', quantity: 1, price: '15.00' } as const;
    const adult = { type: 'local', category: 'adult', quantity: 2, price: '25.00' } as const;
    await makeTicket(t.database.db, {
      schedule: late,
      status: 'confirmed',
      seats: ['A1', 'A2', 'A3'],
      breakdown: [adult, child],
    });
    await makeTicket(t.database.db, { schedule: late, status: 'pending' });
    await makeTicket(t.database.db, { schedule: late, status: 'cancelled', seats: ['B1'] });

    const res = await t.get(`/api/admin/trips?date=${date}`);
    expect(res.statusCode).toBe(200);
    const { trips }: { trips: AdminTrip[] } = res.json();
    expect(trips.map((x) => x.scheduleId)).toEqual([early.schedule.id, late.schedule.id]);
    expect(trips[1]).toEqual({
      scheduleId: late.schedule.id,
      travelDate: date,
      status: 'scheduled',
      completedAt: null,
      departsAt: new Date(`${date}T14:00:00+05:00`).toISOString(),
      departureTime: '14:00',
      from: { id: male?.id, name: 'Malé' },
      to: { id: thoddoo?.id, name: 'Thoddoo' },
      stops: [
        { stopOrder: 0, locationId: male?.id, name: 'Malé', departureTime: '14:00' },
        { stopOrder: 1, locationId: airport?.id, name: 'Airport', departureTime: '14:20' },
        { stopOrder: 2, locationId: thoddoo?.id, name: 'Thoddoo', departureTime: null },
      ],
      launches: [
        { id: big.id, name: 'Sea Breeze' },
        { id: small.id, name: 'Dolphin' },
      ],
      passengerCount: 3,
    });
    expect(trips[0]).toMatchObject({ launches: [], passengerCount: 0, departureTime: '07:15' });

    const bad = await t.get('/api/admin/trips?date=tomorrow');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(MSG.invalidTravelDate);
  });

  it('lists the passengers of confirmed tickets by name, and a CSV manifest of them', async () => {
    const trip = await makeSchedule(t.database.db, { stops: 3 });
    await makeTicket(t.database.db, {
      schedule: trip,
      status: 'confirmed',
      passengerName: 'Zaid, "Captain" Ahmed',
      seats: ['A1', 'A2'],
      breakdown: [{ type: 'local', category: 'adult', quantity: 2, price: '25.00' }],
      markedStatus: 'present',
    });
    await makeTicket(t.database.db, {
      schedule: trip,
      status: 'confirmed',
      passengerName: '=cmd|calc',
      passengerPhone: '+9607771234',
      originId: trip.stops[1]?.locationId ?? null,
      passengerDepartureTime: '08:30',
    });
    await makeTicket(t.database.db, { schedule: trip, status: 'pending', passengerName: 'Aaron Pending' });

    const res = await t.get(`/api/admin/trips/${trip.schedule.id}/passengers`);
    expect(res.statusCode).toBe(200);
    const body: TripPassengers = res.json();
    expect(body.trip.scheduleId).toBe(trip.schedule.id);
    expect(body.trip.passengerCount).toBe(3);
    expect(body.passengers.map((p) => p.name)).toEqual(['=cmd|calc', 'Zaid, "Captain" Ahmed']);
    expect(body.passengers[1]).toMatchObject({
      seatNumbers: ['A1', 'A2'],
      adultCount: 2,
      childCount: 0,
      markedStatus: 'present',
      nationality: 'Maldivian',
      from: { id: trip.stops[0]?.locationId },
      to: { id: trip.stops[2]?.locationId },
    });
    expect(body.passengers[0]).toMatchObject({
      departureTime: '08:30',
      from: { id: trip.stops[1]?.locationId },
    });

    const csv = await t.get(`/api/admin/trips/${trip.schedule.id}/manifest.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe(
      `attachment; filename="manifest-${trip.schedule.travelDate}-0800.csv"`,
    );
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines[0]).toBe(
      'reference,name,phone,nationality,from,to,departure,seats,adults,children,infants,marked,channel',
    );
    expect(lines[1]).toContain(`,'=cmd|calc,'+9607771234,Maldivian,`);
    expect(lines[1]).toContain(',08:30,');
    expect(lines[2]).toContain(',"Zaid, ""Captain"" Ahmed",');
    expect(lines[2]).toMatch(/,A1 A2,2,0,0,present,online$/);
    expect(lines[3]).toBe('');
    // After a blank line, every person, a row each: bookings made without naming their persons
    // list the contact and the rest as not named (docs/decisions/035).
    const [cmd, zaidRef] = body.passengers.map((p) => p.reference);
    expect(lines.slice(4, 9)).toEqual([
      'reference,person,name,nationality,category,ticket type',
      `${cmd},1,'=cmd|calc,Maldivian,adult,local`,
      `${zaidRef},1,"Zaid, ""Captain"" Ahmed",Maldivian,adult,local`,
      `${zaidRef},2,(not named),,adult,`,
      '',
    ]);
    lines.splice(4, 5);
    // After a blank line, each seat's passenger on each leg (docs/decisions/032).
    const [s0, s1, s2] = body.trip.stops.map((s) => s.name);
    expect(lines[4]).toBe(`launch,seat,${s0} → ${s1},${s1} → ${s2}`);
    const zaid = `"Zaid, ""Captain"" Ahmed (${body.passengers[1]?.reference}) · ${s0} → ${s2}"`;
    expect(lines.slice(5, 7).map((l) => l.split(',').slice(1).join(','))).toEqual([
      `A1,${zaid},${zaid}`,
      `A2,${zaid},${zaid}`,
    ]);
    expect(lines[7]).toMatch(new RegExp(`^[^,]+,[^,]+,,'=cmd\\|calc \\(\\d+\\) · ${s1} → ${s2}$`));
    expect(lines[8]).toBe('');
    expect(lines).toHaveLength(9);
  });

  it('answers unknown and malformed trips with 404 schedule_not_found', async () => {
    for (const url of [
      '/api/admin/trips/00000000-0000-4000-8000-000000000000/passengers',
      '/api/admin/trips/nope/passengers',
      '/api/admin/trips/00000000-0000-4000-8000-000000000000/manifest.csv',
    ]) {
      const res = await t.get(url);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'schedule_not_found', message: MSG.scheduleNotFound });
    }
    expect((await setStatus('00000000-0000-4000-8000-000000000000', 'completed')).statusCode).toBe(404);
  });

  it('completes and reopens a trip: completed_at, audit, closed to booking and open again', async () => {
    const trip = await makeSchedule(t.database.db);
    const done = await setStatus(trip.schedule.id, 'completed');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ scheduleId: trip.schedule.id, status: 'completed' });
    expect(done.json().completedAt).not.toBeNull();
    const [row] = await t.database.db.select().from(schedules).where(eq(schedules.id, trip.schedule.id));
    expect(row?.completedAt).not.toBeNull();
    await expect(bookViaApi(t.app, trip)).rejects.toThrow(/invalid_schedule/);

    const reopened = await setStatus(trip.schedule.id, 'scheduled');
    expect(reopened.json()).toMatchObject({ status: 'scheduled', completedAt: null });
    await bookViaApi(t.app, trip);

    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'schedule'), eq(auditLog.entityId, trip.schedule.id)));
    expect(audit.map((a) => [a.action, a.actorUserId, a.after])).toEqual(
      expect.arrayContaining([
        ['status', t.admin.id, { status: 'completed' }],
        ['status', t.admin.id, { status: 'scheduled' }],
      ]),
    );

    const bad = await setStatus(trip.schedule.id, 'cancelled');
    expect(bad.statusCode).toBe(400);
  });
});
