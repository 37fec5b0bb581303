import { randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seatLocks, ticketSeats, tickets } from '#server/db/schema.ts';
import type { CounterSale, CounterSaleRequest } from '#shared/counter.ts';
import {
  type Location,
  type MadeSchedule,
  makeLaunch,
  makeLocation,
  makePaymentSettings,
  makeSchedule,
} from '#tests/factories.ts';
import { type StaffSession, useAdminApp } from '#tests/setup/admin-app.ts';
import { bookingRequest } from '#tests/setup/http-passenger.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  postBooking,
  ticketByReference,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * Seats are sold per leg (docs/decisions/032-seats-per-leg.md): on Malé -> Airport -> Rasdhoo ->
 * Thoddoo one seat carries a passenger Malé -> Airport and another Airport -> Rasdhoo, and is
 * refused to anyone whose stretch shares a leg with either, as a lock and as a booking, through
 * the real routes. Then many sessions race for one seat with stretches that overlap and stretches
 * that do not: no leg is ever held twice, and every request that overlaps no other wins.
 */

const STOPS = ['Malé', 'Airport', 'Rasdhoo', 'Thoddoo'] as const;
type Stop = (typeof STOPS)[number];

type Route = { trip: MadeSchedule; launchId: string; at: (stop: Stop) => string };

/** A 4-stop departure tomorrow on a launch of its own, and the location id of each stop by name. */
async function fourStopRoute(
  t: { database: { db: Parameters<typeof makeLaunch>[0] } },
  seats = 12,
): Promise<Route> {
  const { db } = t.database;
  const locations: Location[] = [];
  for (const name of STOPS)
    locations.push(await makeLocation(db, { name: `${name} ${randomUUID().slice(0, 6)}` }));
  const launch = await makeLaunch(db, { seats });
  const trip = await makeSchedule(db, {
    launchIds: [launch.id],
    stops: locations.map((l, i) => ({
      locationId: l.id,
      departureTime: `${String(8 + i).padStart(2, '0')}:00`,
    })),
  });
  return {
    trip,
    launchId: launch.id,
    at: (stop) => locations[STOPS.indexOf(stop)]?.id ?? '',
  };
}

/** The 409 every refusal of a taken seat gives, naming the seats. */
const taken = (seats: string[]) => ({ error: expect.objectContaining({ code: 'seats_unavailable', seats }) });

