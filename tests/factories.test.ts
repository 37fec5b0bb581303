import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentSettings, ticketSeats, tickets } from '#server/db/schema.ts';
import { SAMPLE_LAUNCH_SEATS } from '#shared/constants.ts';
import {
  makeLaunch,
  makeLocation,
  makePaymentSettings,
  makeSchedule,
  makeTicket,
  uniqueReference,
} from './factories.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './setup/test-db.ts';

/** The SQLSTATE of a database error, wherever the driver or the ORM nested it. */
function sqlState(err: unknown): { code?: string; constraint?: string } {
  let current: unknown = err;
  for (let depth = 0; current && depth < 5; depth++) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) {
      return { code: e.code, constraint: typeof e.constraint === 'string' ? e.constraint : undefined };
    }
    current = e.cause;
  }
  return {};
}

/** The insert is refused by a constraint: 23505 for a unique index, 23P01 for an exclusion. */
async function expectRefused(promise: Promise<unknown>, constraint: string, code = '23P01') {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, 'expected the insert to be refused').not.toBeNull();
  const state = sqlState(err);
  expect(state.code).toBe(code);
  // PGlite does not report the constraint name on every version; PostgreSQL always does.
  if (state.constraint !== undefined) expect(state.constraint).toBe(constraint);
}

