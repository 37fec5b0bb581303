import { randomUUID } from 'node:crypto';
import { and, between, eq, inArray, ne } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  adminProfiles,
  adminUsers,
  allotments,
  boardings,
  launches,
  mailOutbox,
  partnerPayments,
  partners,
  refundRequests,
  scheduleLaunches,
  scheduleRouteStops,
  schedules,
  seatLocks,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { addDays, instantInZone } from '#server/lib/clock.ts';
import { sendDailySummaries } from '#server/services/send-daily-summaries.ts';
import { DEFAULT_APP_NAME } from '#shared/constants.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import type { ReportSummary } from '#shared/reports.ts';
import {
  makeAdmin,
  makeLaunch,
  makeLocation,
  makeRefundRequest,
  makeSchedule,
  makeTicket,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * The owner's reports (docs/product.md, Reports): a week of bookings of every kind, and the
 * report's figures checked against sums the test makes from the rows themselves.
 */

const TZ = 'Indian/Maldives';
const today = todayInOperatorZone();
// The week ends yesterday, so every departure of it has left (no-shows count).
const from = addDays(today, -7);
const to = addDays(today, -1);

type Db = ReturnType<typeof useAdminApp>['database']['db'];

/** A boarding device's accepted boarding of a whole party. */
async function board(db: Db, ticket: { id: string; scheduleId: string }, persons: number) {
  await db.insert(boardings).values({
    id: randomUUID(),
    ticketId: ticket.id,
    scheduleId: ticket.scheduleId,
    stop: 0,
    persons,
    accepted: persons,
    outcome: 'boarded',
    deviceId: 'test-device',
    deviceTime: new Date(),
  });
}

/** The week: two routes a day, one with three stops, bookings of every channel and fate. */
async function seedWeek(db: Db) {
  const [a, b, c] = [
    await makeLocation(db, { name: 'Malé' }),
    await makeLocation(db, { name: 'Airport' }),
    await makeLocation(db, { name: 'Thoddoo' }),
  ];
  const big = await makeLaunch(db, { seats: 12 });
  const small = await makeLaunch(db, { seats: 8 });
  const other = await makeLaunch(db, { seats: 12 });
  const days = Array.from({ length: 7 }, (_, i) => addDays(from, i));
  const made: Record<string, Awaited<ReturnType<typeof makeSchedule>>[]> = {};
  for (const day of days) {
    const morning = await makeSchedule(db, {
      travelDate: day,
      stops: [
        { locationId: a.id, departureTime: '08:00' },
        { locationId: b.id, departureTime: '08:30' },
        { locationId: c.id, departureTime: null },
      ],
      launchIds: [big.id],
    });
    const afternoon = await makeSchedule(db, {
      travelDate: day,
      stops: [
        { locationId: c.id, departureTime: '14:00' },
        { locationId: a.id, departureTime: null },
      ],
      launchIds: [small.id, other.id],
    });
    made[day] = [morning, afternoon];
  }
  const [d1, d2, d3, d4, d5, d6] = days.map((d) => made[d] as Awaited<ReturnType<typeof makeSchedule>>[]);
  if (!d1 || !d2 || !d3 || !d4 || !d5 || !d6) throw new Error('a day is missing');
  const [m1, a1] = d1 as [Awaited<ReturnType<typeof makeSchedule>>, Awaited<ReturnType<typeof makeSchedule>>];

  // Online, two seats Malé -> Thoddoo, in MVR: boarded.
  const online = await makeTicket(db, { schedule: m1, status: 'confirmed', seats: ['A1', 'A2'] });
  await board(db, online.ticket, 2);
  // One seat sold twice, on each leg: Malé -> Airport at the counter in cash, Airport -> Thoddoo
  // online in dollars. Two seat-legs, one seat.
  const counter = await makeTicket(db, {
    schedule: m1,
    status: 'confirmed',
    seats: ['B1'],
    originId: a.id,
    destinationId: b.id,
    channel: 'counter',
    paymentMethod: 'Cash',
  });
  await board(db, counter.ticket, 1);
  const secondLeg = await makeTicket(db, {
    schedule: m1,
    status: 'confirmed',
    seats: ['B1'],
    originId: b.id,
    destinationId: c.id,
    currency: 'USD',
    breakdown: [{ type: 'foreigner', category: 'adult', quantity: 1, price: '5.00' }],
  });
  await board(db, secondLeg.ticket, 1);
  // An adult with an infant on the lap: one seat, two persons. Nobody boarded: a no-show.
  const withInfant = await makeTicket(db, {
    schedule: a1,
    status: 'confirmed',
    seats: ['A1'],
    breakdown: [
      { type: 'local', category: 'adult', quantity: 1, price: '25.00' },
      { type: 'local', category: 'infant', quantity: 1, price: '0.00' },
    ],
  });
  // Passengers' own cancellation, half refunded and paid back.
  const ownCancel = await makeTicket(db, { schedule: d2[0], status: 'cancelled_by_passenger' });
  const refund = await makeRefundRequest(
    db,
    { ...ownCancel.ticket, totalAmount: '12.50' },
    'passenger_cancelled',
  );
  await db
    .update(refundRequests)
    .set({ status: 'refunded', refundedAt: new Date(), bankReference: 'FT123' })
    .where(eq(refundRequests.id, refund.id));
  // The operator's cancellation, its refund still waiting.
  const opCancel = await makeTicket(db, { schedule: d2[1], status: 'cancelled_by_operator' });
  await makeRefundRequest(db, opCancel.ticket, 'operator_cancelled');
  // A cheaper rebooking's refund: the booking's total already lost it.
  const rebooked = await makeTicket(db, { schedule: d3[0], status: 'confirmed', seats: ['C1'] });
  const cheaper = await makeRefundRequest(
    db,
    { ...rebooked.ticket, totalAmount: '5.00' },
    'cheaper_rebooking',
  );
  await db.update(refundRequests).set({ status: 'refunded' }).where(eq(refundRequests.id, cheaper.id));
  // A counter sale voided.
  await makeTicket(db, {
    schedule: d3[1],
    status: 'voided',
    seats: ['A3'],
    channel: 'counter',
    paymentMethod: 'Card',
    voidedAt: new Date(),
    voidReason: 'wrong day',
  });
  // Waiting for its transfer, with a slip to check.
  await makeTicket(db, { schedule: d4[0], status: 'pending', seats: ['A4'], paymentSlipKey: 'slips/x.webp' });
  // Rejected by the office: never sold.
  await makeTicket(db, { schedule: d4[1], status: 'cancelled' });
  // A partner's booking on account, partly paid.
  const [partner] = await db
    .insert(partners)
    .values({
      name: 'Sun Island Resort',
      contactEmail: 'transfers@sun.example',
      currency: 'USD',
      commissionPercent: '10.00',
      creditLimit: '1000.00',
      paymentTermsDays: 30,
    })
    .returning();
  if (!partner) throw new Error('no partner');
  await makeTicket(db, {
    schedule: d5[0],
    status: 'confirmed',
    seats: ['A5', 'A6'],
    channel: 'partner',
    partnerId: partner.id,
    currency: 'USD',
    paymentMethod: 'Partner account',
    breakdown: [{ type: 'foreigner', category: 'adult', quantity: 2, price: '5.00' }],
  });
  await db.insert(partnerPayments).values({
    partnerId: partner.id,
    amount: '4.00',
    currency: 'USD',
    paidOn: from,
    bankReference: 'P-1',
  });
  // Two seats of day 6's morning still set aside for the partner.
  const [allotment] = await db
    .insert(allotments)
    .values({
      partnerId: partner.id,
      scheduleId: d6[0]?.schedule.id ?? '',
      travelDate: addDays(from, 5),
      launchId: big.id,
      seats: ['C3', 'C4'],
      releaseHours: 24,
      releasesAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  for (const seat of ['C3', 'C4']) {
    await db.insert(seatLocks).values({
      scheduleId: d6[0]?.schedule.id ?? '',
      travelDate: addDays(from, 5),
      launchId: big.id,
      seatNumber: seat,
      fromStop: 0,
      toStop: 2,
      lockedUntil: new Date(Date.now() + 86_400_000),
      userSession: `allotment:${allotment?.id}`,
      allotmentId: allotment?.id ?? null,
    });
  }
  // Yesterday: three sold at the counter.
  await makeTicket(db, {
    schedule: made[to]?.[0] as Awaited<ReturnType<typeof makeSchedule>>,
    status: 'confirmed',
    seats: ['A1', 'A2', 'A3'],
    channel: 'counter',
    paymentMethod: 'Cash',
  });
  // A departure the operator cancelled offers no seats; its booking went with it.
  const cancelledDeparture = await makeSchedule(db, { travelDate: addDays(from, 6), launchIds: [other.id] });
  await db
    .update(schedules)
    .set({ status: 'cancelled' })
    .where(eq(schedules.id, cancelledDeparture.schedule.id));
  await makeTicket(db, { schedule: cancelledDeparture, status: 'cancelled_by_operator' });
  // Outside the range: counts nowhere.
  const before = await makeSchedule(db, { travelDate: addDays(from, -1), launchIds: [big.id] });
  await makeTicket(db, { schedule: before, status: 'confirmed', seats: ['A1'] });
  return { withInfant, partnerId: partner.id };
}

/** The figures as the test adds them up from the rows, by the rules of docs/product.md. */
async function expectedFigures(db: Db, range: { from: string; to: string }) {
  const departures = await db
    .select({ id: schedules.id })
    .from(schedules)
    .where(and(between(schedules.travelDate, range.from, range.to), ne(schedules.status, 'cancelled')));
  const ids = departures.map((d) => d.id);
  let seatsOffered = 0;
  let seatLegsOffered = 0;
  let seatsSold = 0;
  let seatLegsSold = 0;
  for (const id of ids) {
    const stops = await db.select().from(scheduleRouteStops).where(eq(scheduleRouteStops.scheduleId, id));
    const launchRows = await db
      .select({ seats: launches.seatNumbers })
      .from(scheduleLaunches)
      .innerJoin(launches, eq(launches.id, scheduleLaunches.launchId))
      .where(eq(scheduleLaunches.scheduleId, id));
    const seats = launchRows.reduce((n, l) => n + l.seats.length, 0);
    seatsOffered += seats;
    seatLegsOffered += seats * (stops.length - 1);
    const sold = await db
      .select({
        launchId: ticketSeats.launchId,
        seat: ticketSeats.seatNumber,
        from: ticketSeats.fromStop,
        to: ticketSeats.toStop,
      })
      .from(ticketSeats)
      .innerJoin(tickets, eq(tickets.id, ticketSeats.ticketId))
      .where(and(eq(ticketSeats.scheduleId, id), inArray(tickets.ticketStatus, ['confirmed', 'completed'])));
    seatsSold += new Set(sold.map((s) => `${s.launchId}/${s.seat}`)).size;
    seatLegsSold += sold.reduce((n, s) => n + s.to - s.from, 0);
  }
  const rows = await db
    .select()
    .from(tickets)
    .where(between(tickets.travelDate, range.from, range.to));
  const sold = rows.filter(
    (t) =>
      ['confirmed', 'completed'].includes(t.ticketStatus) ||
      t.voidedAt !== null ||
      (!['pending', 'awaiting_card'].includes(t.ticketStatus) && t.paymentStatus === 'completed'),
  );
  const refunds = sold.length
    ? await db
        .select()
        .from(refundRequests)
        .where(
          and(
            inArray(
              refundRequests.ticketId,
              sold.map((t) => t.id),
            ),
            eq(refundRequests.status, 'refunded'),
            ne(refundRequests.reason, 'cheaper_rebooking'),
          ),
        )
    : [];
  const money = new Map<string, { sales: bigint; refunds: bigint; voids: bigint }>();
  const of = (currency: string) => {
    const m = money.get(currency) ?? { sales: 0n, refunds: 0n, voids: 0n };
    money.set(currency, m);
    return m;
  };
  for (const t of sold) {
    of(t.currency).sales += toCents(t.totalAmount);
    if (t.voidedAt) of(t.currency).voids += toCents(t.totalAmount);
  }
  for (const r of refunds) of(r.currency).refunds += toCents(r.amount);
  const confirmed = rows.filter((t) => ['confirmed', 'completed'].includes(t.ticketStatus));
  return {
    seatsOffered,
    seatLegsOffered,
    seatsSold,
    seatLegsSold,
    loadFactor: Math.round((seatLegsSold * 1000) / seatLegsOffered) / 10,
    passengers: confirmed.reduce((n, t) => n + t.adultCount + t.childCount, 0),
    infants: confirmed.reduce((n, t) => n + t.infantCount, 0),
    revenue: [...money]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([currency, m]) => ({ currency, amount: centsToMoney(m.sales - m.refunds - m.voids) })),
    sales: [...money]
      .sort(([x], [y]) => x.localeCompare(y))
      .map(([currency, m]) => ({ currency, amount: centsToMoney(m.sales) })),
  };
}

describe(`reports (${testDatabaseKind})`, () => {
  let seeded: Awaited<ReturnType<typeof seedWeek>>;
  const t = useAdminApp({}, async (app) => {
    seeded = await seedWeek(app.database.db);
  });
  const summary = async (range = { from, to }) => {
    const res = await t.get(`/api/admin/reports/summary?${new URLSearchParams(range)}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReportSummary>();
  };

  it('adds up seats, seat-legs, passengers and money as the rows do', async () => {
    const report = await summary();
    const expected = await expectedFigures(t.database.db, { from, to });
    expect(report).toMatchObject(expected);
    // By hand: 14 departures (the cancelled one left out), 12 + 20 seats a day; the morning has
    // two legs.
    expect(report.departureCount).toBe(14);
    expect(report.seatsOffered).toBe(7 * (12 + 20));
    expect(report.seatLegsOffered).toBe(7 * (12 * 2 + 20));
    expect(report.allottedUnsold).toBe(2);
    expect(report.from).toBe(from);
    expect(report.to).toBe(to);
  });

  it('counts a seat sold on each leg once as a seat and twice as a seat-leg, and infants apart', async () => {
    const report = await summary({ from, to: from });
    const morning = report.load.departures.find((d) => d.route === 'Malé → Airport → Thoddoo');
    expect(morning).toMatchObject({
      seatsOffered: 12,
      seatsSold: 3,
      seatLegsOffered: 24,
      seatLegsSold: 6,
      loadFactor: 25,
      passengers: 4,
      infants: 0,
    });
    expect(morning?.legs).toEqual([
      { from: 'Malé', to: 'Airport', seatsSold: 3, loadFactor: 25 },
      { from: 'Airport', to: 'Thoddoo', seatsSold: 3, loadFactor: 25 },
    ]);
    const afternoon = report.load.departures.find((d) => d.route === 'Thoddoo → Malé');
    expect(afternoon).toMatchObject({
      seatsOffered: 20,
      seatsSold: 1,
      passengers: 1,
      infants: 1,
      loadFactor: 5,
    });
    expect(report.load.byHour.map((h) => h.label)).toEqual(['08:00', '14:00']);
    expect(report.load.byRoute.map((r) => r.label)).toEqual(['Malé → Airport → Thoddoo', 'Thoddoo → Malé']);
  });

  it('groups revenue by day, route, channel, method and currency, each adding up to the total', async () => {
    const report = await summary();
    const sum = (rows: { currency: string; net: string }[], currency: string) =>
      centsToMoney(rows.filter((r) => r.currency === currency).reduce((n, r) => n + toCents(r.net), 0n));
    for (const { currency, amount } of report.revenue) {
      for (const dim of ['day', 'route', 'channel', 'method', 'currency'] as const) {
        expect({ dim, currency, amount: sum(report.revenueBy[dim], currency) }).toEqual({
          dim,
          currency,
          amount,
        });
      }
    }
    const channels = report.revenueBy.channel.map((r) => `${r.label} ${r.currency}`);
    expect(channels).toEqual(expect.arrayContaining(['Online MVR', 'Counter MVR', 'Partner USD']));
    // The void: sold and taken back at the counter, by card.
    const card = report.revenueBy.method.find((r) => r.label === 'Card');
    expect(card).toMatchObject({ bookings: 1, net: '0.00' });
    expect(card?.voids).toBe(card?.sales);
    // The passenger's cancellation keeps what was not refunded; the operator's waits for its refund.
    const mvr = report.revenueBy.currency.find((r) => r.currency === 'MVR');
    expect(mvr?.refunds).toBe('12.50');
  });

  it('says what is owed: payments waiting in the range, and each partner’s balance', async () => {
    const report = await summary();
    expect(report.owed.pending).toEqual([{ currency: 'MVR', bookings: 1, amount: '25.00' }]);
    expect(report.owed.partners).toEqual([
      {
        partnerId: seeded.partnerId,
        name: 'Sun Island Resort',
        currency: 'USD',
        bookings: 1,
        charged: '10.00',
        paid: '4.00',
        balance: '6.00',
      },
    ]);
  });

  it('counts no-shows of departed trips and tells the cancellations apart by who cancelled', async () => {
    const report = await summary();
    const rows = await t.database.db
      .select()
      .from(tickets)
      .where(between(tickets.travelDate, from, to));
    const boarded = new Set(
      (await t.database.db.select({ id: boardings.ticketId }).from(boardings)).map((b) => b.id),
    );
    const persons = (x: (typeof rows)[number]) => x.adultCount + x.childCount + x.infantCount;
    const noShows = rows.filter(
      (x) => ['confirmed', 'completed'].includes(x.ticketStatus) && !boarded.has(x.id),
    );
    const total = (field: 'noShows' | 'noShowPersons' | 'byOperator' | 'byPassenger' | 'rejected') =>
      report.cancellations.reduce((n, c) => n + c[field], 0);
    expect(total('noShows')).toBe(noShows.length);
    expect(total('noShowPersons')).toBe(noShows.reduce((n, x) => n + persons(x), 0));
    expect(total('byOperator')).toBe(rows.filter((x) => x.ticketStatus === 'cancelled_by_operator').length);
    expect(total('byPassenger')).toBe(1);
    expect(total('rejected')).toBe(1);
    // The infant's party nobody boarded: two persons.
    const afternoon = report.cancellations.find((c) => c.route === 'Thoddoo → Malé');
    expect(afternoon).toMatchObject({ noShows: 1, noShowPersons: 2 });
    expect(seeded.withInfant.ticket.infantCount).toBe(1);
  });

  it('exports the same figures as a workbook, a sheet per table', async () => {
    const report = await summary();
    const res = await t.get(`/api/admin/reports/export.xlsx?from=${from}&to=${to}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="report-${from}-to-${to}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = workbook.worksheets.map((w) => w.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'Summary',
        'Load factor by departure',
        'Revenue by currency',
        'Partner balances',
      ]),
    );
    const figures = new Map<string, unknown>();
    workbook.getWorksheet('Summary')?.eachRow((row, n) => {
      if (n > 1) figures.set(String(row.getCell(1).value), row.getCell(2).value);
    });
    expect(figures.get('Seats offered')).toBe(report.seatsOffered);
    expect(figures.get('Seats sold')).toBe(report.seatsSold);
    expect(figures.get('Load factor %')).toBe(report.loadFactor);
    for (const { currency, amount } of report.revenue)
      expect(figures.get(`Revenue ${currency}`)).toBe(Number(amount));
    const departures = workbook.getWorksheet('Load factor by departure');
    expect(departures?.rowCount).toBe(report.load.departures.length + 1);
    const byCurrency = workbook.getWorksheet('Revenue by currency');
    const nets: Record<string, number> = {};
    byCurrency?.eachRow((row, n) => {
      if (n > 1) nets[String(row.getCell(1).value)] = Number(row.getCell(2).value);
    });
    expect(nets).toEqual(Object.fromEntries(report.revenue.map((r) => [r.currency, Number(r.amount)])));
  });

  it('refuses a range backwards, too long or not a date, naming the field', async () => {
    const backwards = await t.get(`/api/admin/reports/summary?from=${to}&to=${from}`);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error).toMatchObject({
      code: 'validation_error',
      fields: { to: 'The end date cannot be before the start date' },
    });
    const long = await t.get(`/api/admin/reports/export.xlsx?from=2025-01-01&to=2026-02-05`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields.to).toMatch(/at most 400 days/);
    const a400 = await t.get(`/api/admin/reports/summary?from=2025-01-01&to=2026-02-04`);
    expect(a400.statusCode).toBe(200);
    const bad = await t.get(`/api/admin/reports/summary?from=yesterday&to=${to}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.from).toBe('Write the date as YYYY-MM-DD');
    const missing = await t.get('/api/admin/reports/summary');
    expect(missing.statusCode).toBe(400);
  });

  it('lets Owner and Office read the reports; Counter and Crew are refused', async () => {
    const office = await t.signInAs('office');
    expect((await office.get(`/api/admin/reports/summary?from=${from}&to=${to}`)).statusCode).toBe(200);
    expect((await office.put('/api/admin/reports/daily-summary', { enabled: true })).statusCode).toBe(403);
    for (const role of ['counter', 'crew'] as const) {
      const staff = await t.signInAs(role);
      for (const url of [
        `/api/admin/reports/summary?from=${from}&to=${to}`,
        `/api/admin/reports/export.xlsx?from=${from}&to=${to}`,
        '/api/admin/reports/daily-summary',
      ]) {
        const res = await staff.get(url);
        expect({ role, url, status: res.statusCode, code: res.json().error.code }).toEqual({
          role,
          url,
          status: 403,
          code: 'forbidden',
        });
      }
    }
  });

  it('mails yesterday’s summary once a day to each Owner who turned it on, and to nobody else', async () => {
    const db = t.database.db;
    // The signed-in Owner turns it on for themself; another Owner leaves it off; an Office
    // account that somehow has the flag, and a deactivated Owner who has it, get none.
    expect((await t.get('/api/admin/reports/daily-summary')).json()).toEqual({ enabled: false });
    const on = await t.put('/api/admin/reports/daily-summary', { enabled: true });
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ enabled: true });
    expect((await t.get('/api/admin/reports/daily-summary')).json()).toEqual({ enabled: true });
    const otherOwner = await makeAdmin(db, { role: 'owner' });
    const office = await makeAdmin(db, { role: 'office' });
    const gone = await makeAdmin(db, { role: 'owner', active: false });
    await db
      .update(adminProfiles)
      .set({ dailySummary: true })
      .where(inArray(adminProfiles.userId, [office.id, gone.id]));

    const at = (day: string, time: string) => ({ now: () => instantInZone(day, time, TZ) });
    const send = (day: string, time: string) =>
      sendDailySummaries({ db, clock: at(day, time), tzOperator: TZ, linkBase: 'https://ferry.example' });
    const summaries = async () =>
      db
        .select()
        .from(mailOutbox)
        .where(inArray(mailOutbox.to, [t.admin.email, otherOwner.email, office.email, gone.email]));

    // Before six in the morning nothing goes.
    expect(await send(today, '05:59')).toEqual({ due: 0, sent: 0 });
    expect(await summaries()).toHaveLength(0);
    expect(await send(today, '06:10')).toEqual({ due: 1, sent: 1 });
    // Again the same day, as a second instance would: nothing more.
    expect(await send(today, '06:25')).toEqual({ due: 0, sent: 0 });
    const mails = await summaries();
    expect(mails.map((m) => m.to)).toEqual([t.admin.email]);
    const [mail] = mails;
    const yesterday = await summary({ from: to, to });
    expect(yesterday.passengers).toBe(3);
    expect(mail?.subject).toBe(
      `${DEFAULT_APP_NAME} yesterday: ${yesterday.passengers} passengers, load factor ${yesterday.loadFactor.toFixed(1)} %`,
    );
    expect(mail?.text).toContain(`Passengers: ${yesterday.passengers}`);
    expect(mail?.text).toContain('Slips to check: 1');
    expect(mail?.text).toContain('Refunds waiting: 1 (MVR 25.00)');
    expect(mail?.text).toContain('Bank statement lines: 0 unmatched, 0 suggested matches to confirm');
    expect(mail?.text).toContain(`https://ferry.example/admin/reports?from=${to}&to=${to}`);
    const [profile] = await db.select().from(adminProfiles).where(eq(adminProfiles.userId, t.admin.id));
    expect(profile?.dailySummarySentOn).toBe(today);

    // The next morning, the next one.
    expect(await send(addDays(today, 1), '07:00')).toEqual({ due: 1, sent: 1 });
    expect(await summaries()).toHaveLength(2);
    // Turned off, no more.
    await t.put('/api/admin/reports/daily-summary', { enabled: false });
    expect(await send(addDays(today, 2), '07:00')).toEqual({ due: 0, sent: 0 });
    const [who] = await db
      .select({ email: adminUsers.email })
      .from(adminUsers)
      .where(eq(adminUsers.id, gone.id));
    expect(who?.email).toBe(gone.email);
  });
});
