import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  disruptions,
  mailOutbox,
  refundRequests,
  schedules,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { addDays, instantInZone } from '#server/lib/clock.ts';
import { sendDayBeforeReminders } from '#server/services/send-day-before-reminders.ts';
import type { CancelPreview, DelayPreview, MovePlan } from '#shared/disruptions.ts';
import { LOOKUP_STATUS_TEXT } from '#shared/messages/api.ts';
import type { SeatMap } from '#shared/schemas.ts';
import {
  makeLaunch,
  makePaymentSettings,
  makeSchedule,
  makeTicket,
  seatLabels,
  type TicketOptions,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { bookViaApi, searchTrips } from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/** A mail's text as a preview shows it: the manage link without its key. */
const withoutKey = (text: string | undefined) => text?.replace(/(\/manage\?k=)\S+/g, '$1…');

describe(`cancelling a departure (${testDatabaseKind})`, () => {
  const t = useAdminApp({ role: 'office' }, async () => {
    await makePaymentSettings(t.database.db);
  });

  it('previews, then cancels in one go: bookings cancelled by the operator, seats freed, refunds queued, every passenger told in their language, the departure offered no more', async () => {
    const db = t.database.db;
    const trip = await makeSchedule(db);
    const email = (who: string) => `${who}-${randomUUID().slice(0, 8)}@example.com`;
    const onTrip = (ticket: Omit<TicketOptions, 'schedule'>) => makeTicket(db, { schedule: trip, ...ticket });
    const english = await onTrip({ status: 'confirmed', passengerEmail: email('en') });
    const dhivehi = await onTrip({ status: 'confirmed', passengerEmail: email('dv'), language: 'dv' });
    const pending = await onTrip({ status: 'pending', passengerEmail: email('pending') });
    const walkIn = await onTrip({
      status: 'confirmed',
      passengerEmail: '',
      passengerPhone: '+960 7771234',
      channel: 'counter',
    });
    const rejected = await onTrip({ status: 'cancelled', passengerEmail: email('rejected') });

    const preview = await t.send('GET', `/api/admin/trips/${trip.schedule.id}/cancel-preview`);
    expect(preview.statusCode, preview.body).toBe(200);
    const seen = preview.json() as CancelPreview;
    expect(seen.passengers.map((p) => p.ticketId).sort()).toEqual(
      [english, dhivehi, pending, walkIn].map((m) => m.ticket.id).sort(),
    );
    expect(seen.mails).toBe(3);
    expect(seen.callList).toMatchObject([
      { reference: walkIn.ticket.paymentReference, phone: '+960 7771234' },
    ]);
    // The messages show once a reason is given: one per language, for how many passengers.
    expect(seen.messages).toEqual([]);
    const note = 'Orange alert from the Met Service';
    const withWhy = await t.send(
      'GET',
      `/api/admin/trips/${trip.schedule.id}/cancel-preview?reason=weather&note=${encodeURIComponent(note)}`,
    );
    expect(withWhy.statusCode, withWhy.body).toBe(200);
    const messages = (withWhy.json() as CancelPreview).messages;
    expect(messages.map((m) => [m.kind, m.language, m.count])).toEqual([
      ['departure_cancelled', 'en', 2],
      ['departure_cancelled', 'dv', 1],
    ]);
    const [enSample, dvSample] = messages;
    expect(enSample?.subject).toBe(`Departure cancelled: ${enSample?.reference}`);
    expect(enSample?.text).toContain('Reason: the weather');
    expect(enSample?.text).toContain(note);
    expect(enSample?.text).not.toMatch(/manage\?k=[^…]/);
    expect(dvSample?.reference).toBe(dhivehi.ticket.paymentReference);
    // Nothing was committed by the preview.
    const [still] = await db.select().from(tickets).where(eq(tickets.id, english.ticket.id));
    expect(still?.ticketStatus).toBe('confirmed');
    expect(
      await db.select().from(mailOutbox).where(eq(mailOutbox.to, english.ticket.passengerEmail)),
    ).toEqual([]);

    // The seat map and the launches, read once before the cancel: the seat map's micro-cache
    // now holds an answer with the rejected booking's seat free.
    const seatsUrl = `/api/trips/${trip.schedule.id}/seats?date=${trip.schedule.travelDate}&launchId=${trip.launchIds[0]}`;
    const launchesUrl = `/api/trips/${trip.schedule.id}/launches?date=${trip.schedule.travelDate}`;
    const seatsBefore = await t.app.inject(seatsUrl);
    expect(seatsBefore.statusCode, seatsBefore.body).toBe(200);
    expect((seatsBefore.json() as SeatMap).seats.some((s) => s.state === 'available')).toBe(true);
    expect((await t.app.inject(launchesUrl)).statusCode).toBe(200);

    const noReason = await t.send('POST', `/api/admin/trips/${trip.schedule.id}/cancel`, { note: 'x' });
    expect(noReason.statusCode).toBe(400);
    const done = await t.send('POST', `/api/admin/trips/${trip.schedule.id}/cancel`, {
      reason: 'weather',
      note,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect((done.json() as CancelPreview).refunds).toEqual(seen.refunds);
    expect((done.json() as CancelPreview).messages).toEqual(messages);

    const ids = [english, dhivehi, pending, walkIn].map((m) => m.ticket.id);
    const after = await db.select().from(tickets).where(inArray(tickets.id, ids));
    expect(after.map((r) => [r.ticketStatus, r.eticketVersion])).toEqual(
      ids.map(() => ['cancelled_by_operator', 2]),
    );
    const [untouched] = await db.select().from(tickets).where(eq(tickets.id, rejected.ticket.id));
    expect(untouched?.ticketStatus).toBe('cancelled');
    expect(await db.select().from(ticketSeats).where(eq(ticketSeats.scheduleId, trip.schedule.id))).toEqual(
      [],
    );

    const refunds = await db.select().from(refundRequests).where(inArray(refundRequests.ticketId, ids));
    expect(refunds).toHaveLength(4);
    expect(refunds.find((r) => r.ticketId === pending.ticket.id)).toMatchObject({ paymentVerified: false });
    expect(refunds.find((r) => r.ticketId === english.ticket.id)).toMatchObject({
      paymentVerified: true,
      amount: english.ticket.totalAmount,
      status: 'requested',
    });

    const mailTo = async (to: string) => db.select().from(mailOutbox).where(eq(mailOutbox.to, to));
    const [enMail] = await mailTo(english.ticket.passengerEmail);
    expect(enMail?.subject).toContain('Departure cancelled');
    expect(enMail?.text).toContain('Reason: the weather');
    expect(enMail?.text).toContain('Orange alert from the Met Service');
    expect(enMail?.text).toContain(english.ticket.paymentReference);
    const [dvMail] = await mailTo(dhivehi.ticket.passengerEmail);
    expect(dvMail?.subject).toContain('ދަތުރު ކެންސަލްކުރެވިއްޖެ');
    expect(await mailTo(rejected.ticket.passengerEmail)).toEqual([]);
    // What the preview showed is what the passengers got, word for word.
    for (const sample of messages) {
      const [ticket] = await db.select().from(tickets).where(eq(tickets.paymentReference, sample.reference));
      const [sent] = await mailTo(ticket?.passengerEmail ?? '');
      expect([sample.subject, sample.text]).toEqual([sent?.subject, withoutKey(sent?.text)]);
    }

    const [disruption] = await db
      .select()
      .from(disruptions)
      .where(eq(disruptions.scheduleId, trip.schedule.id));
    expect(disruption).toMatchObject({ kind: 'cancel', reason: 'weather', affected: 4 });
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, trip.schedule.id), eq(auditLog.action, 'departure_cancel')));
    expect(audit?.after).toMatchObject({ reason: 'weather', bookings: 4, mails: 3 });

    // Visible on the departure and in the dashboard.
    const listed = await t.send('GET', `/api/admin/trips/${trip.schedule.id}/disruptions`);
    expect(listed.json().disruptions).toMatchObject([{ kind: 'cancel', reason: 'weather', affected: 4 }]);
    const dashboard = await t.send('GET', '/api/admin/dashboard');
    expect(dashboard.json().recentDisruptions[0]).toMatchObject({
      scheduleId: trip.schedule.id,
      kind: 'cancel',
    });

    // Check Booking says what happened.
    const lookup = await t.app.inject(`/api/bookings/${english.ticket.paymentReference}`);
    expect(lookup.json()).toMatchObject({
      statusKey: 'cancelled_by_operator',
      statusText: LOOKUP_STATUS_TEXT.cancelled_by_operator,
    });

    // Offered no more at once: the seat map and the launches refuse it (no cached answer from
    // before the cancel), like search, seat holds and bookings; not cancelled twice or reopened.
    for (const url of [seatsUrl, launchesUrl]) {
      const gone = await t.app.inject(url);
      expect(gone.statusCode, url).toBe(409);
      expect(gone.json().error.code).toBe('invalid_schedule');
    }
    t.app.deps.tripSearchCache.clear();
    const search = await searchTrips(t.app, trip);
    expect((search.json() as { scheduleId: string }[]).map((r) => r.scheduleId)).not.toContain(
      trip.schedule.id,
    );
    await expect(bookViaApi(t.app, trip, { seats: [english.ticket.seatNumbers[0] ?? ''] })).rejects.toThrow(
      /invalid_schedule/,
    );
    expect(
      (await t.send('POST', `/api/admin/trips/${trip.schedule.id}/cancel`, { reason: 'other' })).statusCode,
    ).toBe(409);
    const reopen = await t.send('POST', `/api/admin/schedules/${trip.schedule.id}/status`, {
      status: 'scheduled',
    });
    expect(reopen.statusCode).toBe(409);

    // The refunds queue lists them, oldest first.
    const queue = await t.send('GET', '/api/admin/refunds');
    expect(queue.statusCode, queue.body).toBe(200);
    const queued = (queue.json() as { refunds: { ticketId: string }[] }).refunds.map((r) => r.ticketId);
    for (const id of ids) expect(queued).toContain(id);

    // The office refunds one through the queue, with the bank's reference: the request is closed
    // and the ticket marked. The plain marking is refused while the refund waits there.
    const marked = await t.send('POST', `/api/admin/tickets/${english.ticket.id}/mark`, {
      status: 'refunded',
    });
    expect(marked.statusCode, marked.body).toBe(409);
    expect(marked.json().error.code).toBe('refund_in_queue');
    const [open] = await db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.ticketId, english.ticket.id));
    const refunded = await t.send('POST', `/api/admin/refunds/${open?.id}/refunded`, {
      bankReference: 'BML-20260101-77',
    });
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [closed] = await db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.ticketId, english.ticket.id));
    expect(closed).toMatchObject({ status: 'refunded', bankReference: 'BML-20260101-77' });
    const [markedTicket] = await db.select().from(tickets).where(eq(tickets.id, english.ticket.id));
    expect(markedTicket?.markedStatus).toBe('refunded');
    const done2 = await t.send('GET', '/api/admin/refunds?status=refunded');
    expect((done2.json() as { refunds: { ticketId: string }[] }).refunds.map((r) => r.ticketId)).toContain(
      english.ticket.id,
    );
  });

  it('cancels a full 200-seat departure and queues its 200 e-mails in one transaction (the time is printed)', async () => {
    const db = t.database.db;
    const launch = await makeLaunch(db, { seats: 200 });
    const trip = await makeSchedule(db, { launchIds: [launch.id] });
    const labels = seatLabels(200);
    for (const seat of labels) {
      await makeTicket(db, {
        schedule: trip,
        status: 'confirmed',
        seats: [seat],
        passengerEmail: `full-${seat}-${randomUUID().slice(0, 6)}@example.com`,
      });
    }
    const started = performance.now();
    const res = await t.send('POST', `/api/admin/trips/${trip.schedule.id}/cancel`, { reason: 'technical' });
    const took = Math.round(performance.now() - started);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as CancelPreview).mails).toBe(200);
    console.log(
      `[disruptions] cancel a 200-passenger departure and queue its e-mails (${testDatabaseKind}): ${took} ms`,
    );
    const queued = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .innerJoin(tickets, eq(tickets.passengerEmail, mailOutbox.to))
      .where(eq(tickets.scheduleId, trip.schedule.id));
    expect(queued).toHaveLength(200);
  }, 120_000);

  it('delays a departure: new stop times, each booking’s time follows its From stop, every passenger told; bad times refused', async () => {
    const db = t.database.db;
    const trip = await makeSchedule(db, { stops: 3 });
    const [first, second, last] = trip.stops;
    const fromFirst = await makeTicket(db, {
      schedule: trip,
      status: 'confirmed',
      passengerEmail: `delay-a-${randomUUID().slice(0, 8)}@example.com`,
    });
    const fromSecond = await makeTicket(db, {
      schedule: trip,
      status: 'confirmed',
      originId: second?.locationId ?? null,
      destinationId: last?.locationId ?? null,
      passengerEmail: `delay-b-${randomUUID().slice(0, 8)}@example.com`,
      language: 'dv',
    });
    const walkIn = await makeTicket(db, {
      schedule: trip,
      status: 'confirmed',
      passengerEmail: '',
      passengerPhone: '+960 7770000',
      channel: 'counter',
    });
    const url = `/api/admin/trips/${trip.schedule.id}/delay`;

    expect(
      (await t.send('POST', url, { times: ['09:00', '08:30', null], reason: 'weather' })).statusCode,
    ).toBe(400);
    expect((await t.send('POST', url, { times: ['09:00', null], reason: 'weather' })).statusCode).toBe(400);
    expect((await t.send('POST', url, { times: ['9am', '10:00', null], reason: 'weather' })).statusCode).toBe(
      400,
    );

    // The preview: who is told, and once the times would be taken and a reason is given, the
    // message of each language.
    const previewUrl = `/api/admin/trips/${trip.schedule.id}/delay-preview`;
    const noTimes = await t.send('GET', `${previewUrl}?reason=technical`);
    expect(noTimes.statusCode, noTimes.body).toBe(200);
    expect(noTimes.json()).toMatchObject({ mails: 2, callList: [{ phone: '+960 7770000' }], messages: [] });
    const backwards = await t.send('GET', `${previewUrl}?times=09:00,08:30,&reason=technical`);
    expect(backwards.json().messages).toEqual([]);
    const previewed = await t.send(
      'GET',
      `${previewUrl}?times=09:15,09:45,&reason=technical&note=${encodeURIComponent('Engine check')}`,
    );
    expect(previewed.statusCode, previewed.body).toBe(200);
    const delayMessages = (previewed.json() as DelayPreview).messages;
    expect(delayMessages.map((m) => [m.kind, m.language, m.count, m.reference])).toEqual([
      ['departure_delayed', 'en', 1, fromFirst.ticket.paymentReference],
      ['departure_delayed', 'dv', 1, fromSecond.ticket.paymentReference],
    ]);
    expect(delayMessages[0]?.text).toContain(
      `New departure time: 09:15 (it was ${first?.departureTime?.slice(0, 5)})`,
    );

    const res = await t.send('POST', url, {
      times: ['09:15', '09:45', null],
      reason: 'technical',
      note: 'Engine check',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      before: [first?.departureTime?.slice(0, 5), second?.departureTime?.slice(0, 5), null],
      after: ['09:15', '09:45', null],
      bookings: 3,
      mails: 2,
      callList: [{ reference: walkIn.ticket.paymentReference, phone: '+960 7770000' }],
    });
    const times = await db
      .select({ id: tickets.id, time: tickets.passengerDepartureTime })
      .from(tickets)
      .where(inArray(tickets.id, [fromFirst.ticket.id, fromSecond.ticket.id]));
    expect(Object.fromEntries(times.map((r) => [r.id, r.time]))).toEqual({
      [fromFirst.ticket.id]: '09:15:00',
      [fromSecond.ticket.id]: '09:45:00',
    });
    const lookup = await t.app.inject(`/api/bookings/${fromSecond.ticket.paymentReference}`);
    expect(lookup.json()).toMatchObject({ departureTime: '09:45', ticketStatus: 'confirmed' });
    const [mail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, fromFirst.ticket.passengerEmail));
    expect(mail?.subject).toBe(`New departure time: ${fromFirst.ticket.paymentReference}`);
    expect(mail?.text).toContain(`New departure time: 09:15 (it was ${first?.departureTime?.slice(0, 5)})`);
    expect(mail?.text).toContain('Engine check');
    const [dvMail] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, fromSecond.ticket.passengerEmail));
    expect(dvMail?.subject).toContain('ފުރާ ގަޑި ބަދަލުވެއްޖެ');
    expect(delayMessages.map((m) => [m.subject, m.text])).toEqual([
      [mail?.subject, withoutKey(mail?.text)],
      [dvMail?.subject, withoutKey(dvMail?.text)],
    ]);
    const [recorded] = await db
      .select()
      .from(disruptions)
      .where(and(eq(disruptions.scheduleId, trip.schedule.id), eq(disruptions.kind, 'delay')));
    expect(recorded).toMatchObject({
      reason: 'technical',
      affected: 3,
      details: { after: ['09:15', '09:45', null] },
    });

    // A cancelled departure cannot be delayed.
    expect(
      (await t.send('POST', `/api/admin/trips/${trip.schedule.id}/cancel`, { reason: 'weather' })).statusCode,
    ).toBe(200);
    expect(
      (await t.send('POST', url, { times: ['10:00', '10:30', null], reason: 'weather' })).statusCode,
    ).toBe(409);
  });

  it('moves a departure: parties keep their seats where free, else sit together nearest; a booking that cannot move is cancelled, refunded and listed', async () => {
    const db = t.database.db;
    const source = await makeSchedule(db, { stops: 3 });
    const [a, b, c] = source.stops;
    const party = await makeTicket(db, {
      schedule: source,
      status: 'confirmed',
      seats: ['A1', 'A2'],
      breakdown: [{ type: 'local', category: 'adult', quantity: 2, price: '25.00' }],
      passengerEmail: `move-party-${randomUUID().slice(0, 8)}@example.com`,
    });
    const single = await makeTicket(db, {
      schedule: source,
      status: 'confirmed',
      seats: ['B1'],
      passengerEmail: `move-single-${randomUUID().slice(0, 8)}@example.com`,
    });
    const fromMiddle = await makeTicket(db, {
      schedule: source,
      status: 'confirmed',
      seats: ['C1'],
      originId: b?.locationId ?? null,
      destinationId: c?.locationId ?? null,
      passengerEmail: `move-middle-${randomUUID().slice(0, 8)}@example.com`,
    });
    // The new departure calls at the first and last stops only, and A1 is already sold there.
    const target = await makeSchedule(db, {
      stops: [
        { locationId: a?.locationId, departureTime: '15:00' },
        { locationId: c?.locationId, departureTime: null },
      ],
    });
    await makeTicket(db, { schedule: target, status: 'confirmed', seats: ['A1'] });

    const preview = await t.send(
      'GET',
      `/api/admin/trips/${source.schedule.id}/move-preview?to=${target.schedule.id}`,
    );
    expect(preview.statusCode, preview.body).toBe(200);
    const planned = preview.json() as MovePlan;
    expect(planned.moves.map((m) => [m.reference, m.toSeats, m.together])).toEqual([
      [party.ticket.paymentReference, ['A2', 'A3'], true],
      [single.ticket.paymentReference, ['B1'], true],
    ]);
    expect(planned.cannotMove).toMatchObject([{ reference: fromMiddle.ticket.paymentReference }]);
    expect(planned.messages).toEqual([]);
    const withWhy = await t.send(
      'GET',
      `/api/admin/trips/${source.schedule.id}/move-preview?to=${target.schedule.id}&reason=technical`,
    );
    expect(withWhy.statusCode, withWhy.body).toBe(200);
    const moveMessages = (withWhy.json() as MovePlan).messages;
    expect(moveMessages.map((m) => [m.kind, m.language, m.count])).toEqual([
      ['departure_cancelled', 'en', 1],
      ['departure_moved', 'en', 2],
    ]);
    const [unchanged] = await db.select().from(tickets).where(eq(tickets.id, party.ticket.id));
    expect(unchanged?.scheduleId).toBe(source.schedule.id);

    const res = await t.send('POST', `/api/admin/trips/${source.schedule.id}/move`, {
      to: target.schedule.id,
      reason: 'technical',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MovePlan).moves).toEqual(planned.moves);
    expect((res.json() as MovePlan).messages).toEqual(moveMessages);
    const rows = await db
      .select()
      .from(tickets)
      .where(inArray(tickets.id, [party.ticket.id, single.ticket.id, fromMiddle.ticket.id]));
    const row = (id: string) => rows.find((r) => r.id === id);
    expect(row(party.ticket.id)).toMatchObject({
      scheduleId: target.schedule.id,
      seatNumbers: ['A2', 'A3'],
      passengerDepartureTime: '15:00:00',
      eticketVersion: 2,
      ticketStatus: 'confirmed',
    });
    expect(row(fromMiddle.ticket.id)).toMatchObject({ ticketStatus: 'cancelled_by_operator' });
    const seats = await db.select().from(ticketSeats).where(eq(ticketSeats.scheduleId, target.schedule.id));
    expect(seats.map((s) => s.seatNumber).sort()).toEqual(['A1', 'A2', 'A3', 'B1']);
    expect(await db.select().from(ticketSeats).where(eq(ticketSeats.scheduleId, source.schedule.id))).toEqual(
      [],
    );
    const [refund] = await db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.ticketId, fromMiddle.ticket.id));
    expect(refund?.status).toBe('requested');
    const [moved] = await db.select().from(mailOutbox).where(eq(mailOutbox.to, party.ticket.passengerEmail));
    expect(moved?.subject).toBe(`Your booking moved to another departure: ${party.ticket.paymentReference}`);
    const [cancelled] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, fromMiddle.ticket.passengerEmail));
    expect(cancelled?.subject).toContain('Departure cancelled');
    // The previewed messages are the ones sent: the moved one with its new trip, time and seats.
    const sentTo = {
      [party.ticket.paymentReference]: moved,
      [fromMiddle.ticket.paymentReference]: cancelled,
    };
    for (const sample of moveMessages) {
      const sent = sentTo[sample.reference];
      expect([sample.subject, sample.text]).toEqual([sent?.subject, withoutKey(sent?.text)]);
    }
    expect(moveMessages.find((m) => m.kind === 'departure_moved')?.text).toContain('A2, A3');
    const [recorded] = await db
      .select()
      .from(disruptions)
      .where(and(eq(disruptions.scheduleId, source.schedule.id), eq(disruptions.kind, 'move')));
    expect(recorded?.details).toMatchObject({
      to: { scheduleId: target.schedule.id, departureTime: '15:00' },
      moved: [party.ticket.paymentReference, single.ticket.paymentReference],
    });
    const [old] = await db.select().from(schedules).where(eq(schedules.id, source.schedule.id));
    expect(old?.status).toBe('cancelled');
  });

  it('a move to another date resets the day-before reminder: the passenger is reminded again before the new trip', async () => {
    const db = t.database.db;
    const source = await makeSchedule(db);
    const email = `move-remind-${randomUUID().slice(0, 8)}@example.com`;
    const remindedAt = new Date();
    const reminded = await makeTicket(db, {
      schedule: source,
      status: 'confirmed',
      passengerEmail: email,
      reminderSentAt: remindedAt,
    });
    // A date of its own, so the reminder run below reaches this test's passenger alone.
    const later = addDays(source.schedule.travelDate, 40);
    const target = await makeSchedule(db, {
      travelDate: later,
      stops: source.stops.map((s) => ({ locationId: s.locationId, departureTime: s.departureTime })),
    });
    const res = await t.send('POST', `/api/admin/trips/${source.schedule.id}/move`, {
      to: target.schedule.id,
      reason: 'weather',
    });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await db.select().from(tickets).where(eq(tickets.id, reminded.ticket.id));
    expect(row).toMatchObject({ scheduleId: target.schedule.id, travelDate: later, reminderSentAt: null });

    const dayBefore = { now: () => instantInZone(addDays(later, -1), '10:00', t.config.tzOperator) };
    const run = await sendDayBeforeReminders({
      db,
      clock: dayBefore,
      tzOperator: t.config.tzOperator,
      eTicketBase: 'https://ferry.example',
    });
    expect(run.sent).toBeGreaterThanOrEqual(1);
    const mails = await db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    expect(mails.map((m) => m.subject)).toContain(`Your trip tomorrow: ${reminded.ticket.paymentReference}`);
    const [again] = await db.select().from(tickets).where(eq(tickets.id, reminded.ticket.id));
    expect(again?.reminderSentAt).not.toBeNull();

    // A move that keeps the date keeps the reminder already sent.
    const other = await makeSchedule(db);
    const sameDate = await makeSchedule(db, {
      travelDate: other.schedule.travelDate,
      stops: other.stops.map((s) => ({ locationId: s.locationId, departureTime: s.departureTime })),
    });
    const kept = await makeTicket(db, {
      schedule: other,
      status: 'confirmed',
      passengerEmail: `move-same-${randomUUID().slice(0, 8)}@example.com`,
      reminderSentAt: remindedAt,
    });
    expect(
      (
        await t.send('POST', `/api/admin/trips/${other.schedule.id}/move`, {
          to: sameDate.schedule.id,
          reason: 'technical',
        })
      ).statusCode,
    ).toBe(200);
    const [keptRow] = await db.select().from(tickets).where(eq(tickets.id, kept.ticket.id));
    expect(keptRow?.scheduleId).toBe(sameDate.schedule.id);
    expect(keptRow?.reminderSentAt?.getTime()).toBe(remindedAt.getTime());
  });

  it('a move goes forward only: a departure that has sailed, is completed or is cancelled is refused, and nothing moves', async () => {
    const db = t.database.db;
    const source = await makeSchedule(db);
    const booked = await makeTicket(db, {
      schedule: source,
      status: 'confirmed',
      passengerEmail: `move-forward-${randomUUID().slice(0, 8)}@example.com`,
    });
    const now = new Date();
    const today = todayInOperatorZone();
    // Sailed: yesterday's, and today's that left a minute ago, both still marked scheduled.
    const yesterday = await makeSchedule(db, { travelDate: addDays(today, -1) });
    const clock = (at: Date) =>
      at.toLocaleTimeString('en-GB', { timeZone: 'Indian/Maldives', hour: '2-digit', minute: '2-digit' });
    const minuteAgo = clock(new Date(now.getTime() - 60_000));
    // Just after midnight a minute ago was yesterday: that case is the yesterday departure's.
    const leftToday =
      minuteAgo < clock(now)
        ? await makeSchedule(db, { travelDate: today, stops: [{ departureTime: minuteAgo }, {}] })
        : null;
    const completed = await makeSchedule(db, { status: 'completed', completedAt: now });
    const cancelled = await makeSchedule(db);
    await db.update(schedules).set({ status: 'cancelled' }).where(eq(schedules.id, cancelled.schedule.id));
    const targets = [yesterday, completed, cancelled, ...(leftToday ? [leftToday] : [])];
    for (const target of targets) {
      const preview = await t.send(
        'GET',
        `/api/admin/trips/${source.schedule.id}/move-preview?to=${target.schedule.id}`,
      );
      expect(preview.statusCode, preview.body).toBe(409);
      expect(preview.json().error.code).toBe('move_refused');
      const move = await t.send('POST', `/api/admin/trips/${source.schedule.id}/move`, {
        to: target.schedule.id,
        reason: 'technical',
      });
      expect(move.statusCode, move.body).toBe(409);
      expect(move.json().error.code).toBe('move_refused');
    }
    const sailed = await t.send(
      'GET',
      `/api/admin/trips/${source.schedule.id}/move-preview?to=${yesterday.schedule.id}`,
    );
    expect(sailed.json().error.message).toBe('The departure to move to has already sailed');
    const [still] = await db.select().from(tickets).where(eq(tickets.id, booked.ticket.id));
    expect(still?.scheduleId).toBe(source.schedule.id);
    // The trip list says when each departure leaves, so the dialog offers only those to come.
    const list = await t.send('GET', `/api/admin/trips?date=${yesterday.schedule.travelDate}`);
    const listed = (list.json() as { trips: Array<{ scheduleId: string; departsAt: string }> }).trips.find(
      (trip) => trip.scheduleId === yesterday.schedule.id,
    );
    expect(listed?.departsAt).toBe(
      instantInZone(yesterday.schedule.travelDate, '08:00', 'Indian/Maldives').toISOString(),
    );
    // A departure still to come is taken.
    const ahead = await makeSchedule(db, {
      stops: source.stops.map((st) => ({ locationId: st.locationId })),
    });
    const forward = await t.send(
      'GET',
      `/api/admin/trips/${source.schedule.id}/move-preview?to=${ahead.schedule.id}`,
    );
    expect(forward.statusCode, forward.body).toBe(200);
  });

  it('a move racing with new online bookings loses no passenger and double-books no seat', async () => {
    const db = t.database.db;
    const source = await makeSchedule(db);
    const moving = [];
    for (const seat of seatLabels(6)) {
      moving.push(
        await makeTicket(db, {
          schedule: source,
          status: 'confirmed',
          seats: [seat],
          passengerEmail: `race-${seat}-${randomUUID().slice(0, 6)}@example.com`,
        }),
      );
    }
    const small = await makeLaunch(db, { seats: 8 });
    const target = await makeSchedule(db, {
      launchIds: [small.id],
      stops: source.stops.map((s) => ({ locationId: s.locationId, departureTime: s.departureTime })),
    });
    const labels = seatLabels(8);
    const [move, ...online] = await Promise.allSettled([
      t.send('POST', `/api/admin/trips/${source.schedule.id}/move`, {
        to: target.schedule.id,
        reason: 'weather',
      }),
      // Two seats the moving parties sit in, and two they do not: both kinds of contest.
      ...[labels[0], labels[1], labels[6], labels[7]].map((seat) =>
        bookViaApi(t.app, target, { seats: [seat ?? ''] }),
      ),
    ]);
    expect(move.status === 'fulfilled' && move.value.statusCode).toBe(200);
    const plan = move.status === 'fulfilled' ? (move.value.json() as MovePlan) : null;
    const booked = online.filter((o) => o.status === 'fulfilled').length;
    console.log(
      `[disruptions] move racing 4 online bookings (${testDatabaseKind}): ${plan?.moves.length} moved, ` +
        `${plan?.cannotMove.length} cancelled and refunded, ${booked} online bookings won`,
    );

    // Every moving passenger is either on the new departure or cancelled with a refund: none lost.
    const after = await db
      .select()
      .from(tickets)
      .where(
        inArray(
          tickets.id,
          moving.map((m) => m.ticket.id),
        ),
      );
    const onTarget = after.filter(
      (r) => r.scheduleId === target.schedule.id && r.ticketStatus === 'confirmed',
    );
    const cancelledRows = after.filter((r) => r.ticketStatus === 'cancelled_by_operator');
    expect(onTarget.length + cancelledRows.length).toBe(moving.length);
    expect(onTarget.length).toBe(plan?.moves.length);
    expect(cancelledRows.length).toBe(plan?.cannotMove.length);
    const refunds = await db
      .select()
      .from(refundRequests)
      .where(
        inArray(
          refundRequests.ticketId,
          cancelledRows.map((r) => r.id).concat(['00000000-0000-4000-8000-000000000000']),
        ),
      );
    expect(refunds).toHaveLength(cancelledRows.length);

    // No seat twice: the rows held on the new departure are one per seat, within its 8 seats.
    const held = await db.select().from(ticketSeats).where(eq(ticketSeats.scheduleId, target.schedule.id));
    expect(new Set(held.map((h) => h.seatNumber)).size).toBe(held.length);
    expect(held).toHaveLength(onTarget.length + booked);
    expect(held.length).toBeLessThanOrEqual(8);
    for (const r of onTarget) {
      const mine = held.filter((h) => h.ticketId === r.id).map((h) => h.seatNumber);
      expect(mine).toEqual(r.seatNumbers);
    }
  }, 60_000);
});
