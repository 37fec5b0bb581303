import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seatLocks, ticketSeats } from '#server/db/schema.ts';
import { MSG } from '#shared/messages/api.ts';
import type { ScheduleInput } from '#shared/setup-api.ts';
import { type MadeSchedule, makeLocation, makeSchedule, makeTicket } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// An edit of a schedule's stops that keeps every booked From and To but adds or removes stops in
// between: the seats' legs are counted again on the new stops (docs/decisions/032).
describe(`route edits with seats sold per leg (${testDatabaseKind})`, () => {
  const t = useAdminApp();

  /** The edit: these stops (location ids, in order), times 30 minutes apart, the same launch. */
  const edit = (made: MadeSchedule, stopIds: string[]) => {
    const input: ScheduleInput = {
      travelDate: made.schedule.travelDate,
      launchIds: made.launchIds,
      routeStops: stopIds.map((locationId, i) => ({
        locationId,
        departureTime: `${String(8 + Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
      })),
    };
    return t.send('PUT', `/api/admin/schedules/${made.schedule.id}`, input);
  };

  const seatRows = async (scheduleId: string) =>
    (await t.database.db.select().from(ticketSeats).where(eq(ticketSeats.scheduleId, scheduleId)))
      .map((r) => ({ ticket: r.ticketId, seat: r.seatNumber, legs: [r.fromStop, r.toStop] }))
      .sort((a, b) => `${a.seat}${a.legs}`.localeCompare(`${b.seat}${b.legs}`));
  const lockRows = async (scheduleId: string) =>
    (await t.database.db.select().from(seatLocks).where(eq(seatLocks.scheduleId, scheduleId)))
      .map((r) => ({ id: r.id, seat: r.seatNumber, legs: [r.fromStop, r.toStop] }))
      .sort((a, b) => a.seat.localeCompare(b.seat));

  /** A passenger's hold as a seat lock leaves it, asked with these stops (null: the whole departure). */
  const hold = async (
    made: MadeSchedule,
    seatNumber: string,
    stops: { originId: string | null; destinationId: string | null; fromStop: number; toStop: number },
  ) => {
    const [row] = await t.database.db
      .insert(seatLocks)
      .values({
        scheduleId: made.schedule.id,
        travelDate: made.schedule.travelDate,
        launchId: made.launchIds[0] ?? '',
        seatNumber,
        ...stops,
        lockedUntil: new Date(Date.now() + 10 * 60_000),
        userSession: randomUUID(),
      })
      .returning();
    return row?.id ?? '';
  };

  /** A row sharing a leg with one already there is still refused by the exclusion constraint. */
  const refusedOnLeg = async (made: MadeSchedule, ticketId: string, seatNumber: string, leg: number) => {
    const attempt = t.database.db.insert(ticketSeats).values({
      ticketId,
      scheduleId: made.schedule.id,
      travelDate: made.schedule.travelDate,
      launchId: made.launchIds[0] ?? '',
      seatNumber,
      fromStop: leg,
      toStop: leg + 1,
    });
    const code = await attempt.then(
      () => 'inserted',
      (err: { code?: string; cause?: { code?: string } }) => err.cause?.code ?? err.code,
    );
    expect(code).toBe('23P01');
  };

  it('a stop inserted between two booked stops: every seat row and hold counted on the new stops, the constraint still holding', async () => {
    const db = t.database.db;
    const made = await makeSchedule(db, { stops: 3 });
    const [a, b, c] = made.stops.map((s) => s.locationId) as [string, string, string];
    const ab = await makeTicket(db, {
      schedule: made,
      seats: ['A1'],
      originId: a,
      destinationId: b,
      status: 'confirmed',
    });
    const bc = await makeTicket(db, {
      schedule: made,
      seats: ['A1'],
      originId: b,
      destinationId: c,
      status: 'pending',
    });
    const whole = await makeTicket(db, {
      schedule: made,
      seats: ['A2', 'A3'],
      originId: null,
      destinationId: null,
      status: 'confirmed',
    });
    const heldBc = await hold(made, 'A4', { originId: b, destinationId: c, fromStop: 1, toStop: 2 });
    const heldWhole = await hold(made, 'B1', { originId: null, destinationId: null, fromStop: 0, toStop: 2 });

    // A new island between the first and second stops.
    const x = (await makeLocation(db)).id;
    const res = await edit(made, [a, x, b, c]);
    expect(res.statusCode, res.body).toBe(200);

    expect(await seatRows(made.schedule.id)).toEqual([
      { ticket: ab.ticket.id, seat: 'A1', legs: [0, 2] },
      { ticket: bc.ticket.id, seat: 'A1', legs: [2, 3] },
      { ticket: whole.ticket.id, seat: 'A2', legs: [0, 3] },
      { ticket: whole.ticket.id, seat: 'A3', legs: [0, 3] },
    ]);
    expect(await lockRows(made.schedule.id)).toEqual([
      { id: heldBc, seat: 'A4', legs: [2, 3] },
      { id: heldWhole, seat: 'B1', legs: [0, 3] },
    ]);
    // Each leg of A1 is taken once: the new leg x -> b by the first booking, b -> c by the second.
    await refusedOnLeg(made, ab.ticket.id, 'A1', 1);
    await refusedOnLeg(made, ab.ticket.id, 'A1', 2);
    await refusedOnLeg(made, ab.ticket.id, 'A2', 1);
  });

  it('an intermediate stop removed: the rows after it move down, and a hold asked from that stop is dropped', async () => {
    const db = t.database.db;
    const made = await makeSchedule(db, { stops: 4 });
    const [a, b, c, d] = made.stops.map((s) => s.locationId) as [string, string, string, string];
    const ac = await makeTicket(db, {
      schedule: made,
      seats: ['A1'],
      originId: a,
      destinationId: c,
      status: 'confirmed',
    });
    const cd = await makeTicket(db, {
      schedule: made,
      seats: ['A1'],
      originId: c,
      destinationId: d,
      status: 'confirmed',
    });
    await hold(made, 'A2', { originId: b, destinationId: d, fromStop: 1, toStop: 3 });
    const heldCd = await hold(made, 'A3', { originId: c, destinationId: null, fromStop: 2, toStop: 3 });

    const res = await edit(made, [a, c, d]);
    expect(res.statusCode, res.body).toBe(200);

    expect(await seatRows(made.schedule.id)).toEqual([
      { ticket: ac.ticket.id, seat: 'A1', legs: [0, 1] },
      { ticket: cd.ticket.id, seat: 'A1', legs: [1, 2] },
    ]);
    expect(await lockRows(made.schedule.id)).toEqual([{ id: heldCd, seat: 'A3', legs: [1, 2] }]);
    await refusedOnLeg(made, ac.ticket.id, 'A1', 0);
    await refusedOnLeg(made, ac.ticket.id, 'A1', 1);
  });

  it('an order of stops that would put two bookings of one seat on a shared leg is refused, and nothing changes', async () => {
    const db = t.database.db;
    const made = await makeSchedule(db, { stops: 4 });
    const [a, b, c, d] = made.stops.map((s) => s.locationId) as [string, string, string, string];
    await makeTicket(db, {
      schedule: made,
      seats: ['A1'],
      originId: a,
      destinationId: b,
      status: 'confirmed',
    });
    await makeTicket(db, {
      schedule: made,
      seats: ['A1'],
      originId: c,
      destinationId: d,
      status: 'confirmed',
    });
    const before = await seatRows(made.schedule.id);

    // Each booking still travels forward, but a -> b now runs over c, where the other boards.
    const res = await edit(made, [a, c, b, d]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'schedule_in_use',
      message: MSG.scheduleEditSharesSeats(['A1']),
    });
    expect(await seatRows(made.schedule.id)).toEqual(before);
    const stops = (await t.send('GET', `/api/admin/schedules/${made.schedule.id}`)).json().routeStops;
    expect(stops.map((s: { locationId: string }) => s.locationId)).toEqual([a, b, c, d]);
  });

  it('an order of stops under which holds would share a leg: the sale keeps its seat, and of two holds the later-ending one', async () => {
    const db = t.database.db;
    const made = await makeSchedule(db, { stops: 4 });
    const [a, b, c, d] = made.stops.map((s) => s.locationId) as [string, string, string, string];
    const sold = await makeTicket(db, {
      schedule: made,
      seats: ['A1'],
      originId: a,
      destinationId: b,
      status: 'confirmed',
    });
    await hold(made, 'A1', { originId: c, destinationId: d, fromStop: 2, toStop: 3 });
    const longer = await hold(made, 'A2', { originId: a, destinationId: b, fromStop: 0, toStop: 1 });
    await db
      .update(seatLocks)
      .set({ lockedUntil: new Date(Date.now() + 20 * 60_000) })
      .where(eq(seatLocks.id, longer));
    await hold(made, 'A2', { originId: c, destinationId: d, fromStop: 2, toStop: 3 });

    const res = await edit(made, [a, c, b, d]);
    expect(res.statusCode, res.body).toBe(200);
    expect(await seatRows(made.schedule.id)).toEqual([{ ticket: sold.ticket.id, seat: 'A1', legs: [0, 2] }]);
    expect(await lockRows(made.schedule.id)).toEqual([{ id: longer, seat: 'A2', legs: [0, 2] }]);
  });

  it('an edit that removes a booking’s own stop is still refused', async () => {
    const db = t.database.db;
    const made = await makeSchedule(db, { stops: 3 });
    const [a, b, c] = made.stops.map((s) => s.locationId) as [string, string, string];
    // Boards at b and rides to the end: no To stop of its own.
    await makeTicket(db, {
      schedule: made,
      seats: ['A1'],
      originId: b,
      destinationId: null,
      status: 'confirmed',
    });
    const res = await edit(made, [a, c]);
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json().error.message).toBe(MSG.scheduleEditBreaksBookings('a stop'));
    expect(await seatRows(made.schedule.id)).toHaveLength(1);
  });
});
