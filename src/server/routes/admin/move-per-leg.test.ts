import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seatLocks, ticketSeats, tickets } from '#server/db/schema.ts';
import type { MovePlan } from '#shared/disruptions.ts';
import { makeLocation, makePaymentSettings, makeSchedule, makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// Moving a departure's bookings when seats are sold per leg (docs/decisions/026 and 032): each
// booking takes its seats on the new departure for its own From -> To there.
describe(`moving a departure, seats per leg (${testDatabaseKind})`, () => {
  const t = useAdminApp({ role: 'office' }, async () => {
    await makePaymentSettings(t.database.db);
  });

  const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;
  const legsOn = async (scheduleId: string) =>
    (await t.database.db.select().from(ticketSeats).where(eq(ticketSeats.scheduleId, scheduleId)))
      .map((r) => [r.ticketId, r.seatNumber, r.fromStop, r.toStop])
      .sort((a, b) => String(a[2]).localeCompare(String(b[2])));

  it('two bookings of one seat on legs apart keep sharing that seat on the new departure, each on its own legs there', async () => {
    const db = t.database.db;
    // Malé, Airport, Rasdhoo, Ukulhas.
    const source = await makeSchedule(db, { stops: 4 });
    const [male, airport, rasdhoo, ukulhas] = source.stops.map((s) => s.locationId);
    const toAirport = await makeTicket(db, {
      schedule: source,
      seats: ['A1'],
      originId: male,
      destinationId: airport,
      status: 'confirmed',
      passengerEmail: email('to-airport'),
    });
    const fromAirport = await makeTicket(db, {
      schedule: source,
      seats: ['A1'],
      originId: airport,
      destinationId: rasdhoo,
      status: 'confirmed',
      passengerEmail: email('from-airport'),
    });
    // The new departure calls at one more island between Malé and the airport: the same stops
    // sit at other positions there.
    const hulhumale = (await makeLocation(db)).id;
    const target = await makeSchedule(db, {
      stops: [male, hulhumale, airport, rasdhoo, ukulhas].map((locationId) => ({ locationId })),
    });

    const preview = await t.send(
      'GET',
      `/api/admin/trips/${source.schedule.id}/move-preview?to=${target.schedule.id}`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = preview.json() as MovePlan;
    expect(planned.cannotMove).toEqual([]);
    expect(planned.moves.map((m) => [m.reference, m.toSeats, m.together]).sort()).toEqual(
      [
        [toAirport.ticket.paymentReference, ['A1'], true],
        [fromAirport.ticket.paymentReference, ['A1'], true],
      ].sort(),
    );

    const res = await t.send('POST', `/api/admin/trips/${source.schedule.id}/move`, {
      to: target.schedule.id,
      reason: 'weather',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MovePlan).moves).toEqual(planned.moves);
    expect(await legsOn(target.schedule.id)).toEqual([
      [toAirport.ticket.id, 'A1', 0, 2],
      [fromAirport.ticket.id, 'A1', 2, 3],
    ]);
    expect(await legsOn(source.schedule.id)).toEqual([]);
    const moved = await db.select().from(tickets).where(eq(tickets.scheduleId, target.schedule.id));
    expect(moved.map((m) => [m.id, m.seatNumbers, m.ticketStatus]).sort()).toEqual(
      [
        [toAirport.ticket.id, ['A1'], 'confirmed'],
        [fromAirport.ticket.id, ['A1'], 'confirmed'],
      ].sort(),
    );
  });

  it('a seat taken on one of a booking’s legs there, by a ticket or a live hold, is not free for it: it gets another', async () => {
    const db = t.database.db;
    const source = await makeSchedule(db, { stops: 4 });
    const stopIds = source.stops.map((s) => s.locationId);
    const [first, second, third] = stopIds;
    const moving = await makeTicket(db, {
      schedule: source,
      seats: ['A1'],
      originId: first,
      destinationId: third,
      status: 'confirmed',
      passengerEmail: email('moving'),
    });
    const target = await makeSchedule(db, { stops: stopIds.map((locationId) => ({ locationId })) });
    // A1 is sold there from the second stop on, sharing the booking's second leg; A2 is held by a
    // passenger mid-booking on the first leg; A3 is held on the last leg only, and A4 was held on
    // the first leg by a hold that has run out.
    const sold = await makeTicket(db, {
      schedule: target,
      seats: ['A1'],
      originId: second,
      destinationId: null,
      status: 'confirmed',
    });
    const hold = (seatNumber: string, fromStop: number, toStop: number, minutes: number) => ({
      scheduleId: target.schedule.id,
      travelDate: target.schedule.travelDate,
      launchId: target.launchIds[0] ?? '',
      seatNumber,
      fromStop,
      toStop,
      lockedUntil: new Date(Date.now() + minutes * 60_000),
      userSession: randomUUID(),
    });
    await db.insert(seatLocks).values([hold('A2', 0, 1, 10), hold('A3', 2, 3, 10), hold('A4', 0, 1, -1)]);

    const preview = await t.send(
      'GET',
      `/api/admin/trips/${source.schedule.id}/move-preview?to=${target.schedule.id}`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    // The nearest seat free on both its legs: A3, whose hold is on a leg the booking does not travel.
    expect((preview.json() as MovePlan).moves.map((m) => [m.reference, m.toSeats])).toEqual([
      [moving.ticket.paymentReference, ['A3']],
    ]);

    const res = await t.send('POST', `/api/admin/trips/${source.schedule.id}/move`, {
      to: target.schedule.id,
      reason: 'technical',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MovePlan).moves.map((m) => m.toSeats)).toEqual([['A3']]);
    const rows = await legsOn(target.schedule.id);
    expect(rows).toHaveLength(2);
    expect(rows).toContainEqual([sold.ticket.id, 'A1', 1, 3]);
    expect(rows).toContainEqual([moving.ticket.id, 'A3', 0, 2]);
  });

  it('a booking whose stops the new departure does not call at in order is cancelled and listed, as before', async () => {
    const db = t.database.db;
    const source = await makeSchedule(db, { stops: 3 });
    const [a, b, c] = source.stops.map((s) => s.locationId);
    const stranded = await makeTicket(db, {
      schedule: source,
      seats: ['A1'],
      originId: a,
      destinationId: b,
      status: 'confirmed',
      passengerEmail: email('stranded'),
    });
    const target = await makeSchedule(db, { stops: [{ locationId: b }, { locationId: c }] });
    const res = await t.send('POST', `/api/admin/trips/${source.schedule.id}/move`, {
      to: target.schedule.id,
      reason: 'technical',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MovePlan).cannotMove).toMatchObject([
      {
        reference: stranded.ticket.paymentReference,
        why: 'The new departure does not call at this booking’s stops in order',
      },
    ]);
    const [row] = await db.select().from(tickets).where(eq(tickets.id, stranded.ticket.id));
    expect(row?.ticketStatus).toBe('cancelled_by_operator');
    expect(await legsOn(target.schedule.id)).toEqual([]);
  });
});
