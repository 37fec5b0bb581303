import { randomUUID } from 'node:crypto';
import { and, eq, like, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  emailCodes,
  mailOutbox,
  refundRequests,
  returnDiscounts,
  routeFares,
  seatLocks,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { addDays, dateInZone, instantInZone } from '#server/lib/clock.ts';
import { sendDayBeforeReminders } from '#server/services/send-day-before-reminders.ts';
import { verifyCode } from '#shared/e-ticket-code.ts';
import { MANAGE_GRANT_HEADER, MANAGE_LINK_HEADER } from '#shared/manage-api.ts';
import type { BookingRequest, Trip } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makeAdmin,
  makePaymentSettings,
  makeSchedule,
  uniqueSuffix,
} from '#tests/factories.ts';
import { signInAs } from '#tests/setup/admin-app.ts';
import { outboxRows } from '#tests/setup/outbox.ts';
import {
  MANY_VERIFICATIONS_PER_ADDRESS,
  mailedManageCode,
  postBooking,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`return trips in one booking (${testDatabaseKind})`, () => {
  const t = useTestApp(
    {
      env: {
        RATE_LIMIT_SCALE: '100',
        // Two seats of a departure per address: the limits are counted on both departures.
        SEAT_HOLD_PER_IP: '2',
        SEAT_HOLD_MAX_SHARE: '1',
        ...MANY_VERIFICATIONS_PER_ADDRESS,
      },
    },
    async () => {
      await makePaymentSettings(t.database.db, {
        localAdultPrice: '25.00',
        refundPolicy: [{ hoursBefore: 1, percent: 100 }],
      });
    },
  );
  const db = () => t.database.db;

  /**
   * Two ports, the morning departure out (08:00, arriving 09:00) and the afternoon one back
   * (14:00), the same day; a third, leaving the far port at 08:30, before the outbound arrives.
   */
  async function route() {
    const out = await makeSchedule(db(), {
      stops: [{ departureTime: '08:00' }, { departureTime: '09:00' }],
    });
    const [a, b] = out.stops.map((s) => s.locationId) as [string, string];
    const back = await makeSchedule(db(), {
      stops: [
        { locationId: b, departureTime: '14:00' },
        { locationId: a, departureTime: '15:00' },
      ],
      travelDate: out.schedule.travelDate,
    });
    const early = await makeSchedule(db(), {
      stops: [
        { locationId: b, departureTime: '08:30' },
        { locationId: a, departureTime: '09:30' },
      ],
      travelDate: out.schedule.travelDate,
    });
    return { out, back, early, a, b };
  }

  const returnOf = (trip: MadeSchedule, seats: string[]) => ({
    scheduleId: trip.schedule.id,
    travelDate: trip.schedule.travelDate,
    launchId: trip.launchIds[0] ?? '',
    originId: trip.stops[0]?.locationId ?? '',
    destinationId: trip.stops[trip.stops.length - 1]?.locationId ?? '',
    seats,
  });

  async function request(out: MadeSchedule, seats: string[], ret: ReturnType<typeof returnOf>, ip?: string) {
    const email = `r-${uniqueSuffix()}@example.com`;
    const token = await verifiedToken(t.app, email, ip ? { ip } : {});
    const booking: BookingRequest = {
      ...tripBookingRequest(out, { seats, email, verificationToken: token }),
      return: ret,
    };
    return { email, token, booking };
  }

  const lock = (
    out: MadeSchedule,
    seats: string[],
    opts: { token: string; session: string; ip?: string; ret?: ReturnType<typeof returnOf> },
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/seat-locks',
      headers: { 'x-booking-session': opts.session },
      payload: {
        scheduleId: out.schedule.id,
        travelDate: out.schedule.travelDate,
        launchId: out.launchIds[0],
        originId: out.stops[0]?.locationId,
        destinationId: out.stops[out.stops.length - 1]?.locationId,
        seats,
        verificationToken: opts.token,
        ...(opts.ret ? { return: opts.ret } : {}),
      },
      ...(opts.ip ? { remoteAddress: opts.ip } : {}),
    });

  const locksOf = (scheduleId: string, session: string) =>
    db()
      .select({ seat: seatLocks.seatNumber })
      .from(seatLocks)
      .where(and(eq(seatLocks.scheduleId, scheduleId), eq(seatLocks.userSession, session)));
  const seatsOn = async (scheduleId: string) =>
    (await db().select().from(ticketSeats).where(eq(ticketSeats.scheduleId, scheduleId)))
      .map((s) => s.seatNumber)
      .sort();
  const rowsOf = (reference: string) =>
    db().select().from(tickets).where(eq(tickets.paymentReference, reference)).orderBy(tickets.journey);

  it('locks with a return hold both departures, all or nothing; another session is refused on either', async () => {
    const { out, back } = await route();
    const mine = await request(out, ['A1'], returnOf(back, ['B2']), '198.51.100.1');
    const session = randomUUID();
    const held = await lock(out, ['A1'], {
      ...mine,
      session,
      ip: '198.51.100.1',
      ret: returnOf(back, ['B2']),
    });
    expect(held.statusCode, held.body).toBe(200);
    expect(await locksOf(out.schedule.id, session)).toEqual([{ seat: 'A1' }]);
    expect(await locksOf(back.schedule.id, session)).toEqual([{ seat: 'B2' }]);

    // Another session: refused on the return's seat, and then holds nothing on the outbound either.
    const other = await request(out, ['A2'], returnOf(back, ['B2']), '198.51.100.2');
    const otherSession = randomUUID();
    const refused = await lock(out, ['A2'], {
      ...other,
      session: otherSession,
      ip: '198.51.100.2',
      ret: returnOf(back, ['B2']),
    });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('seats_unavailable');
    expect(await locksOf(out.schedule.id, otherSession)).toEqual([]);
    // ...and on the outbound's seat alike.
    const refusedOut = await lock(out, ['A1'], {
      ...other,
      session: otherSession,
      ip: '198.51.100.2',
      ret: returnOf(back, ['B3']),
    });
    expect(refusedOut.statusCode, refusedOut.body).toBe(409);
    expect(await locksOf(back.schedule.id, otherSession)).toEqual([]);

    // DELETE with the return releases both.
    const released = await t.app.inject({
      method: 'DELETE',
      url: '/api/seat-locks',
      headers: { 'x-booking-session': session },
      payload: {
        scheduleId: out.schedule.id,
        travelDate: out.schedule.travelDate,
        launchId: out.launchIds[0],
        seats: ['A1'],
        return: returnOf(back, ['B2']),
      },
    });
    expect(released.json()).toEqual({ released: 2 });
  });

  it('the hold limits count both departures: what an address holds on the return departure counts', async () => {
    const { out, back } = await route();
    const ip = '198.51.100.7';
    // The address already holds two seats of the return departure, for a one-way booking from there.
    const first = await request(back, ['C1', 'C2'], returnOf(out, ['C1']), ip);
    const oneWay = await lock(back, ['C1', 'C2'], { ...first, session: randomUUID(), ip });
    expect(oneWay.statusCode, oneWay.body).toBe(200);
    const second = await request(out, ['C1'], returnOf(back, ['C3']), ip);
    const session = randomUUID();
    const refused = await lock(out, ['C1'], { ...second, session, ip, ret: returnOf(back, ['C3']) });
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe('seat_hold_limit');
    expect(await locksOf(out.schedule.id, session)).toEqual([]);
  });

  it('a return: one reference, seats taken on both departures, the discount applied and tampered totals ignored', async () => {
    const { out, back, a, b } = await route();
    // The outbound pair has a fare of its own; the way back costs the price list's 25.00.
    await db().insert(routeFares).values({
      originId: a,
      destinationId: b,
      ticketType: 'local',
      category: 'adult',
      price: '30.00',
    });
    await db().insert(returnDiscounts).values({ originId: a, destinationId: b, percentOff: '15' });
    const { booking } = await request(out, ['A1', 'A2'], returnOf(back, ['B1', 'B2']));
    const res = await postBooking(t.app, { ...booking, totalAmount: '0.01', discount: '99' });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    // 2 × 30 + 2 × 25 = 110.00, less 15 % (16.50) = 93.50; the outbound's share 60 − 9.00, the return's 50 − 7.50.
    expect(body.totalAmount).toBe('93.50');
    expect(body.journeys).toMatchObject([
      { journey: 1, scheduleId: out.schedule.id, seats: ['A1', 'A2'], totalAmount: '51.00' },
      { journey: 2, scheduleId: back.schedule.id, seats: ['B1', 'B2'], totalAmount: '42.50' },
    ]);
    const rows = await rowsOf(body.reference);
    expect(rows.map((r) => [r.journey, r.scheduleId, r.totalAmount, r.ticketStatus])).toEqual([
      [1, out.schedule.id, '51.00', 'pending'],
      [2, back.schedule.id, '42.50', 'pending'],
    ]);
    expect(rows[1]?.outboundId).toBe(rows[0]?.id);
    expect(rows[1]?.paymentSlipKey).toBe(rows[0]?.paymentSlipKey);
    expect(await seatsOn(out.schedule.id)).toEqual(['A1', 'A2']);
    expect(await seatsOn(back.schedule.id)).toEqual(['B1', 'B2']);
    // The received mail lists both journeys and the one amount.
    const [received] = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, booking.passenger.email), like(mailOutbox.subject, 'Booking received%')));
    expect(received?.text).toContain('Seats: A1, A2');
    expect(received?.text).toMatch(/Return: .+ to .+\n.*\n.*\nSeats: B1, B2/);
    expect(received?.text).toContain('93.50 MVR');

    // The public lookup carries both journeys and the whole amount.
    const lookup = await t.app.inject(`/api/bookings/${body.reference}`);
    expect(lookup.statusCode, lookup.body).toBe(200);
    expect(lookup.json()).toMatchObject({
      reference: body.reference,
      totalAmount: '93.50',
      seatNumbers: ['A1', 'A2'],
      journeys: [
        { journey: 1, from: { id: a }, to: { id: b }, departureTime: '08:00', totalAmount: '51.00' },
        { journey: 2, from: { id: b }, to: { id: a }, departureTime: '14:00', totalAmount: '42.50' },
      ],
    });

    // A seat of the return departure is taken: a second return on it is refused whole.
    const again = await request(out, ['A3'], returnOf(back, ['B1']));
    const refused = await postBooking(t.app, again.booking);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.code).toBe('seats_unavailable');
    expect(await seatsOn(out.schedule.id)).toEqual(['A1', 'A2']);
  });

  it('offers the way back with the pair’s return discount, which the booking then takes off', async () => {
    const { out, a, b } = await route();
    // Made before any search: a search keeps the day's trips for a moment.
    const other = await route();
    await db().insert(returnDiscounts).values({ originId: a, destinationId: b, percentOff: '7.50' });
    const search = (query: Record<string, string>) =>
      t.app.inject({
        method: 'GET',
        url: '/api/trips',
        query: { date: out.schedule.travelDate, localAdult: '2', ...query },
      });
    // The way back (b -> a) of an outbound a -> b: the discount as a passenger reads it.
    const back = await search({ from: b, to: a, returning: '1' });
    expect(back.statusCode, back.body).toBe(200);
    const offered = back.json<Trip[]>();
    expect(offered.length).toBeGreaterThan(0);
    expect(offered.every((trip) => trip.returnDiscountPercent === '7.5')).toBe(true);
    // A one-way search says nothing of it, and a pair without a discount has none.
    expect((await search({ from: b, to: a })).json<Trip[]>()[0]?.returnDiscountPercent).toBeUndefined();
    const none = await search({ from: other.b, to: other.a, returning: '1' }).then((r) => r.json<Trip[]>());
    expect(none.length).toBeGreaterThan(0);
    expect(none[0]?.returnDiscountPercent).toBeUndefined();
    expect((await search({ from: b, to: a, returning: 'yes' })).statusCode).toBe(400);
  });

  it('refuses a return that leaves before the outbound arrives, or does not go back the same way: 400', async () => {
    const { out, back, early } = await route();
    const before = await request(out, ['A1'], returnOf(early, ['A1']));
    const tooEarly = await postBooking(t.app, before.booking);
    expect(tooEarly.statusCode, tooEarly.body).toBe(400);
    expect(tooEarly.json().error.code).toBe('return_before_arrival');
    // The same departure as the outbound: not the reverse route.
    const same = await request(out, ['A1'], returnOf(out, ['A2']));
    const notBack = await postBooking(t.app, same.booking);
    expect(notBack.statusCode, notBack.body).toBe(400);
    expect(notBack.json().error.code).toBe('return_not_reverse');
    // A lock is refused alike, and holds nothing.
    const session = randomUUID();
    const locked = await lock(out, ['A1'], { ...before, session, ret: returnOf(early, ['A1']) });
    expect(locked.statusCode, locked.body).toBe(400);
    expect(locked.json().error.code).toBe('return_before_arrival');
    expect(await locksOf(out.schedule.id, session)).toEqual([]);
    expect(await seatsOn(back.schedule.id)).toEqual([]);
  });

  it('approval approves both journeys; cancelling one journey frees only its seats and refunds its share', async () => {
    const { out, back, a, b } = await route();
    await db().insert(returnDiscounts).values({ originId: b, destinationId: a, percentOff: '10' });
    const { booking, email } = await request(out, ['A1'], returnOf(back, ['B1']));
    const created = await postBooking(t.app, booking);
    expect(created.statusCode, created.body).toBe(201);
    const { reference } = created.json();
    // The reverse pair's discount applies: 50.00 less 10 % is 45.00, 22.50 each.
    expect(created.json().totalAmount).toBe('45.00');
    const [outRow, backRow] = await rowsOf(reference);

    const office = await signInAs(t.app, await makeAdmin(db(), { role: 'office' }));
    const approved = await office.post(`/api/admin/tickets/${outRow?.id}/approve`, {});
    expect(approved.statusCode, approved.body).toBe(200);
    expect((await rowsOf(reference)).map((r) => r.ticketStatus)).toEqual(['confirmed', 'confirmed']);
    // Each departure's manifest lists its journey, the way back marked as the return.
    const manifest = await office.get(`/api/admin/trips/${back.schedule.id}/passengers`);
    expect(manifest.statusCode, manifest.body).toBe(200);
    expect(manifest.json().passengers).toMatchObject([{ reference, journey: 2, seatNumbers: ['B1'] }]);
    const outManifest = await office.get(`/api/admin/trips/${out.schedule.id}/passengers`);
    expect(outManifest.json().passengers).toEqual([expect.not.objectContaining({ journey: 2 })]);
    // One approval mail, listing both journeys and what both cost.
    const approvals = (await outboxRows(t.app, eq(mailOutbox.to, email))).filter((m) =>
      m.subject.startsWith('Booking approved'),
    );
    expect(approvals).toHaveLength(1);
    expect(approvals[0]?.text).toContain('Seats: B1');
    expect(approvals[0]?.text).toContain('45.00 MVR');

    // The e-ticket of either journey's link shows both, each with its own signed code.
    const keys = t.app.deps.ticketSigner().publicKeys;
    for (const row of await rowsOf(reference)) {
      expect(row.eticketToken).toBeTruthy();
      const eTicket = await t.app.inject(`/api/t/${row.eticketToken}`);
      expect(eTicket.statusCode, eTicket.body).toBe(200);
      const body = eTicket.json();
      expect(body.journeys.map((j: { journey: number }) => j.journey)).toEqual([1, 2]);
      const claims = [];
      for (const { code } of body.journeyCodes) {
        const checked = await verifyCode(code, keys);
        if (!checked.ok) throw new Error(`a journey's code does not verify: ${checked.reason}`);
        claims.push([
          code.slice(0, 3),
          checked.claims.journey ?? 1,
          checked.claims.ticketId,
          checked.claims.scheduleId,
          checked.claims.seats,
        ]);
      }
      // The way back's code says its journey, in format 2; the outbound's stays format 1.
      expect(claims).toEqual([
        ['IF1', 1, outRow?.id, out.schedule.id, ['A1']],
        ['IF2', 2, backRow?.id, back.schedule.id, ['B1']],
      ]);
    }

    // The passenger proves the mailbox, then cancels the way back only.
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/bookings/${reference}/manage/code`, payload: {} }))
        .statusCode,
    ).toBe(202);
    const code = await mailedManageCode(t.app, email);
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/verify`,
      payload: { code },
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const { link, grant } = verified.json() as { link: string; grant: string };
    // The view tells each journey's refund now: its own share under the policy.
    const before = await t.app.inject({
      url: `/api/bookings/${reference}/manage`,
      headers: { [MANAGE_LINK_HEADER]: link },
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().journeyChanges).toMatchObject([
      { journey: 1, cancel: { allowed: true, amount: '22.50' }, rebook: { allowed: true } },
      { journey: 2, cancel: { allowed: true, amount: '22.50' }, rebook: { allowed: true } },
    ]);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/cancel`,
      headers: { [MANAGE_LINK_HEADER]: link, [MANAGE_GRANT_HEADER]: grant },
      payload: { requestId: randomUUID(), journey: 2 },
    });
    // The way back's refund is the booking's: listed on its page, its account set there.
    expect(cancelled.json().refunds).toMatchObject([
      { amount: '22.50', reason: 'passenger_cancelled', status: 'requested', account: null },
    ]);
    // The next code may be sent a minute after the last: the last is made a minute older.
    await db()
      .update(emailCodes)
      .set({ createdAt: sql`${emailCodes.createdAt} - interval '61 seconds'` });
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/code`,
      payload: {},
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const reverified = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/verify`,
      payload: { code: await mailedManageCode(t.app, email) },
    });
    expect(reverified.statusCode, reverified.body).toBe(200);
    const grant2 = reverified.json().grant as string;
    const accounted = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/refund-account`,
      headers: { [MANAGE_LINK_HEADER]: link, [MANAGE_GRANT_HEADER]: grant2 },
      payload: {
        requestId: randomUUID(),
        account: {
          bankName: 'Bank of Maldives',
          accountName: 'Aishath Mohamed',
          accountNumber: '7730000123456',
        },
      },
    });
    expect(accounted.statusCode, accounted.body).toBe(200);
    expect(accounted.json().refunds).toMatchObject([{ amount: '22.50', account: { last4: '3456' } }]);
    expect(cancelled.json().journeyChanges).toMatchObject([
      { journey: 1, cancel: { allowed: true } },
      { journey: 2, cancel: { allowed: false }, rebook: { allowed: false } },
    ]);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().journeys.map((j: { ticketStatus: string }) => j.ticketStatus)).toEqual([
      'confirmed',
      'cancelled_by_passenger',
    ]);
    expect(await seatsOn(out.schedule.id)).toEqual(['A1']);
    expect(await seatsOn(back.schedule.id)).toEqual([]);
    const refunds = await db()
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.ticketId, backRow?.id ?? ''));
    expect(refunds.map((r) => [r.amount, r.reason])).toEqual([['22.50', 'passenger_cancelled']]);
    expect(
      await db()
        .select()
        .from(refundRequests)
        .where(eq(refundRequests.ticketId, outRow?.id ?? '')),
    ).toEqual([]);
  });

  it('a departure cancelled by the operator touches only the journey on it', async () => {
    const { out, back } = await route();
    const { booking } = await request(out, ['A1'], returnOf(back, ['B1']));
    const created = await postBooking(t.app, booking);
    expect(created.statusCode, created.body).toBe(201);
    const { reference } = created.json();
    const office = await signInAs(t.app, await makeAdmin(db(), { role: 'office' }));
    const done = await office.post(`/api/admin/trips/${back.schedule.id}/cancel`, { reason: 'weather' });
    expect(done.statusCode, done.body).toBe(200);
    const rows = await rowsOf(reference);
    expect(rows.map((r) => r.ticketStatus)).toEqual(['pending', 'cancelled_by_operator']);
    expect(await seatsOn(out.schedule.id)).toEqual(['A1']);
    expect(await seatsOn(back.schedule.id)).toEqual([]);
  });

  it('the office sets a return discount per pair under prices.manage, audited, 400 per field; 0 removes it', async () => {
    const { a, b } = await route();
    const office = await signInAs(t.app, await makeAdmin(db(), { role: 'office' }));
    const counter = await signInAs(t.app, await makeAdmin(db(), { role: 'counter' }));
    const put = (payload: object) => office.send('PUT', '/api/admin/return-discounts', payload);
    expect(
      (
        await counter.send('PUT', '/api/admin/return-discounts', {
          originId: a,
          destinationId: b,
          percentOff: '10',
        })
      ).statusCode,
    ).toBe(403);
    const saved = await put({ originId: a, destinationId: b, percentOff: '12.5' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({ discount: { originId: a, destinationId: b, percentOff: '12.50' } });
    const listed = await office.get('/api/admin/return-discounts');
    expect(listed.json().discounts).toContainEqual({ originId: a, destinationId: b, percentOff: '12.50' });
    const tooMuch = await put({ originId: a, destinationId: b, percentOff: '150' });
    expect(tooMuch.statusCode).toBe(400);
    expect(Object.keys(tooMuch.json().error.fields)).toEqual(['percentOff']);
    const same = await put({ originId: a, destinationId: a, percentOff: '5' });
    expect(same.statusCode).toBe(400);
    expect(Object.keys(same.json().error.fields)).toEqual(['destinationId']);
    const audit = await db().select().from(auditLog).where(eq(auditLog.entity, 'return_discount'));
    expect(audit.map((e) => e.action)).toEqual(['create']);
    const removed = await put({ originId: a, destinationId: b, percentOff: '0' });
    expect(removed.json()).toEqual({ discount: null });
    expect((await office.get('/api/admin/return-discounts')).json().discounts).not.toContainEqual(
      expect.objectContaining({ originId: a, destinationId: b }),
    );
  });

  it('cancelling the booking (journey both) cancels both journeys, frees both departures and refunds both shares in one mail', async () => {
    const { out, back } = await route();
    const { booking, email } = await request(out, ['A3'], returnOf(back, ['A4']));
    const created = await postBooking(t.app, booking);
    expect(created.statusCode, created.body).toBe(201);
    const { reference } = created.json();
    const [outRow, backRow] = await rowsOf(reference);
    const office = await signInAs(t.app, await makeAdmin(db(), { role: 'office' }));
    expect((await office.post(`/api/admin/tickets/${backRow?.id}/approve`, {})).statusCode).toBe(200);
    expect((await rowsOf(reference)).map((r) => r.ticketStatus)).toEqual(['confirmed', 'confirmed']);

    await t.app.inject({ method: 'POST', url: `/api/bookings/${reference}/manage/code`, payload: {} });
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/verify`,
      payload: { code: await mailedManageCode(t.app, email) },
    });
    const { link, grant } = verified.json() as { link: string; grant: string };
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/cancel`,
      headers: { [MANAGE_LINK_HEADER]: link, [MANAGE_GRANT_HEADER]: grant },
      payload: { requestId: randomUUID(), journey: 'both' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await rowsOf(reference)).map((r) => r.ticketStatus)).toEqual([
      'cancelled_by_passenger',
      'cancelled_by_passenger',
    ]);
    expect(await seatsOn(out.schedule.id)).not.toContain('A3');
    expect(await seatsOn(back.schedule.id)).not.toContain('A4');
    const refunds = await db().select().from(refundRequests);
    expect(
      refunds
        .filter((r) => r.ticketId === outRow?.id || r.ticketId === backRow?.id)
        .map((r) => r.amount)
        .sort(),
    ).toEqual(['25.00', '25.00']);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.text, '%50.00 MVR%')));
    expect(mails.length).toBeGreaterThanOrEqual(1);
  });

  it('the manage page rebooks the way back alone onto another afternoon departure, keeping the return discount', async () => {
    const { out, back, a, b } = await route();
    await db().insert(returnDiscounts).values({ originId: a, destinationId: b, percentOff: '10' });
    const later = await makeSchedule(db(), {
      stops: [
        { locationId: b, departureTime: '16:00' },
        { locationId: a, departureTime: '17:00' },
      ],
      travelDate: out.schedule.travelDate,
    });
    const { booking, email } = await request(out, ['C4'], returnOf(back, ['C4']));
    const created = await postBooking(t.app, booking);
    expect(created.statusCode, created.body).toBe(201);
    const { reference } = created.json();
    const office = await signInAs(t.app, await makeAdmin(db(), { role: 'office' }));
    const [outRow] = await rowsOf(reference);
    expect((await office.post(`/api/admin/tickets/${outRow?.id}/approve`, {})).statusCode).toBe(200);
    await t.app.inject({ method: 'POST', url: `/api/bookings/${reference}/manage/code`, payload: {} });
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/verify`,
      payload: { code: await mailedManageCode(t.app, email) },
    });
    const { link, grant } = verified.json() as { link: string; grant: string };
    const rebooked = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/rebook`,
      headers: { [MANAGE_LINK_HEADER]: link, [MANAGE_GRANT_HEADER]: grant },
      payload: {
        requestId: randomUUID(),
        journey: 2,
        scheduleId: later.schedule.id,
        travelDate: later.schedule.travelDate,
        launchId: later.launchIds[0],
        seats: ['B3'],
      },
    });
    expect(rebooked.statusCode, rebooked.body).toBe(200);
    const rows = await rowsOf(reference);
    // 25.00 less 10 %, as sold: nothing more to pay, and no slip asked for.
    expect(rows.map((r) => [r.journey, r.scheduleId, r.totalAmount])).toEqual([
      [1, out.schedule.id, '22.50'],
      [2, later.schedule.id, '22.50'],
    ]);
    expect(await seatsOn(out.schedule.id)).toContain('C4');
    expect(await seatsOn(back.schedule.id)).not.toContain('C4');
    expect(await seatsOn(later.schedule.id)).toEqual(['B3']);
  });

  it('an approval of either journey undone within its window puts both back to pending', async () => {
    const { out, back } = await route();
    const { booking } = await request(out, ['C3'], returnOf(back, ['C3']));
    const created = await postBooking(t.app, booking);
    expect(created.statusCode, created.body).toBe(201);
    const { reference } = created.json();
    const [outRow, backRow] = await rowsOf(reference);
    const office = await signInAs(t.app, await makeAdmin(db(), { role: 'office' }));
    expect((await office.post(`/api/admin/tickets/${backRow?.id}/approve`, {})).statusCode).toBe(200);
    const undone = await office.post(`/api/admin/tickets/${outRow?.id}/undo-approval`, {});
    expect(undone.statusCode, undone.body).toBe(200);
    expect((await rowsOf(reference)).map((r) => [r.ticketStatus, r.paymentStatus])).toEqual([
      ['pending', 'pending'],
      ['pending', 'pending'],
    ]);
    // Deleting either journey deletes the booking: both rows, both departures' seats.
    const owner = await signInAs(t.app, 'owner');
    const deleted = await owner.send('DELETE', `/api/admin/tickets/${backRow?.id}`);
    expect(deleted.statusCode, deleted.body).toBeLessThan(300);
    expect(await rowsOf(reference)).toEqual([]);
    expect(await seatsOn(out.schedule.id)).not.toContain('C3');
    expect(await seatsOn(back.schedule.id)).not.toContain('C3');
  });

  it('rejecting the pending bookings of an address counts a return once and mails once, both journeys cancelled', async () => {
    const { out, back } = await route();
    const { booking, email } = await request(out, ['B4'], returnOf(back, ['B4']));
    const created = await postBooking(t.app, booking);
    expect(created.statusCode, created.body).toBe(201);
    const { reference } = created.json();
    const office = await signInAs(t.app, await makeAdmin(db(), { role: 'office' }));
    const rejected = await office.post('/api/admin/tickets/reject-pending', { email });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toEqual({ rejected: 1 });
    expect((await rowsOf(reference)).map((r) => r.ticketStatus)).toEqual(['cancelled', 'cancelled']);
    const mails = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Booking rejected%')));
    expect(mails).toHaveLength(1);
    expect(await seatsOn(back.schedule.id)).not.toContain('B4');
  });

  it('the day before, a return on one day is reminded once, both journeys in the mail', async () => {
    const { out, back } = await route();
    const { booking, email } = await request(out, ['A4'], returnOf(back, ['B4']));
    const created = await postBooking(t.app, booking);
    expect(created.statusCode, created.body).toBe(201);
    const [outRow] = await rowsOf(created.json().reference);
    const office = await signInAs(t.app, await makeAdmin(db(), { role: 'office' }));
    expect((await office.post(`/api/admin/tickets/${outRow?.id}/approve`, {})).statusCode).toBe(200);
    const zone = t.app.deps.config.tzOperator;
    const today = dateInZone(new Date(), zone);
    expect(addDays(today, 1)).toBe(out.schedule.travelDate);
    await sendDayBeforeReminders({
      db: db(),
      clock: { now: () => instantInZone(today, '10:00', zone) },
      tzOperator: zone,
      eTicketBase: 'https://ferry.example',
    });
    const reminders = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, email), like(mailOutbox.subject, 'Your trip tomorrow%')));
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.text).toContain('Seats: A4');
    expect(reminders[0]?.text).toContain('Seats: B4');
  });
});