describe(`seats sold per leg (${testDatabaseKind})`, () => {
  let seller: StaffSession;
  const t = useAdminApp(
    { env: { ...MANY_HOLDS_PER_ADDRESS, ...MANY_VERIFICATIONS_PER_ADDRESS } },
    async () => {
      await makePaymentSettings(t.database.db);
      seller = await t.signInAs('counter');
      const shift = await seller.post('/api/admin/counter/shift', { floats: { MVR: '500', USD: '0' } });
      expect(shift.statusCode, shift.body).toBe(201);
    },
  );

  type Passenger = { email: string; token: string };
  /** A passenger who has verified a fresh e-mail (step 2). */
  const passenger = async (): Promise<Passenger> => {
    const email = `p-${randomUUID()}@example.com`;
    return { email, token: await verifiedToken(t.app, email) };
  };

  /** POST /api/seat-locks from `session` for `seats` from `from` to `to`, with a verified e-mail. */
  const lock = async (
    route: Route,
    session: string,
    seats: string[],
    from: Stop,
    to: Stop,
    who?: Passenger,
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/seat-locks',
      headers: { 'x-booking-session': session },
      payload: {
        scheduleId: route.trip.schedule.id,
        travelDate: route.trip.schedule.travelDate,
        launchId: route.launchId,
        seats,
        originId: route.at(from),
        destinationId: route.at(to),
        verificationToken: (who ?? (await passenger())).token,
      },
    });

  const release = (route: Route, session: string, seats: string[]) =>
    t.app.inject({
      method: 'DELETE',
      url: '/api/seat-locks',
      headers: { 'x-booking-session': session },
      payload: {
        scheduleId: route.trip.schedule.id,
        travelDate: route.trip.schedule.travelDate,
        launchId: route.launchId,
        seats,
      },
    });

  /** The wizard's booking: the e-mail verified, then POST /api/bookings from `session`. */
  const book = async (
    route: Route,
    session: string,
    seats: string[],
    from: Stop,
    to: Stop,
    who?: Passenger,
  ) => {
    const { email, token } = who ?? (await passenger());
    const body = bookingRequest({
      scheduleId: route.trip.schedule.id,
      travelDate: route.trip.schedule.travelDate,
      originId: route.at(from),
      destinationId: route.at(to),
      launchId: route.launchId,
      seats,
      email,
      verificationToken: token,
    });
    return postBooking(t.app, body, { session });
  };

  const counterSale = (route: Route, seats: string[], from: Stop, to: Stop): CounterSaleRequest => ({
    scheduleId: route.trip.schedule.id,
    travelDate: route.trip.schedule.travelDate,
    launchId: route.launchId,
    originId: route.at(from),
    destinationId: route.at(to),
    seats,
    tickets: [{ type: 'local', category: 'adult', quantity: seats.length }],
    passenger: { name: 'Ibrahim Walk-in', nationality: 'Maldivian' },
    language: 'en',
    currency: 'MVR',
    payment: { method: 'cash', received: '1000' },
    saleId: randomUUID(),
  });

  /** The legs [fromStop, toStop) each row of `seat` holds, in order. */
  const legRows = async (table: typeof seatLocks | typeof ticketSeats, route: Route, seat: string) =>
    (
      await t.database.db
        .select({ fromStop: table.fromStop, toStop: table.toStop })
        .from(table)
        .where(and(eq(table.scheduleId, route.trip.schedule.id), eq(table.seatNumber, seat)))
    ).sort((a, b) => a.fromStop - b.fromStop);

  it('locks one seat Malé -> Airport and Airport -> Rasdhoo, and refuses it Malé -> Thoddoo while either lock holds it', async () => {
    const route = await fourStopRoute(t);
    const [first, second, whole] = [randomUUID(), randomUUID(), randomUUID()];

    const firstLock = await lock(route, first, ['A1'], 'Malé', 'Airport');
    expect(firstLock.statusCode, firstLock.body).toBe(200);
    let refused = await lock(route, whole, ['A1'], 'Malé', 'Thoddoo');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual(taken(['A1']));

    const secondLock = await lock(route, second, ['A1'], 'Airport', 'Rasdhoo');
    expect(secondLock.statusCode, secondLock.body).toBe(200);
    expect(await legRows(seatLocks, route, 'A1')).toEqual([
      { fromStop: 0, toStop: 1 },
      { fromStop: 1, toStop: 2 },
    ]);

    // Malé -> Airport lets go; Airport -> Rasdhoo alone still keeps Malé -> Thoddoo out.
    expect((await release(route, first, ['A1'])).json()).toEqual({ released: 1 });
    refused = await lock(route, whole, ['A1'], 'Malé', 'Thoddoo');
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json()).toEqual(taken(['A1']));

    expect((await release(route, second, ['A1'])).json()).toEqual({ released: 1 });
    const won = await lock(route, whole, ['A1'], 'Malé', 'Thoddoo');
    expect(won.statusCode, won.body).toBe(200);
    expect(await legRows(seatLocks, route, 'A1')).toEqual([{ fromStop: 0, toStop: 3 }]);
  });

  it('books one seat Malé -> Airport online and Airport -> Rasdhoo at the counter, and refuses it Malé -> Thoddoo while either booking holds it', async () => {
    const route = await fourStopRoute(t);
    const online = randomUUID();
    const aishath = await passenger();

    // The wizard: the seat held for the passenger's stretch, then the booking from that session.
    const held = await lock(route, online, ['A1'], 'Malé', 'Airport', aishath);
    expect(held.statusCode, held.body).toBe(200);
    const booked = await book(route, online, ['A1'], 'Malé', 'Airport', aishath);
    expect(booked.statusCode, booked.body).toBe(201);
    const onlineTicket = await ticketByReference(t.app, booked.json().reference);

    const refusals = async (seat: string) => {
      const asLock = await lock(route, randomUUID(), [seat], 'Malé', 'Thoddoo');
      expect(asLock.statusCode, asLock.body).toBe(409);
      expect(asLock.json()).toEqual(taken([seat]));
      const asBooking = await book(route, randomUUID(), [seat], 'Malé', 'Thoddoo');
      expect(asBooking.statusCode, asBooking.body).toBe(409);
      expect(asBooking.json()).toEqual(taken([seat]));
      const atCounter = await seller.post(
        '/api/admin/counter/sales',
        counterSale(route, [seat], 'Malé', 'Thoddoo'),
      );
      expect(atCounter.statusCode, atCounter.body).toBe(409);
      expect(atCounter.json()).toEqual(taken([seat]));
    };
    // Only the online booking holds A1 (Malé -> Airport).
    await refusals('A1');

    // The counter sells A1 Airport -> Rasdhoo beside it.
    const sold = await seller.post(
      '/api/admin/counter/sales',
      counterSale(route, ['A1'], 'Airport', 'Rasdhoo'),
    );
    expect(sold.statusCode, sold.body).toBe(201);
    const sale = sold.json() as CounterSale;
    expect(await legRows(ticketSeats, route, 'A1')).toEqual([
      { fromStop: 0, toStop: 1 },
      { fromStop: 1, toStop: 2 },
    ]);
    await refusals('A1');

    // The online booking is rejected: the counter's Airport -> Rasdhoo alone still holds A1.
    const rejected = await t.post(`/api/admin/tickets/${onlineTicket.id}/reject`, {
      remarks: 'Slip unreadable',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(await legRows(ticketSeats, route, 'A1')).toEqual([{ fromStop: 1, toStop: 2 }]);
    await refusals('A1');

    // Rasdhoo -> Thoddoo shares no leg with it: sold beside it.
    const after = await book(route, randomUUID(), ['A1'], 'Rasdhoo', 'Thoddoo');
    expect(after.statusCode, after.body).toBe(201);

    // The sale is voided: Malé -> Airport -> Rasdhoo is free again, Rasdhoo -> Thoddoo is not.
    const voided = await seller.post(`/api/admin/counter/sales/${sale.ticketId}/void`, {
      reason: 'Sold in error',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const last = await book(route, randomUUID(), ['A1'], 'Malé', 'Rasdhoo');
    expect(last.statusCode, last.body).toBe(201);
    const whole = await lock(route, randomUUID(), ['A1'], 'Malé', 'Thoddoo');
    expect(whole.statusCode, whole.body).toBe(409);
    expect(await legRows(ticketSeats, route, 'A1')).toEqual([
      { fromStop: 0, toStop: 2 },
      { fromStop: 2, toStop: 3 },
    ]);
  });

  it('lets a race of many sessions for one seat hold no leg twice, and every stretch that overlaps no other wins', async () => {
    // Five stops, four legs; Malé .. Thoddoo and a fifth stop are positions 0..4.
    const { db } = t.database;
    const locations: Location[] = [];
    for (let i = 0; i < 5; i++) locations.push(await makeLocation(db));
    const launch = await makeLaunch(db, { seats: 12 });
    const trip = await makeSchedule(db, {
      launchIds: [launch.id],
      stops: locations.map((l, i) => ({
        locationId: l.id,
        departureTime: `${String(8 + i).padStart(2, '0')}:00`,
      })),
    });
    const token = await verifiedToken(t.app, `racer-${randomUUID()}@example.com`);

    // [seat, fromStop, toStop, how many sessions ask for it]
    const asks: Array<[string, number, number, number]> = [
      // A1: the first and last legs asked once each (no rival), the middle fought over.
      ['A1', 0, 1, 1],
      ['A1', 1, 2, 3],
      ['A1', 1, 3, 3],
      ['A1', 2, 3, 3],
      ['A1', 3, 4, 1],
      // A2: the whole departure, ten times: exactly one wins.
      ['A2', 0, 4, 10],
      // A3: each leg once: all four win.
      ['A3', 0, 1, 1],
      ['A3', 1, 2, 1],
      ['A3', 2, 3, 1],
      ['A3', 3, 4, 1],
      // A4: two halves, each asked three times, and the whole once: never all three kinds.
      ['A4', 0, 2, 3],
      ['A4', 2, 4, 3],
      ['A4', 0, 4, 1],
    ];
    const requests = asks.flatMap(([seat, fromStop, toStop, times]) =>
      Array.from({ length: times }, () => ({ seat, fromStop, toStop, session: randomUUID() })),
    );
    // Interleaved, so rivals are not sent in a row.
    requests.sort(() => Math.random() - 0.5);
    const answers = await Promise.all(
      requests.map((r) =>
        t.app.inject({
          method: 'POST',
          url: '/api/seat-locks',
          headers: { 'x-booking-session': r.session },
          payload: {
            scheduleId: trip.schedule.id,
            travelDate: trip.schedule.travelDate,
            launchId: launch.id,
            seats: [r.seat],
            originId: locations[r.fromStop]?.id,
            destinationId: locations[r.toStop]?.id,
            verificationToken: token,
          },
        }),
      ),
    );
    for (const [i, a] of answers.entries()) {
      expect([200, 409], `${JSON.stringify(requests[i])}: ${a.body}`).toContain(a.statusCode);
      if (a.statusCode === 409) expect(a.json()).toEqual(taken([requests[i]?.seat ?? '']));
    }
    const won = requests.filter((_, i) => answers[i]?.statusCode === 200);
    const overlap = (a: { fromStop: number; toStop: number }, b: { fromStop: number; toStop: number }) =>
      a.fromStop < b.toStop && b.fromStop < a.toStop;

    // Every request whose stretch overlaps no other request's on its seat won.
    for (const r of requests) {
      const rivals = requests.filter((o) => o !== r && o.seat === r.seat && overlap(o, r));
      if (rivals.length === 0) expect(won, `${r.seat} ${r.fromStop}-${r.toStop}`).toContainEqual(r);
    }
    // Every refused request shares a leg with a winner (refused only for a real conflict).
    for (const r of requests.filter((q) => !won.includes(q))) {
      expect(
        won.some((w) => w.seat === r.seat && overlap(w, r)),
        `${r.seat} ${r.fromStop}-${r.toStop} refused with no winner on its legs`,
      ).toBe(true);
    }
    expect(won.filter((w) => w.seat === 'A2')).toHaveLength(1);
    expect(won.filter((w) => w.seat === 'A3')).toHaveLength(4);

    // The rows: exactly the winners, and no two of one seat share a leg.
    const rows = await db
      .select({
        seat: seatLocks.seatNumber,
        fromStop: seatLocks.fromStop,
        toStop: seatLocks.toStop,
        session: seatLocks.userSession,
      })
      .from(seatLocks)
      .where(eq(seatLocks.scheduleId, trip.schedule.id));
    const bySession = (a: { session: string }, b: { session: string }) => a.session.localeCompare(b.session);
    expect(rows.sort(bySession)).toEqual(
      won
        .map((w) => ({ seat: w.seat, fromStop: w.fromStop, toStop: w.toStop, session: w.session }))
        .sort(bySession),
    );
    const shared = await db.execute(sql`
      SELECT a.seat_number FROM seat_locks a JOIN seat_locks b
        ON a.id < b.id AND a.schedule_id = b.schedule_id AND a.travel_date = b.travel_date
       AND a.launch_id = b.launch_id AND a.seat_number = b.seat_number
       AND a.from_stop < b.to_stop AND b.from_stop < a.to_stop
     WHERE a.schedule_id = ${trip.schedule.id}`);
    expect((shared as unknown as { rows: unknown[] }).rows).toEqual([]);

    // And the ticket side agrees with nothing booked.
    const ticketRows = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.scheduleId, trip.schedule.id));
    expect(ticketRows).toEqual([]);
  });
});
