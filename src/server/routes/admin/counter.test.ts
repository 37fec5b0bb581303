import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, launches, mailOutbox, seatLocks, ticketSeats, tickets } from '#server/db/schema.ts';
import { addDays } from '#server/lib/clock.ts';
import type { Dashboard, TripPassengers } from '#shared/admin-api.ts';
import type { BoardingManifest } from '#shared/boarding.ts';
import type { CashUp, CounterDay, CounterSale, CounterSaleRequest } from '#shared/counter.ts';
import { verifyCode } from '#shared/e-ticket-code.ts';
import { COUNTER_MSG, STAFF_MSG } from '#shared/messages/staff.ts';
import type { SeatMap } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makePaymentSettings,
  makeSchedule,
  makeTicket,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { bookViaApi, verifiedToken } from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`counter sales, voids and the cash-up (${testDatabaseKind})`, () => {
  /** Moves the server's clock forward: the seller's 15 minutes to void. */
  let skewMs = 0;
  let owner: string;
  let office: string;

  const t = useAdminApp(
    {
      // Low public hold limits: from one address a passenger holds at most 2 seats of a
      // 12-seat departure. The counter's holds must not be held to them.
      env: { RATE_LIMIT_SCALE: '100', SEAT_HOLD_PER_IP: '2', SEAT_HOLD_MAX_SHARE: '0.25' },
      clock: { now: () => new Date(Date.now() + skewMs) },
    },
    async () => {
      await makePaymentSettings(t.database.db);
      owner = t.cookie;
      office = (await t.signInAs('office')).cookie;
    },
  );

  /** A new Counter person with an open shift (floats MVR 500, USD 20). */
  const newSeller = async () => (await newSellerWithAdmin()).cookie;
  /** The same, with the person, to sign them in again in another session. */
  const newSellerWithAdmin = async () => {
    const session = await t.signInAs('counter');
    const res = await call('POST', '/api/admin/counter/shift', session.cookie, {
      floats: { MVR: '500', USD: '20' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return session;
  };
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  const labelsOf = async (trip: MadeSchedule) => {
    const [launch] = await t.database.db
      .select({ seats: launches.seatNumbers })
      .from(launches)
      .where(eq(launches.id, trip.launchIds[0] ?? ''));
    return launch?.seats ?? [];
  };
  const saleOf = (
    trip: MadeSchedule,
    seats: string[],
    over: Partial<CounterSaleRequest> = {},
  ): CounterSaleRequest => ({
    scheduleId: trip.schedule.id,
    travelDate: trip.schedule.travelDate,
    launchId: trip.launchIds[0] ?? '',
    originId: trip.stops[0]?.locationId ?? '',
    destinationId: trip.stops[trip.stops.length - 1]?.locationId ?? '',
    seats,
    tickets: [{ type: 'local', category: 'adult', quantity: seats.length }],
    passenger: { name: 'Ibrahim Walk-in', nationality: 'Maldivian' },
    language: 'en',
    currency: 'MVR',
    payment: { method: 'cash', received: '100' },
    saleId: randomUUID(),
    ...over,
  });
  const sell = async (cookie: string, sale: CounterSaleRequest) => {
    const res = await call('POST', '/api/admin/counter/sales', cookie, sale);
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as CounterSale;
  };
  const seatMap = async (trip: MadeSchedule, cookie: string) => {
    const query = new URLSearchParams({
      scheduleId: trip.schedule.id,
      date: trip.schedule.travelDate,
      launchId: trip.launchIds[0] ?? '',
    });
    const res = await call('GET', `/api/admin/counter/seats?${query}`, cookie);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as SeatMap;
  };
  const seatState = (map: SeatMap, label: string) => map.seats.find((s) => s.label === label)?.state;

  it('sells a seat confirmed and paid at once, with the real payment method, the change, a signed e-ticket and the seller in the audit', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db);
    const [seat] = await labelsOf(trip);
    const day = await call('GET', `/api/admin/counter/departures?date=${trip.schedule.travelDate}`, seller);
    expect(day.statusCode, day.body).toBe(200);
    const prices = (day.json() as CounterDay).prices;
    const departure = (day.json() as CounterDay).departures.find((d) => d.scheduleId === trip.schedule.id);
    expect(departure?.stops.map((s) => s.locationId)).toEqual(trip.stops.map((s) => s.locationId));

    const sale = await sell(
      seller,
      saleOf(trip, [seat ?? ''], { payment: { method: 'cash', received: '100' } }),
    );
    expect(sale.totalAmount).toBe(prices.localAdultPrice);
    expect(sale.paymentMethod).toBe('Cash');
    expect(sale.received).toBe('100.00');
    expect(Number(sale.change)).toBeCloseTo(100 - Number(prices.localAdultPrice), 2);
    expect(sale.eTicket.ticketStatus).toBe('confirmed');
    expect(sale.voidable).toBe(true);
    const code = sale.eTicket.code ?? '';
    const claims = await verifyCode(code, t.app.deps.ticketSigner().publicKeys);
    expect(claims).toMatchObject({ ok: true, claims: { ticketId: sale.ticketId, seats: [seat], adults: 1 } });

    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, sale.ticketId));
    expect(row).toMatchObject({
      channel: 'counter',
      ticketStatus: 'confirmed',
      paymentStatus: 'completed',
      paymentMethod: 'Cash',
      paymentSlipKey: null,
      clientIp: null,
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sale.ticketId), eq(auditLog.action, 'counter_sale')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.after).toMatchObject({ paymentMethod: 'Cash', seats: [seat] });

    // Marked "Counter" in the ticket lists, and on the manifest like any other booking.
    const list = await call('GET', `/api/admin/tickets?q=${sale.reference}`, owner);
    expect(list.json().tickets[0]).toMatchObject({ reference: sale.reference, channel: 'counter' });
    const dashboard = (await call('GET', '/api/admin/dashboard', owner)).json();
    expect(dashboard.counterSalesToday).toBeGreaterThanOrEqual(1);
    expect(
      dashboard.recentTickets.find((r: { reference: string }) => r.reference === sale.reference),
    ).toMatchObject({
      channel: 'counter',
    });
  });

  it('never deletes a counter sale, which stays in the cash-up: it is voided instead', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db);
    const [seat] = await labelsOf(trip);
    const sale = await sell(seller, saleOf(trip, [seat ?? '']));
    const refused = await call('DELETE', `/api/admin/tickets/${sale.ticketId}`, owner);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'counter_sale_kept', message: COUNTER_MSG.counterSaleKept });
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, sale.ticketId));
    expect(row?.ticketStatus).toBe('confirmed');
    expect(seatState(await seatMap(trip, seller), seat ?? '')).toBe('occupied');
  });

  it('records card and bank transfer sales; a transfer needs its reference, cash must cover the total, and a price cannot be sent', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db);
    const [a, b, c] = await labelsOf(trip);

    const noReference = await call('POST', '/api/admin/counter/sales', seller, {
      ...saleOf(trip, [a ?? '']),
      payment: { method: 'bank_transfer', reference: ' ' },
    });
    expect(noReference.statusCode).toBe(400);
    expect(noReference.body).toContain(COUNTER_MSG.transferReferenceRequired);

    const short = await call('POST', '/api/admin/counter/sales', seller, {
      ...saleOf(trip, [a ?? '']),
      payment: { method: 'cash', received: '1' },
    });
    expect(short.statusCode).toBe(422);
    expect(short.json().error.message).toBe(COUNTER_MSG.cashTooLittle);

    const noName = await call('POST', '/api/admin/counter/sales', seller, {
      ...saleOf(trip, [a ?? '']),
      passenger: { name: '', nationality: 'Maldivian' },
    });
    expect(noName.statusCode).toBe(400);
    expect(
      await t.database.db.select().from(ticketSeats).where(eq(ticketSeats.scheduleId, trip.schedule.id)),
    ).toEqual([]);

    const transfer = await sell(seller, {
      ...saleOf(trip, [a ?? '']),
      payment: { method: 'bank_transfer', reference: 'FT2611240042' },
      // A tampered request: the server computes the total and ignores this.
      totalAmount: '0.01',
    } as CounterSaleRequest);
    expect(transfer).toMatchObject({ paymentMethod: 'Bank Transfer', transferReference: 'FT2611240042' });
    expect(Number(transfer.totalAmount)).toBeGreaterThan(1);
    const card = await sell(seller, { ...saleOf(trip, [b ?? '']), payment: { method: 'card' } });
    expect(card).toMatchObject({ paymentMethod: 'Card', received: null, change: null });
    // Foreigners pay in USD at the same prices as online.
    const usd = await sell(seller, {
      ...saleOf(trip, [c ?? '']),
      tickets: [{ type: 'foreigner', category: 'adult', quantity: 1 }],
      currency: 'USD',
      payment: { method: 'cash', received: '50' },
    });
    expect(usd.currency).toBe('USD');
  });

  it('a sale sent twice with one sale id sells once', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db);
    const [seat] = await labelsOf(trip);
    const sale = saleOf(trip, [seat ?? '']);
    const [first, second] = await Promise.all([
      call('POST', '/api/admin/counter/sales', seller, sale),
      call('POST', '/api/admin/counter/sales', seller, sale),
    ]);
    expect([first.statusCode, second.statusCode].sort()).toEqual([200, 201]);
    expect(first.json().ticketId).toBe(second.json().ticketId);
    const rows = await t.database.db.select().from(tickets).where(eq(tickets.saleId, sale.saleId));
    expect(rows).toHaveLength(1);
  });

  it('needs an open shift to sell', async () => {
    const { cookie } = await t.signInAs('counter');
    const trip = await makeSchedule(t.database.db);
    const [seat] = await labelsOf(trip);
    const res = await call('POST', '/api/admin/counter/sales', cookie, saleOf(trip, [seat ?? '']));
    expect(res.statusCode).toBe(409);
    expect(res.json().error.message).toBe(COUNTER_MSG.shiftRequired);
  });

  it('counter against online for one seat: exactly one sale, and a clear refusal for the other', async () => {
    const seller = await newSeller();
    for (let round = 0; round < 4; round++) {
      const trip = await makeSchedule(t.database.db);
      const [seat] = await labelsOf(trip);
      const [counter, online] = await Promise.allSettled([
        call('POST', '/api/admin/counter/sales', seller, saleOf(trip, [seat ?? ''])),
        bookViaApi(t.app, trip, { seats: [seat ?? ''] }),
      ]);
      const counterWon = counter.status === 'fulfilled' && counter.value.statusCode === 201;
      const onlineWon = online.status === 'fulfilled';
      expect({ round, counterWon, onlineWon }).toEqual({
        round,
        counterWon: !onlineWon,
        onlineWon: !counterWon,
      });
      if (onlineWon) {
        expect(counter.status === 'fulfilled' && counter.value.json().error.code).toBe('seats_unavailable');
      } else {
        expect(String(online.status === 'rejected' && online.reason)).toContain('409');
      }
      const held = await t.database.db
        .select()
        .from(ticketSeats)
        .where(eq(ticketSeats.scheduleId, trip.schedule.id));
      expect(held).toHaveLength(1);
    }
  });

  it('a counter lock keeps the seat from an online passenger, and an online lock from the counter', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db);
    const [first, second] = await labelsOf(trip);
    const lock = {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId: trip.launchIds[0] ?? '',
      originId: trip.stops[0]?.locationId ?? '',
      seats: [first ?? ''],
    };
    const locked = await call('POST', '/api/admin/counter/locks', seller, lock);
    expect(locked.statusCode, locked.body).toBe(200);
    await expect(bookViaApi(t.app, trip, { seats: [first ?? ''] })).rejects.toThrow(/409/);
    expect(seatState(await seatMap(trip, seller), first ?? '')).toBe('mine');

    await bookViaApi(t.app, trip, { seats: [second ?? ''] });
    const refused = await call('POST', '/api/admin/counter/locks', seller, {
      ...lock,
      seats: [second ?? ''],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.code).toBe('seats_unavailable');
    // The counter's own lock does not stop its own sale.
    await sell(seller, saleOf(trip, [first ?? '']));
  });

  it('sells after the departure time until boarding closes at the From stop', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db, {
      travelDate: todayInOperatorZone(),
      stops: [{ departureTime: '00:01' }, { departureTime: '00:30' }, { departureTime: null }],
    });
    const [a, b] = await labelsOf(trip);
    // Online has closed: the vessel left its first stop at 00:01.
    await expect(bookViaApi(t.app, trip, { seats: [a ?? ''] })).rejects.toThrow(/departure_closed/);
    await sell(seller, saleOf(trip, [a ?? '']));

    const crew = (await t.signInAs('crew')).cookie;
    const closed = await call('POST', `/api/admin/boarding/${trip.schedule.id}/stops/0/close`, crew, {
      crew: 2,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const refused = await call('POST', '/api/admin/counter/sales', seller, saleOf(trip, [b ?? '']));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(COUNTER_MSG.boardingClosedHere);
    // From the second stop, still open, the counter sells.
    await sell(seller, { ...saleOf(trip, [b ?? '']), originId: trip.stops[1]?.locationId ?? '' });
    const day = (await call('GET', '/api/admin/counter/departures', seller)).json() as CounterDay;
    expect(day.departures.find((d) => d.scheduleId === trip.schedule.id)?.stops.map((s) => s.closed)).toEqual(
      [true, false, false],
    );
  });

  it('a counter sale is on the trip manifest and its CSV, marked as a counter sale beside an online booking', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db);
    const [a, b] = await labelsOf(trip);
    const countedToday = async () =>
      ((await call('GET', '/api/admin/dashboard', office)).json() as Dashboard).counterSalesToday;
    const before = await countedToday();
    const sale = await sell(seller, {
      ...saleOf(trip, [a ?? '']),
      passenger: { name: 'Hawwa Counter', nationality: 'Maldivian' },
    });
    expect(await countedToday()).toBe(before + 1);
    await makeTicket(t.database.db, {
      schedule: trip,
      seats: [b ?? ''],
      status: 'confirmed',
      passengerName: 'Ali Online',
    });

    const list = await call('GET', `/api/admin/trips/${trip.schedule.id}/passengers`, office);
    expect(list.statusCode, list.body).toBe(200);
    const { passengers } = list.json() as TripPassengers;
    expect(passengers.map((p) => [p.name, p.channel, p.seatNumbers])).toEqual([
      ['Ali Online', 'online', [b]],
      ['Hawwa Counter', 'counter', [a]],
    ]);
    expect(passengers.find((p) => p.channel === 'counter')?.reference).toBe(sale.reference);

    const csv = await call('GET', `/api/admin/trips/${trip.schedule.id}/manifest.csv`, office);
    expect(csv.statusCode, csv.body).toBe(200);
    const [header, ...rows] = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(header?.split(',').at(-1)).toBe('channel');
    const counterRow = rows.find((r) => r.startsWith(`${sale.reference},`));
    expect(counterRow).toContain(',Hawwa Counter,');
    expect(counterRow?.split(',').at(-1)).toBe('counter');
    expect(
      rows
        .find((r) => r.includes('Ali Online'))
        ?.split(',')
        .at(-1),
    ).toBe('online');

    // A void takes the sale off the manifest...
    const voided = await call('POST', `/api/admin/counter/sales/${sale.ticketId}/void`, seller, {
      reason: 'Changed plans',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    const after = (await call('GET', `/api/admin/trips/${trip.schedule.id}/passengers`, office)).json();
    expect((after as TripPassengers).passengers.map((p) => p.name)).toEqual(['Ali Online']);
    // ...and off the dashboard's count of the day's counter sales.
    expect(await countedToday()).toBe(before);
  });

  it('staff seat locks are held to no per-address limit, and belong to their session alone', async () => {
    const { cookie: first, admin } = await newSellerWithAdmin();
    const trip = await makeSchedule(t.database.db);
    const labels = await labelsOf(trip);
    const five = labels.slice(0, 5);
    const where = {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId: trip.launchIds[0] ?? '',
    };

    // The public limit is live: from this address a passenger may hold 2 seats, not 3.
    const email = `holder-${randomUUID().slice(0, 8)}@example.com`;
    const publicLock = await t.app.inject({
      method: 'POST',
      url: '/api/seat-locks',
      headers: { 'x-booking-session': randomUUID() },
      payload: { ...where, seats: labels.slice(9, 12), verificationToken: await verifiedToken(t.app, email) },
    });
    expect(publicLock.statusCode, publicLock.body).toBe(429);
    expect(publicLock.json().error.code).toBe('seat_hold_limit');

    // From the same address the counter holds five.
    const locked = await call('POST', '/api/admin/counter/locks', first, {
      ...where,
      originId: trip.stops[0]?.locationId ?? '',
      seats: five,
    });
    expect(locked.statusCode, locked.body).toBe(200);
    const held = await t.database.db
      .select()
      .from(seatLocks)
      .where(eq(seatLocks.scheduleId, trip.schedule.id));
    expect(held.map((l) => l.seatNumber).sort()).toEqual([...five].sort());
    expect(new Set(held.map((l) => l.clientIp))).toEqual(new Set([null]));

    // The same person signed in a second time is another session: the seats are not theirs there.
    const second = (await t.signInAs(admin)).cookie;
    const seenBySecond = await seatMap(trip, second);
    expect(five.map((seat) => seatState(seenBySecond, seat))).toEqual(five.map(() => 'locked'));
    const release = await call('DELETE', '/api/admin/counter/locks', second, {
      ...where,
      originId: trip.stops[0]?.locationId ?? '',
      seats: five,
    });
    expect(release.statusCode, release.body).toBe(200);
    expect(release.json()).toMatchObject({ released: 0 });
    const stolen = await call('POST', '/api/admin/counter/sales', second, {
      ...saleOf(trip, five.slice(0, 1)),
      payment: { method: 'card' },
    });
    expect(stolen.statusCode, stolen.body).toBe(409);
    expect(stolen.json().error.code).toBe('seats_unavailable');
    const relock = await call('POST', '/api/admin/counter/locks', second, {
      ...where,
      originId: trip.stops[0]?.locationId ?? '',
      seats: five.slice(0, 1),
    });
    expect(relock.statusCode).toBe(409);
    expect(relock.json().error.code).toBe('seats_unavailable');

    // Still held by the first session, which sells all five at once.
    const seenByFirst = await seatMap(trip, first);
    expect(five.map((seat) => seatState(seenByFirst, seat))).toEqual(five.map(() => 'mine'));
    const sale = await sell(first, { ...saleOf(trip, five), payment: { method: 'card' } });
    expect(sale.eTicket.seatNumbers.sort()).toEqual([...five].sort());
    expect(
      await t.database.db.select().from(seatLocks).where(eq(seatLocks.scheduleId, trip.schedule.id)),
    ).toEqual([]);
  });

  it('refuses to hold or sell seats on a past day, saying so', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db, { travelDate: addDays(todayInOperatorZone(), -1) });
    const [seat] = await labelsOf(trip);
    const lock = await call('POST', '/api/admin/counter/locks', seller, {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId: trip.launchIds[0] ?? '',
      originId: trip.stops[0]?.locationId ?? '',
      seats: [seat ?? ''],
    });
    expect(lock.statusCode).toBe(409);
    expect(lock.json().error).toEqual({ code: 'departure_closed', message: COUNTER_MSG.departureGone });
    const sale = await call('POST', '/api/admin/counter/sales', seller, saleOf(trip, [seat ?? '']));
    expect(sale.statusCode).toBe(409);
    expect(sale.json().error).toEqual({ code: 'departure_closed', message: COUNTER_MSG.departureGone });
    expect(
      await t.database.db.select().from(tickets).where(eq(tickets.scheduleId, trip.schedule.id)),
    ).toEqual([]);
    // The day's list offers nothing to sell.
    const day = await call('GET', `/api/admin/counter/departures?date=${trip.schedule.travelDate}`, seller);
    expect((day.json() as CounterDay).departures).toEqual([]);
  });

  it('a void frees the seats, revokes the code and is audited; the seller has 15 minutes, the office longer; never after boarding', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db, {
      travelDate: todayInOperatorZone(),
      stops: [{ departureTime: '23:59' }, { departureTime: null }],
    });
    const [a, b, c] = await labelsOf(trip);
    const sale = await sell(seller, saleOf(trip, [a ?? '']));
    expect(seatState(await seatMap(trip, seller), a ?? '')).toBe('occupied');

    const noReason = await call('POST', `/api/admin/counter/sales/${sale.ticketId}/void`, seller, {
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const voided = await call('POST', `/api/admin/counter/sales/${sale.ticketId}/void`, seller, {
      reason: 'Wrong departure',
    });
    expect(voided.statusCode, voided.body).toBe(200);
    expect(voided.json()).toMatchObject({ voidReason: 'Wrong departure', voidable: false });
    expect(voided.json().eTicket.code).toBeNull();
    expect(seatState(await seatMap(trip, seller), a ?? '')).toBe('available');
    // The freed seat sells again online.
    await bookViaApi(t.app, trip, { seats: [a ?? ''] });
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, sale.ticketId));
    expect(row).toMatchObject({ ticketStatus: 'voided', eticketVersion: 2, voidReason: 'Wrong departure' });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, sale.ticketId), eq(auditLog.action, 'counter_void')));
    expect(audit[0]?.after).toMatchObject({ reason: 'Wrong departure' });
    // The boarding device learns the new version: the old code now scans red.
    const manifest = (
      await call('GET', `/api/admin/boarding/${trip.schedule.id}/manifest`, seller)
    ).json() as BoardingManifest;
    expect(manifest.passengers.find((p) => p.ticketId === sale.ticketId)).toMatchObject({
      status: 'voided',
      version: 2,
    });
    const again = await call('POST', `/api/admin/counter/sales/${sale.ticketId}/void`, seller, {
      reason: 'Twice',
    });
    expect(again.statusCode).toBe(409);

    // After 15 minutes the seller may not; the office may.
    const late = await sell(seller, saleOf(trip, [b ?? '']));
    skewMs = 16 * 60_000;
    try {
      const tooLate = await call('POST', `/api/admin/counter/sales/${late.ticketId}/void`, seller, {
        reason: 'Late',
      });
      expect(tooLate.statusCode).toBe(403);
      expect(tooLate.json().error.message).toBe(COUNTER_MSG.voidTooLate);
      const byOffice = await call('POST', `/api/admin/counter/sales/${late.ticketId}/void`, office, {
        reason: 'Passenger stayed home',
      });
      expect(byOffice.statusCode, byOffice.body).toBe(200);
    } finally {
      skewMs = 0;
    }

    // A party that has boarded cannot be voided.
    const boarded = await sell(seller, saleOf(trip, [c ?? '']));
    const sync = await call('POST', '/api/admin/boarding/sync', seller, {
      deviceId: `device-${randomUUID()}`,
      boardings: [
        {
          id: randomUUID(),
          ticketId: boarded.ticketId,
          scheduleId: trip.schedule.id,
          stop: 0,
          persons: 1,
          deliberate: false,
          deviceTime: new Date().toISOString(),
        },
      ],
    });
    expect(sync.statusCode, sync.body).toBe(200);
    const refused = await call('POST', `/api/admin/counter/sales/${boarded.ticketId}/void`, owner, {
      reason: 'Try',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(COUNTER_MSG.voidBoarded);
    // The cash-up says which sale has boarded (the office is offered no void for it) and who voided which.
    const { shift } = (await call('GET', '/api/admin/counter/shift', seller)).json() as { shift: CashUp };
    expect(shift.sales.find((s) => s.ticketId === boarded.ticketId)).toMatchObject({ boarded: true });
    expect(shift.sales.find((s) => s.ticketId === late.ticketId)).toMatchObject({
      boarded: false,
      voidReason: 'Passenger stayed home',
    });
    expect(shift.sales.find((s) => s.ticketId === late.ticketId)?.voidedBy).not.toBeNull();
  });

  it('a boarded sale stays boarded: the counter cannot mark it a no-show, and no later marking lets it be voided', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const [a] = await labelsOf(trip);
    const sale = await sell(seller, saleOf(trip, [a ?? '']));
    const synced = await call('POST', '/api/admin/boarding/sync', seller, {
      deviceId: `device-${randomUUID()}`,
      boardings: [
        {
          id: randomUUID(),
          ticketId: sale.ticketId,
          scheduleId: trip.schedule.id,
          stop: 0,
          persons: 1,
          deliberate: false,
          deviceTime: new Date().toISOString(),
        },
      ],
    });
    expect(synced.json().results[0]).toMatchObject({ outcome: 'boarded', accepted: 1 });
    const noShow = await call(
      'POST',
      `/api/admin/boarding/${trip.schedule.id}/tickets/${sale.ticketId}`,
      seller,
      {
        status: 'no_show',
      },
    );
    expect(noShow.statusCode, noShow.body).toBe(409);
    expect(noShow.json().error).toEqual({ code: 'boarded', message: STAFF_MSG.noShowBoarded });
    const ownVoid = await call('POST', `/api/admin/counter/sales/${sale.ticketId}/void`, seller, {
      reason: 'Passenger stayed home',
    });
    expect(ownVoid.statusCode, ownVoid.body).toBe(409);
    expect(ownVoid.json().error.code).toBe('boarded');
    // The office may mark the party a no-show, saying why; the boarding stands, and so does the sale.
    const marked = await call('POST', `/api/admin/tickets/${sale.ticketId}/mark`, office, {
      status: 'no_show',
      reason: 'Scanned by mistake',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    for (const cookie of [seller, office, owner]) {
      const refused = await call('POST', `/api/admin/counter/sales/${sale.ticketId}/void`, cookie, {
        reason: 'Passenger stayed home',
      });
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error).toEqual({ code: 'boarded', message: COUNTER_MSG.voidBoarded });
    }
    const { shift } = (await call('GET', '/api/admin/counter/shift', seller)).json() as { shift: CashUp };
    expect(shift.sales.find((s) => s.ticketId === sale.ticketId)).toMatchObject({ boarded: true });
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, sale.ticketId));
    expect(row?.ticketStatus).toBe('confirmed');
  });

  it('the cash-up totals match the sales and voids by method and currency; the close records the difference', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db);
    const labels = await labelsOf(trip);
    const seat = (i: number) => [labels[i] ?? ''];
    const cash1 = await sell(seller, saleOf(trip, seat(0)));
    const cash2 = await sell(
      seller,
      saleOf(trip, seat(1), { tickets: [{ type: 'local', category: 'child', quantity: 1 }] }),
    );
    const card = await sell(seller, { ...saleOf(trip, seat(2)), payment: { method: 'card' } });
    const usd = await sell(seller, {
      ...saleOf(trip, seat(3)),
      tickets: [{ type: 'foreigner', category: 'adult', quantity: 1 }],
      currency: 'USD',
      payment: { method: 'cash', received: '20' },
    });
    const voided = await call('POST', `/api/admin/counter/sales/${cash2.ticketId}/void`, seller, {
      reason: 'Refund',
    });
    expect(voided.statusCode).toBe(200);

    const open = (await call('GET', '/api/admin/counter/shift', seller)).json().shift as CashUp;
    const cents = (s: string) => Math.round(Number(s) * 100);
    const mvrCash = open.lines.find((l) => l.method === 'Cash' && l.currency === 'MVR');
    expect(mvrCash).toMatchObject({ sales: 2, voids: 1 });
    expect(cents(mvrCash?.salesAmount ?? '')).toBe(cents(cash1.totalAmount) + cents(cash2.totalAmount));
    expect(cents(mvrCash?.net ?? '')).toBe(cents(cash1.totalAmount));
    expect(open.lines.find((l) => l.method === 'Card')).toMatchObject({
      sales: 1,
      salesAmount: card.totalAmount,
    });
    const mvr = open.drawers.find((d) => d.currency === 'MVR');
    const usdDrawer = open.drawers.find((d) => d.currency === 'USD');
    expect(cents(mvr?.expected ?? '')).toBe(50_000 + cents(cash1.totalAmount));
    expect(cents(usdDrawer?.expected ?? '')).toBe(2_000 + cents(usd.totalAmount));
    expect(open.sales.find((s) => s.ticketId === cash2.ticketId)).toMatchObject({ voidReason: 'Refund' });

    // The seller counts 1.00 MVR short and the USD exact.
    const countedMvr = ((cents(mvr?.expected ?? '') - 100) / 100).toFixed(2);
    const close = await call('POST', '/api/admin/counter/shift/close', seller, {
      counted: { MVR: countedMvr, USD: usdDrawer?.expected ?? '' },
      note: 'One coin short',
    });
    expect(close.statusCode, close.body).toBe(200);
    const closed = close.json() as CashUp;
    expect(closed.closedAt).not.toBeNull();
    expect(closed.drawers.map((d) => [d.currency, d.difference])).toEqual([
      ['USD', '0.00'],
      ['MVR', '-1.00'],
    ]);
    expect((await call('GET', '/api/admin/counter/shift', seller)).json().shift).toBeNull();
    const closeAgain = await call('POST', '/api/admin/counter/shift/close', seller, {
      counted: { MVR: '0', USD: '0' },
    });
    expect(closeAgain.statusCode).toBe(409);

    // The Owner sees every cash-up of the day with its difference; another seller sees none but their own.
    const day = await call('GET', '/api/admin/cashups', owner);
    expect((day.json().cashups as CashUp[]).find((c) => c.id === closed.id)?.drawers).toEqual(closed.drawers);
    const other = await newSeller();
    expect((await call('GET', `/api/admin/cashups/${closed.id}`, other)).statusCode).toBe(403);
    expect((await call('GET', `/api/admin/cashups/${closed.id}`, seller)).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, closed.id), eq(auditLog.action, 'shift_close')));
    expect(audit[0]?.after).toMatchObject({ differences: { MVR: '-1.00', USD: '0.00' } });
  });

  it('mails the e-ticket in the language chosen at the counter, and nothing without an address', async () => {
    const seller = await newSeller();
    const trip = await makeSchedule(t.database.db);
    const [a, b] = await labelsOf(trip);
    const email = `walkin-${randomUUID().slice(0, 8)}@example.com`;
    const sale = await sell(seller, {
      ...saleOf(trip, [a ?? '']),
      language: 'dv',
      passenger: { name: 'Mariyam Walk-in', nationality: 'Maldivian', email },
    });
    const [mail] = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.createdAt));
    expect(mail?.subject).toContain('ބުކިންގ ފާސްކުރެވިއްޖެ');
    expect(mail?.subject).toContain(sale.reference);
    expect(mail?.text).toContain('/t/');
    expect(mail?.attachments?.length).toBe(1);
    const before = await t.database.db.select().from(mailOutbox);
    await sell(seller, saleOf(trip, [b ?? '']));
    expect(await t.database.db.select().from(mailOutbox)).toHaveLength(before.length);
  });
});
