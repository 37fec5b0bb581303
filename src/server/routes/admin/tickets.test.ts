import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, launches, mailOutbox, schedules, ticketSeats, tickets } from '#server/db/schema.ts';
import { dateInZone } from '#server/lib/clock.ts';
import { slipKey } from '#server/services/create-booking.ts';
import type { AdminTicket, Dashboard, TicketList } from '#shared/admin-api.ts';
import { TICKET_PAGE_SIZE } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import {
  makeLaunch,
  makeSchedule,
  makeTicket,
  todayInOperatorZone,
  uniqueReference,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { outboxRows } from '#tests/setup/outbox.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const FILES = path.resolve(import.meta.dirname, '../../../../tests/files');

describe(`admin tickets (${testDatabaseKind})`, () => {
  const t = useAdminApp();

  const post = (url: string, payload: object = {}) => t.post(url, payload);
  const seatsOf = (ticketId: string) =>
    t.database.db.select().from(ticketSeats).where(eq(ticketSeats.ticketId, ticketId));
  const auditOf = (ticketId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, ticketId)))
      .orderBy(desc(auditLog.createdAt));
  const lastMailTo = async (to: string) => (await outboxRows(t.app, eq(mailOutbox.to, to))).at(-1);

  it('lists newest first with tab filters, a date filter, a reference search and counts', async () => {
    const date = '2031-03-04';
    const trip = await makeSchedule(t.database.db, { travelDate: date, stops: 3 });
    const made = [];
    for (const status of ['pending', 'pending', 'confirmed', 'cancelled'] as const) {
      made.push(await makeTicket(t.database.db, { schedule: trip, status }));
    }
    const res = await t.get(`/api/admin/tickets?date=${date}`);
    expect(res.statusCode).toBe(200);
    const all: TicketList = res.json();
    expect(all.counts).toEqual({ pending: 2, approved: 1, rejected: 1 });
    expect(all.tickets.map((x) => x.id)).toEqual(made.map((m) => m.ticket.id).reverse());

    const approved: TicketList = (await t.get(`/api/admin/tickets?status=approved&date=${date}`)).json();
    expect(approved.tickets.map((x) => x.ticketStatus)).toEqual(['confirmed']);
    expect(approved.counts).toEqual(all.counts);
    const rejected: TicketList = (await t.get(`/api/admin/tickets?status=rejected&date=${date}`)).json();
    expect(rejected.tickets.map((x) => x.ticketStatus)).toEqual(['cancelled']);

    const first = made[0]?.ticket;
    const q = first?.paymentReference.slice(3, 9) ?? '';
    const searched: TicketList = (await t.get(`/api/admin/tickets?date=${date}&q=${q}`)).json();
    expect(searched.tickets.map((x) => x.reference)).toContain(first?.paymentReference);
    expect(searched.tickets.every((x) => x.reference.includes(q))).toBe(true);

    const view = all.tickets.find((x) => x.id === first?.id);
    expect(view).toMatchObject({
      reference: first?.paymentReference,
      scheduleId: trip.schedule.id,
      travelDate: date,
      ticketStatus: 'pending',
      paymentStatus: 'pending',
      markedStatus: null,
      hasSlip: false,
      currency: 'MVR',
      passengerDepartureTime: '08:00',
      schedule: { departureTime: '08:00', status: 'scheduled' },
    });
    expect(view?.schedule.stops.map((s) => s.stopOrder)).toEqual([0, 1, 2]);
    expect(view?.from?.id).toBe(trip.stops[0]?.locationId);
    expect(view?.to?.id).toBe(trip.stops[2]?.locationId);
    expect(view?.launch?.id).toBe(trip.launchIds[0]);
  });

  /** Every page of a list, following `next` from the first page to the last. */
  async function walk(query: string): Promise<TicketList[]> {
    const pages: TicketList[] = [];
    let cursor: string | null = null;
    do {
      const res = await t.get(`/api/admin/tickets?${query}${cursor ? `&cursor=${cursor}` : ''}`);
      expect(res.statusCode, res.body).toBe(200);
      const page: TicketList = res.json();
      pages.push(page);
      cursor = page.next;
    } while (cursor && pages.length < 100);
    return pages;
  }

  /**
   * `n` copies of a ticket (references `<reference>x<i>`, no seats), each with its `created_at`
   * and maybe its travel date and own departure: SQL of the copy's number `i` and the ticket's
   * own columns.
   */
  const copy = (
    ticket: { id: string },
    n: number,
    of: { createdAt: SQL; travelDate?: SQL; departure?: SQL },
  ) =>
    t.database.db.execute(sql`insert into ${tickets} (payment_reference, schedule_id, launch_id,
        travel_date, passenger_name, passenger_email, passenger_nationality, total_amount, currency,
        exchange_rate, ticket_breakdown, seat_numbers, ticket_status, passenger_departure_time, created_at)
      select payment_reference || 'x' || i, schedule_id, launch_id, ${of.travelDate ?? sql`travel_date`},
        passenger_name, passenger_email, passenger_nationality, total_amount, currency, exchange_rate,
        ticket_breakdown, '{}', ticket_status, ${of.departure ?? sql`passenger_departure_time`}, ${of.createdAt}
      from ${tickets}, generate_series(1, ${n}) i where id = ${ticket.id}`);

  it('pages a tab of TICKET_PAGE_SIZE, newest first, each ticket once across ties, and counts all of them', async () => {
    const date = '2031-05-06';
    const trip = await makeSchedule(t.database.db, { travelDate: date });
    const { ticket } = await makeTicket(t.database.db, { schedule: trip, status: 'cancelled' });
    const more = 2 * TICKET_PAGE_SIZE + 3;
    // Older copies, so the other tests' newest tickets stay the newest; in fours of one
    // millisecond, two on the same microsecond and two on the one before.
    await copy(ticket, more, {
      createdAt: sql`date_trunc('milliseconds', created_at) - interval '999500 microseconds'
        - make_interval(secs => i / 4) - (i % 4 / 2) * interval '1 microsecond'`,
    });
    const pages = await walk(`status=rejected&date=${date}`);
    expect(pages.map((p) => p.tickets.length)).toEqual([TICKET_PAGE_SIZE, TICKET_PAGE_SIZE, 4]);
    expect(pages.map((p) => p.next === null)).toEqual([false, false, true]);
    for (const page of pages) expect(page.counts.rejected).toBe(more + 1);
    // A page ends inside a millisecond that the next page goes on with.
    expect(pages[0]?.tickets.at(-1)?.createdAt).toBe(pages[1]?.tickets[0]?.createdAt);

    const listed = pages.flatMap((p) => p.tickets.map((x) => x.id));
    const all = await t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.travelDate, date), eq(tickets.ticketStatus, 'cancelled')))
      .orderBy(desc(tickets.createdAt), desc(tickets.id));
    expect(listed).toEqual(all.map((x) => x.id));
    expect(new Set(listed).size).toBe(more + 1);
  });

  it('pages the Pending tab by departure, then first booked, across ties on every column', async () => {
    const date = '2031-05-07';
    const trip = await makeSchedule(t.database.db, { travelDate: date });
    const { ticket } = await makeTicket(t.database.db, { schedule: trip });
    const more = TICKET_PAGE_SIZE + 20;
    // Two days, three departures (the passenger's own stop, or the trip's 08:00) and booking
    // times in sixes: every column of the order ties somewhere.
    await copy(ticket, more, {
      createdAt: sql`created_at - make_interval(secs => i / 6)`,
      travelDate: sql`travel_date + i % 2`,
      departure: sql`(array[null, '07:15', '09:45'])[i % 3 + 1]::time`,
    });
    const pages = await walk(`status=pending&q=${ticket.paymentReference}`);
    expect(pages.map((p) => p.tickets.length)).toEqual([TICKET_PAGE_SIZE, 21]);
    expect(pages[1]?.counts.pending).toBe(more + 1);

    const listed = pages.flatMap((p) => p.tickets);
    expect(new Set(listed.map((x) => x.id)).size).toBe(more + 1);
    const sortKey = (x: AdminTicket) =>
      `${x.travelDate} ${x.passengerDepartureTime ?? x.schedule.departureTime} ${x.createdAt}`;
    const keys = listed.map(sortKey);
    expect(keys).toEqual([...keys].sort());
    const all = await t.database.db.execute(sql`select t.id from ${tickets} t
      join ${schedules} s on s.id = t.schedule_id
      where t.payment_reference like ${`${ticket.paymentReference}%`} and t.ticket_status = 'pending'
      order by t.travel_date, coalesce(t.passenger_departure_time, s.departure_time), t.created_at, t.id`);
    expect(listed.map((x) => x.id)).toEqual(
      (all as unknown as { rows: { id: string }[] }).rows.map((r) => r.id),
    );
  });

  it('pages under a filter: a reference or an e-mail, each match once', async () => {
    const passengerEmail = `paged-${uniqueReference()}@example.com`;
    const { ticket } = await makeTicket(t.database.db, { status: 'confirmed', passengerEmail });
    await copy(ticket, TICKET_PAGE_SIZE + 10, { createdAt: sql`created_at - make_interval(secs => i / 5)` });
    // Another approved ticket, matching neither filter.
    await makeTicket(t.database.db, { status: 'confirmed' });
    for (const filter of [`q=${ticket.paymentReference}`, `email=${encodeURIComponent(passengerEmail)}`]) {
      const pages = await walk(`status=approved&${filter}`);
      const listed = pages.flatMap((p) => p.tickets);
      expect(pages.map((p) => p.tickets.length)).toEqual([TICKET_PAGE_SIZE, 11]);
      expect(new Set(listed.map((x) => x.id)).size).toBe(TICKET_PAGE_SIZE + 11);
      expect(listed.every((x) => x.reference.startsWith(ticket.paymentReference))).toBe(true);
      expect(pages[0]?.counts).toEqual({ pending: 0, approved: TICKET_PAGE_SIZE + 11, rejected: 0 });
    }
  });

  it('refuses a cursor it did not give out with a 400, never a 500', async () => {
    const { ticket } = await makeTicket(t.database.db, { status: 'confirmed' });
    await copy(ticket, TICKET_PAGE_SIZE, { createdAt: sql`created_at - make_interval(secs => i)` });
    const first: TicketList = (
      await t.get(`/api/admin/tickets?status=approved&q=${ticket.paymentReference}`)
    ).json();
    expect(first.next).not.toBeNull();
    const at = '2031-05-06T10:00:00.123456Z';
    const made = (...key: unknown[]) => Buffer.from(JSON.stringify(key)).toString('base64url');
    const refused = [
      'nonsense',
      '!!!',
      made('newest', at),
      made('newest', at, ticket.id, 'more'),
      made('newest', '2031-02-30T10:00:00.123456Z', ticket.id),
      made('newest', '2031-05-06T24:00:00.000000Z', ticket.id),
      made('newest', '2031-05-06 10:00:00', ticket.id),
      made('newest', at, 'not-a-uuid'),
      made('newest', 1, ticket.id),
      made('oldest', at, ticket.id),
      made('departure', '2031-05-06', '25:00:00', at, ticket.id),
      made('departure', '2031-13-06', '08:00:00', at, ticket.id),
      Buffer.from("'; drop table tickets; --").toString('base64url'),
    ];
    for (const cursor of refused) {
      const res = await t.get(`/api/admin/tickets?status=approved&cursor=${encodeURIComponent(cursor)}`);
      expect(res.statusCode, cursor).toBe(400);
      expect(res.json().error).toEqual({ code: 'invalid_cursor', message: STAFF_MSG.cursorInvalid });
    }
    // The Approved tab's cursor is no place in the Pending tab's order.
    const elsewhere = await t.get(`/api/admin/tickets?status=pending&cursor=${first.next}`);
    expect(elsewhere.statusCode).toBe(400);
    expect(elsewhere.json().error.code).toBe('invalid_cursor');
    const long = await t.get(`/api/admin/tickets?status=approved&cursor=${'a'.repeat(401)}`);
    expect(long.statusCode).toBe(400);
    expect(long.json().error.fields).toEqual({ cursor: STAFF_MSG.cursorInvalid });
    // An empty one is no cursor: the first page.
    expect((await t.get('/api/admin/tickets?status=approved&cursor=')).statusCode).toBe(200);
  });

  it('refuses a bad filter with a 400, not a 500', async () => {
    const res = await t.get('/api/admin/tickets?date=yesterday');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.invalidTravelDate);
    expect((await t.get('/api/admin/tickets?status=everything')).statusCode).toBe(400);
    expect((await t.get('/api/admin/tickets?status=&date=&q=')).statusCode).toBe(200);
  });

  it('treats %, _ in the search as plain characters', async () => {
    const res = await t.get('/api/admin/tickets?q=%25');
    expect(res.statusCode).toBe(200);
    expect(res.json().tickets).toEqual([]);
  });

  it('finds a ticket by its whole reference in any case', async () => {
    const { ticket } = await makeTicket(t.database.db);
    const res = await t.get(`/api/admin/tickets/by-reference/${ticket.paymentReference}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().id).toBe(ticket.id);
    const partial = await t.get(`/api/admin/tickets/by-reference/${ticket.paymentReference.slice(0, 6)}`);
    expect(partial.statusCode).toBe(404);
    expect(partial.json().error.code).toBe('booking_not_found');
  });

  it('approves a pending ticket: confirmed, paid, approved_at, audit, mail', async () => {
    const { ticket } = await makeTicket(t.database.db);
    const res = await post(`/api/admin/tickets/${ticket.id}/approve`);
    expect(res.statusCode).toBe(200);
    const view: AdminTicket = res.json();
    expect(view).toMatchObject({ id: ticket.id, ticketStatus: 'confirmed', paymentStatus: 'completed' });
    expect(view.approvedAt).not.toBeNull();
    expect(await seatsOf(ticket.id)).toHaveLength(1);

    const [entry] = await auditOf(ticket.id);
    expect(entry).toMatchObject({
      actorUserId: t.admin.id,
      action: 'approve',
      before: { ticketStatus: 'pending', paymentStatus: 'pending' },
      after: { ticketStatus: 'confirmed', paymentStatus: 'completed' },
    });
    const mail = await lastMailTo(ticket.passengerEmail);
    expect(mail?.subject).toBe(`Booking approved: ${ticket.paymentReference}`);
    expect(mail?.text).toContain('Please arrive 30 minutes before departure.');
    expect(mail?.html).toContain(ticket.paymentReference);

    const again = await post(`/api/admin/tickets/${ticket.id}/approve`);
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toEqual({ code: 'ticket_not_pending', message: MSG.ticketNotPending });
  });

  it('lets exactly one of two simultaneous decisions through', async () => {
    const { ticket } = await makeTicket(t.database.db);
    const results = await Promise.all([
      post(`/api/admin/tickets/${ticket.id}/approve`),
      post(`/api/admin/tickets/${ticket.id}/reject`, { remarks: 'race' }),
      post(`/api/admin/tickets/${ticket.id}/approve`),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409, 409]);
    expect(await auditOf(ticket.id)).toHaveLength(1);
  });

  it('rejects with remarks: cancelled, payment failed, seats free at once, mail', async () => {
    const trip = await makeSchedule(t.database.db);
    const { ticket } = await makeTicket(t.database.db, { schedule: trip, seats: ['A1', 'A2'] });
    const res = await post(`/api/admin/tickets/${ticket.id}/reject`, { remarks: 'Slip unreadable <b>' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ticketStatus: 'cancelled',
      paymentStatus: 'failed',
      remarks: 'Slip unreadable <b>',
    });
    expect(await seatsOf(ticket.id)).toHaveLength(0);
    // The same seats can be booked again.
    await makeTicket(t.database.db, { schedule: trip, seats: ['A1', 'A2'] });

    const mail = await lastMailTo(ticket.passengerEmail);
    expect(mail?.subject).toBe(`Booking rejected: ${ticket.paymentReference}`);
    expect(mail?.text).toContain('Slip unreadable <b>');
    expect(mail?.text).toContain('support@islandferry.mv');
    expect(mail?.html).toContain('Slip unreadable &#60;b&#62;');
    const [entry] = await auditOf(ticket.id);
    expect(entry).toMatchObject({ action: 'reject', after: { ticketStatus: 'cancelled' } });
  });

  it('rejects without remarks too', async () => {
    const { ticket } = await makeTicket(t.database.db);
    const res = await t.post(`/api/admin/tickets/${ticket.id}/reject`);
    expect(res.statusCode).toBe(200);
    expect(res.json().remarks).toBeNull();
  });

  it('marks confirmed tickets in any order; cancelled and refunded keep the seats', async () => {
    const { ticket } = await makeTicket(t.database.db, { status: 'confirmed' });
    for (const status of ['no_show', 'present', 'refunded', 'cancelled'] as const) {
      const res = await post(`/api/admin/tickets/${ticket.id}/mark`, { status });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ markedStatus: status, ticketStatus: 'confirmed' });
    }
    expect(await seatsOf(ticket.id)).toHaveLength(1);
    expect((await auditOf(ticket.id)).map((a) => a.action)).toEqual(['mark', 'mark', 'mark', 'mark']);

    const pending = await makeTicket(t.database.db);
    const refused = await post(`/api/admin/tickets/${pending.ticket.id}/mark`, { status: 'present' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toEqual({ code: 'ticket_not_confirmed', message: MSG.ticketNotConfirmed });
    const bad = await post(`/api/admin/tickets/${ticket.id}/mark`, { status: 'boarded' });
    expect(bad.statusCode).toBe(400);
  });

  it('deletes any ticket: 204, seats free, both slips removed, audit kept', async () => {
    const reference = uniqueReference();
    const key = slipKey(reference);
    // A dearer rebooking's second slip goes with the first.
    const extraKey = slipKey(reference);
    for (const stored of [key, extraKey]) {
      await t.storage.put(stored, await readFile(path.join(FILES, 'banner.webp')), {
        contentType: 'image/webp',
        visibility: 'private',
      });
    }
    const { ticket } = await makeTicket(t.database.db, {
      paymentReference: reference,
      paymentSlipKey: key,
      extraSlipKey: extraKey,
      extraAmount: '20.00',
      status: 'confirmed',
    });
    const res = await t.del(`/api/admin/tickets/${ticket.id}`);
    expect(res.statusCode).toBe(204);
    expect(await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id))).toHaveLength(0);
    expect(await seatsOf(ticket.id)).toHaveLength(0);
    expect(await t.storage.get(key, 'private')).toBeNull();
    expect(await t.storage.get(extraKey, 'private')).toBeNull();
    const [entry] = await auditOf(ticket.id);
    expect(entry).toMatchObject({ action: 'delete', before: { reference, ticketStatus: 'confirmed' } });

    const gone = await t.del(`/api/admin/tickets/${ticket.id}`);
    expect(gone.statusCode).toBe(404);
  });

  it('answers unknown and malformed ids with 404 ticket_not_found', async () => {
    for (const id of ['00000000-0000-4000-8000-000000000000', 'not-a-uuid']) {
      const res = await post(`/api/admin/tickets/${id}/approve`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error).toEqual({ code: 'ticket_not_found', message: MSG.ticketNotFound });
    }
  });

  it('serves the private slip with safe headers, and 404 slip_missing without one', async () => {
    const reference = uniqueReference();
    const key = slipKey(reference);
    const bytes = await readFile(path.join(FILES, 'banner.webp'));
    await t.storage.put(key, bytes, { contentType: 'image/webp', visibility: 'private' });
    const { ticket } = await makeTicket(t.database.db, { paymentReference: reference, paymentSlipKey: key });
    const res = await t.get(`/api/admin/tickets/${ticket.id}/slip`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['content-disposition']).toBe(`inline; filename="slip-${reference}.webp"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(bytes)).toBe(true);
    const listed: TicketList = (await t.get(`/api/admin/tickets?q=${reference}`)).json();
    expect(listed.tickets[0]?.hasSlip).toBe(true);

    const none = await makeTicket(t.database.db);
    const missing = await t.get(`/api/admin/tickets/${none.ticket.id}/slip`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual({ code: 'slip_missing', message: MSG.slipMissing });
  });

  it('reads the dashboard: counts for today and the 5 newest tickets', async () => {
    const before: Dashboard = (await t.get('/api/admin/dashboard')).json();
    const today = todayInOperatorZone();
    expect(dateInZone(new Date(), t.config.tzOperator)).toBe(today);
    const trip = await makeSchedule(t.database.db, { travelDate: today });
    await makeTicket(t.database.db, { schedule: trip });
    const approved = await makeTicket(t.database.db, { schedule: trip });
    await post(`/api/admin/tickets/${approved.ticket.id}/approve`);
    await makeLaunch(t.database.db, { status: 'inactive' });
    await makeLaunch(t.database.db);

    const after: Dashboard = (await t.get('/api/admin/dashboard')).json();
    expect(after.pendingTickets).toBe(before.pendingTickets + 1);
    expect(after.approvedToday).toBe(before.approvedToday + 1);
    expect(after.todaysTrips).toBe(before.todaysTrips + 1);
    const active = await t.database.db.select().from(launches).where(eq(launches.status, 'active'));
    expect(after.activeLaunches).toBe(active.length);
    expect(after.recentTickets).toHaveLength(5);
    expect(after.recentTickets[0]?.id).toBe(approved.ticket.id);
    const times = after.recentTickets.map((x) => x.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