describe(`factories (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('makes launches with default, counted or named seats', async () => {
    const db = database.db;
    const standard = await makeLaunch(db);
    expect(standard.seatNumbers).toEqual(SAMPLE_LAUNCH_SEATS);
    expect(standard.capacity).toBe(12);
    const small = await makeLaunch(db, { seats: 6, name: 'Dhoni' });
    expect(small).toMatchObject({
      name: 'Dhoni',
      capacity: 6,
      seatNumbers: ['A1', 'A2', 'A3', 'A4', 'B1', 'B2'],
    });
    const named = await makeLaunch(db, { seats: ['1', '2', '3'] });
    expect(named).toMatchObject({ capacity: 3, seatNumbers: ['1', '2', '3'] });
    expect((await makeLaunch(db)).name).not.toBe(standard.name);
  });

  it('makes schedules with numbered stops, given stops and launches', async () => {
    const db = database.db;
    const three = await makeSchedule(db, { stops: 3, travelDate: '2030-01-02' });
    expect(three.stops.map((s) => [s.stopOrder, s.departureTime?.slice(0, 5) ?? null])).toEqual([
      [0, '08:00'],
      [1, '08:30'],
      [2, null],
    ]);
    expect(new Set(three.stops.map((s) => s.locationId)).size).toBe(3);
    expect(three.schedule).toMatchObject({
      travelDate: '2030-01-02',
      status: 'scheduled',
      completedAt: null,
    });
    expect(three.schedule.departureTime.slice(0, 5)).toBe('08:00');
    expect(three.launchIds).toHaveLength(1);

    const male = await makeLocation(db, { name: 'Malé', code: 'MLE' });
    const launch = await makeLaunch(db);
    const given = await makeSchedule(db, {
      stops: [{ locationId: male.id, departureTime: '14:15' }, {}],
      launchIds: [launch.id],
      status: 'completed',
    });
    expect(given.stops[0]).toMatchObject({ locationId: male.id, stopOrder: 0 });
    expect(given.stops.map((s) => s.departureTime?.slice(0, 5) ?? null)).toEqual(['14:15', null]);
    expect(given.schedule.departureTime.slice(0, 5)).toBe('14:15');
    expect(given.schedule.status).toBe('completed');
    expect(given.schedule.completedAt).toBeInstanceOf(Date);
    expect(given.launchIds).toEqual([launch.id]);
  });

  it('makes tickets with a unique 10-digit reference, totals and breakdown', async () => {
    const db = database.db;
    const trip = await makeSchedule(db, { stops: 3 });
    const { ticket, seats } = await makeTicket(db, { schedule: trip, seats: ['A1', 'A2'] });
    expect(ticket.paymentReference).toMatch(/^\d{10}$/);
    expect(ticket).toMatchObject({
      scheduleId: trip.schedule.id,
      launchId: trip.launchIds[0],
      travelDate: trip.schedule.travelDate,
      seatNumbers: ['A1', 'A2'],
      ticketStatus: 'pending',
      paymentStatus: 'pending',
      adultCount: 2,
      childCount: 0,
      currency: 'MVR',
      totalAmount: '50.00',
      paymentMethod: 'Bank Transfer',
      userOriginId: trip.stops[0]?.locationId,
      userDestinationId: trip.stops[2]?.locationId,
    });
    expect(ticket.ticketBreakdown).toEqual([
      { type: 'local', category: 'adult', quantity: 2, price: '25.00' },
    ]);
    expect(seats.map((s) => s.seatNumber).sort()).toEqual(['A1', 'A2']);

    const foreign = await makeTicket(db, {
      schedule: trip,
      currency: 'USD',
      breakdown: [
        { type: 'foreigner', category: 'adult', quantity: 1, price: '5.00' },
        { type: 'foreigner', category: 'child', quantity: 1, price: '3.00' },
      ],
      seats: ['B1', 'B2'],
      status: 'confirmed',
    });
    expect(foreign.ticket).toMatchObject({
      totalAmount: '8.00',
      adultCount: 1,
      childCount: 1,
      ticketStatus: 'confirmed',
      paymentStatus: 'completed',
    });
    expect(foreign.ticket.approvedAt).toBeInstanceOf(Date);

    const references = new Set(Array.from({ length: 500 }, () => uniqueReference()));
    expect(references.size).toBe(500);
    expect(references.has(ticket.paymentReference)).toBe(false);
  });

  it('takes a plain schedule row and picks free seats by default', async () => {
    const db = database.db;
    const trip = await makeSchedule(db);
    const first = await makeTicket(db, { schedule: trip.schedule });
    const second = await makeTicket(db, { schedule: trip.schedule });
    expect(first.ticket.seatNumbers).toEqual(['A1']);
    expect(second.ticket.seatNumbers).toEqual(['A2']);
    expect(second.schedule.launchIds).toEqual(trip.launchIds);
  });

  it('a pending or confirmed ticket holds its seats: the database refuses a second ticket on one', async () => {
    const db = database.db;
    const trip = await makeSchedule(db);
    const held = await makeTicket(db, { schedule: trip, seats: ['C3'], status: 'confirmed' });
    expect(held.seats).toHaveLength(1);

    const before = await db
      .select({ n: count() })
      .from(tickets)
      .where(eq(tickets.scheduleId, trip.schedule.id));
    await expectRefused(makeTicket(db, { schedule: trip, seats: ['C3'] }), 'ticket_seats_seat_legs_excl');
    await expectRefused(
      makeTicket(db, { schedule: trip, seats: ['C4', 'C3'] }),
      'ticket_seats_seat_legs_excl',
    );
    // The refused tickets were rolled back with their seats, not left behind half-made.
    const after = await db
      .select({ n: count() })
      .from(tickets)
      .where(eq(tickets.scheduleId, trip.schedule.id));
    expect(after).toEqual(before);
    const c4 = await db.select().from(ticketSeats).where(eq(ticketSeats.seatNumber, 'C4'));
    expect(c4.filter((s) => s.scheduleId === trip.schedule.id)).toEqual([]);
  });

  it('a cancelled ticket holds nothing', async () => {
    const db = database.db;
    const trip = await makeSchedule(db);
    const cancelled = await makeTicket(db, { schedule: trip, seats: ['A1'], status: 'cancelled' });
    expect(cancelled.seats).toEqual([]);
    expect(cancelled.ticket.paymentStatus).toBe('failed');
    const held = await db.select().from(ticketSeats).where(eq(ticketSeats.ticketId, cancelled.ticket.id));
    expect(held).toEqual([]);
    const rebooked = await makeTicket(db, { schedule: trip, seats: ['A1'] });
    expect(rebooked.seats.map((s) => s.seatNumber)).toEqual(['A1']);
  });

  it('the same seat label on another launch or another date is a different seat', async () => {
    const db = database.db;
    const one = await makeLaunch(db);
    const two = await makeLaunch(db);
    const trip = await makeSchedule(db, { launchIds: [one.id, two.id], travelDate: '2030-05-01' });
    await makeTicket(db, { schedule: trip, launchId: one.id, seats: ['A1'] });
    const other = await makeTicket(db, { schedule: trip, launchId: two.id, seats: ['A1'] });
    expect(other.seats).toEqual([expect.objectContaining({ launchId: two.id, seatNumber: 'A1' })]);
    const nextDay = await makeTicket(db, {
      schedule: trip,
      launchId: one.id,
      seats: ['A1'],
      travelDate: '2030-05-02',
    });
    expect(nextDay.seats).toHaveLength(1);
  });

  it('keeps payment settings to one row', async () => {
    const db = database.db;
    const first = await makePaymentSettings(db);
    expect(first).toMatchObject({
      localAdultPrice: '25.00',
      foreignerAdultPrice: '5.00',
      bankName: 'Bank of Maldives',
    });
    const second = await makePaymentSettings(db, { exchangeRate: '16.00' });
    expect(second.id).toBe(first.id);
    expect(Number(second.exchangeRate)).toBe(16);
    expect(await db.select({ n: count() }).from(paymentSettings)).toEqual([{ n: 1 }]);
  });
});
