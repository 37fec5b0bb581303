import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  bookingChanges,
  mailOutbox,
  refundRequests,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { MANAGE_GRANT_HEADER, MANAGE_LINK_HEADER } from '#shared/manage-api.ts';
import { type MadeSchedule, makeAdmin, makePaymentSettings, makeSchedule } from '#tests/factories.ts';
import { signInAsAdmin } from '#tests/setup/admin-session.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import { bookViaApi } from '#tests/setup/public-booking.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const SLIP = path.resolve(import.meta.dirname, '../../../../tests/files/photo-exif-gps.jpg');

describe(`a passenger manages their own booking (${testDatabaseKind})`, () => {
  let t: TestApp;
  /** Moves the app's clock on, as waiting would. */
  let skewMs = 0;

  beforeAll(async () => {
    t = await createTestApp({
      clock: { now: () => new Date(Date.now() + skewMs) },
      env: {
        RATE_LIMIT_SCALE: '100',
        PUBLIC_URL: 'https://ferry.example',
        EMAIL_VERIFICATIONS_PER_IP_HOUR: '40',
      },
    });
    await makePaymentSettings(t.database.db, { refundPolicy: [{ hoursBefore: 1, percent: 80 }] });
  });
  afterAll(() => t.close());

  /** Two departures of the same route on the same day, and a booking on the first. */
  async function bookedTrip(seats = ['A1']) {
    const first = await makeSchedule(t.database.db, { stops: 2 });
    const stops = first.stops.map((s) => ({ locationId: s.locationId }));
    const second = await makeSchedule(t.database.db, {
      stops,
      launchIds: first.launchIds,
      travelDate: first.schedule.travelDate,
      departureTime: '15:00',
    });
    const booking = await bookViaApi(t.app, first, { seats });
    return { first, second, booking };
  }

  const post = (reference: string, action: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: `/api/bookings/${reference}/manage/${action}`, payload, headers });

  async function latestCode(to: string): Promise<string> {
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text, subject: mailOutbox.subject })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, '%code to change%')))
      .orderBy(desc(mailOutbox.seq))
      .limit(1);
    const code = /\bis (\d{6})\./.exec(mail?.text ?? '')?.[1];
    if (!code) throw new Error(`no manage code mailed to ${to}`);
    return code;
  }

  /** Asks for a code, reads it from the outbox and proves it: a link and a grant. */
  async function prove(reference: string, email: string, ip = '203.0.113.9') {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/code`,
      payload: {},
      remoteAddress: ip,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const res = await post(reference, 'verify', { code: await latestCode(email) });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as { link: string; grant: string };
  }

  const headersOf = (p: { link: string; grant?: string }) => ({
    [MANAGE_LINK_HEADER]: p.link,
    ...(p.grant ? { [MANAGE_GRANT_HEADER]: p.grant } : {}),
  });

  /** The mails to `to` whose subject starts with `subject`. */
  const mailsOf = (to: string, subject: string) =>
    t.database.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, to), like(mailOutbox.subject, `${subject}%`)));

  const ticketOf = async (reference: string) => {
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.paymentReference, reference));
    if (!row) throw new Error('no ticket');
    return row;
  };

  it('asking for a code answers alike for a booking that exists and one that does not, and mails only the real one', async () => {
    const { booking } = await bookedTrip();
    const unknown = 'FT-20990101-ZZZZ';
    const real = await post(booking.reference, 'code', {});
    const fake = await post(unknown, 'code', {});
    expect([real.statusCode, fake.statusCode]).toEqual([202, 202]);
    expect(real.body).toBe(fake.body);
    expect(await latestCode(booking.email)).toMatch(/^\d{6}$/);
    const mailed = await t.database.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.text, `%${unknown}%`));
    expect(mailed).toHaveLength(0);
    // Sent again at once: both wait alike, with the same answer.
    const realAgain = await post(booking.reference, 'code', {});
    const fakeAgain = await post(unknown, 'code', {});
    expect([realAgain.statusCode, fakeAgain.statusCode]).toEqual([429, 429]);
    expect(realAgain.json().error.code).toBe(fakeAgain.json().error.code);
  });

  it('the booking e-mail links to the manage page, and the link opens it again and again without a code', async () => {
    const { booking } = await bookedTrip();
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text, html: mailOutbox.html })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, booking.email), like(mailOutbox.subject, `%${booking.reference}%`)))
      .orderBy(desc(mailOutbox.seq))
      .limit(1);
    const found = new RegExp(
      `https://ferry\\.example/bookings/${booking.reference}/manage\\?k=([^\\s<]+)`,
    ).exec(mail?.text ?? '');
    expect(found, mail?.text).not.toBeNull();
    expect(mail?.html).toContain('/manage?k=');
    const link = decodeURIComponent(found?.[1] ?? '');
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${booking.reference}/manage`,
        headers: { [MANAGE_LINK_HEADER]: link },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    // It reads only: a change with it alone is refused.
    const change = await post(
      booking.reference,
      'cancel',
      { requestId: randomUUID() },
      { [MANAGE_LINK_HEADER]: link },
    );
    expect(change.statusCode).toBe(401);
    expect((await ticketOf(booking.reference)).ticketStatus).toBe('pending');
  });

  it('a wrong code opens nothing, and five wrong tries kill the code', async () => {
    const { booking } = await bookedTrip();
    await post(booking.reference, 'code', {});
    const right = await latestCode(booking.email);
    const wrong = right === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await post(booking.reference, 'verify', { code: wrong });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe('invalid_code');
    }
    const late = await post(booking.reference, 'verify', { code: right });
    expect(late.statusCode).toBe(400);
  });

  it('one client asking codes for many references is stopped', async () => {
    const limit = t.app.deps.config.emailVerificationsPerIpHour;
    const ip = '198.51.100.77';
    const answers: number[] = [];
    for (let i = 0; i <= limit; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/FT-20990101-${String(i).padStart(4, 'A')}/manage/code`,
        payload: {},
        remoteAddress: ip,
      });
      answers.push(res.statusCode);
    }
    expect(answers.slice(0, limit).every((s) => s === 202)).toBe(true);
    expect(answers.at(-1)).toBe(429);
  });

  it('the link reads the booking; a changed link or another booking’s link opens nothing', async () => {
    const { booking } = await bookedTrip();
    const other = await bookedTrip();
    const proved = await prove(booking.reference, booking.email);
    const read = (reference: string, link: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/bookings/${reference}/manage`,
        headers: { [MANAGE_LINK_HEADER]: link },
      });
    const ok = await read(booking.reference, proved.link);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.headers['cache-control']).toBe('private, no-store');
    expect(ok.json()).toMatchObject({
      reference: booking.reference,
      cancel: { allowed: true, percent: 80 },
      rebook: { allowed: true, free: false },
      nameChangeAllowed: true,
    });
    expect(ok.json().emailMasked).toMatch(/^p\*\*\*@example\.com$/);
    const tampered = `${proved.link.slice(0, -2)}xx`;
    expect((await read(booking.reference, tampered)).statusCode).toBe(404);
    expect((await read(other.booking.reference, proved.link)).statusCode).toBe(404);
    expect((await read(booking.reference, '')).statusCode).toBe(404);
  });

  it('a change needs a fresh grant; a retried request answers as the first and changes nothing more', async () => {
    const { booking } = await bookedTrip();
    const proved = await prove(booking.reference, booking.email);
    const requestId = randomUUID();
    const without = await post(
      booking.reference,
      'name',
      { requestId, passengerName: 'Aisha Mohamed' },
      headersOf({ link: proved.link }),
    );
    expect(without.statusCode).toBe(401);
    const before = await ticketOf(booking.reference);
    const first = await post(
      booking.reference,
      'name',
      { requestId, passengerName: 'Aisha Mohamed' },
      headersOf(proved),
    );
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().passengerName).toBe('Aisha Mohamed');
    const retried = await post(
      booking.reference,
      'name',
      { requestId, passengerName: 'Aisha Mohamed' },
      headersOf(proved),
    );
    expect(retried.statusCode, retried.body).toBe(200);
    const after = await ticketOf(booking.reference);
    // The code is re-signed once: the version moved on by one, not two.
    expect(after.eticketVersion).toBe(before.eticketVersion + 1);
    const changes = await t.database.db
      .select()
      .from(bookingChanges)
      .where(eq(bookingChanges.ticketId, after.id));
    expect(changes).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, after.id), eq(auditLog.action, 'passenger_name')));
    expect(audits).toHaveLength(1);
    // The booking's address is told once, with the name and what to do if it did not ask.
    const told = await mailsOf(booking.email, `Name corrected: ${booking.reference}`);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('is now Aisha Mohamed');
    expect(told[0]?.text).toContain('If you did not ask for this change, contact us at once');
    // The grant is spent: a new change needs a new code.
    const again = await post(
      booking.reference,
      'name',
      { requestId: randomUUID(), passengerName: 'Someone Else' },
      headersOf(proved),
    );
    expect(again.statusCode).toBe(401);
    expect((await ticketOf(booking.reference)).passengerName).toBe('Aisha Mohamed');
  });

  it('cancelling gives back the policy’s share, frees the seats and queues the refund, once', async () => {
    const { booking } = await bookedTrip(['A1', 'A2']);
    const ticket = await ticketOf(booking.reference);
    const proved = await prove(booking.reference, booking.email);
    const requestId = randomUUID();
    // A tampered amount in the body changes nothing: the server works the refund out.
    const body = {
      requestId,
      amount: '999.00',
      account: { bankName: 'BML', accountName: 'A Passenger', accountNumber: '7730000012345' },
    };
    const [one, two] = await Promise.all([
      post(booking.reference, 'cancel', body, headersOf(proved)),
      post(booking.reference, 'cancel', body, headersOf(proved)),
    ]);
    expect([one?.statusCode, two?.statusCode]).toEqual([200, 200]);
    const view = one?.json();
    expect(view).toMatchObject({ ticketStatus: 'cancelled_by_passenger', cancel: { allowed: false } });
    const seats = await t.database.db.select().from(ticketSeats).where(eq(ticketSeats.ticketId, ticket.id));
    expect(seats).toHaveLength(0);
    const refunds = await t.database.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.ticketId, ticket.id));
    expect(refunds).toHaveLength(1);
    const expected = ((Number(ticket.totalAmount) * 80) / 100).toFixed(2);
    expect(refunds[0]).toMatchObject({
      reason: 'passenger_cancelled',
      amount: expected,
      percent: 80,
      // The slip was never checked: the office sees the payment is unverified.
      paymentVerified: false,
      accountNumber: '7730000012345',
    });
    expect(view.refunds[0]).toMatchObject({ amount: expected, account: { last4: '2345' } });
    const told = await mailsOf(booking.email, `Booking cancelled: ${booking.reference}`);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain(`Refund due to you: ${expected} ${ticket.currency}.`);
    // The account was given with the cancellation: the mail does not ask for it.
    expect(told[0]?.text).not.toContain('Add the bank account');
  });

  it('rebooks onto another departure of the same route, freeing the old seats and re-signing the code', async () => {
    const { second, booking } = await bookedTrip();
    const before = await ticketOf(booking.reference);
    const proved = await prove(booking.reference, booking.email);
    const res = await post(
      booking.reference,
      'rebook',
      {
        requestId: randomUUID(),
        scheduleId: second.schedule.id,
        travelDate: second.schedule.travelDate,
        launchId: second.launchIds[0],
        seats: ['B2'],
      },
      headersOf(proved),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await ticketOf(booking.reference);
    expect(after).toMatchObject({
      scheduleId: second.schedule.id,
      seatNumbers: ['B2'],
      totalAmount: before.totalAmount,
    });
    expect(after.eticketVersion).toBe(before.eticketVersion + 1);
    const seats = await t.database.db.select().from(ticketSeats).where(eq(ticketSeats.ticketId, after.id));
    expect(seats).toEqual([expect.objectContaining({ scheduleId: second.schedule.id, seatNumber: 'B2' })]);
  });

  it('a retried rebooking, sent twice at once, moves the booking once and answers both alike', async () => {
    const { second, booking } = await bookedTrip();
    const before = await ticketOf(booking.reference);
    const proved = await prove(booking.reference, booking.email);
    const body = {
      requestId: randomUUID(),
      scheduleId: second.schedule.id,
      travelDate: second.schedule.travelDate,
      launchId: second.launchIds[0],
      seats: ['C1'],
    };
    const [one, two] = await Promise.all([
      post(booking.reference, 'rebook', body, headersOf(proved)),
      post(booking.reference, 'rebook', body, headersOf(proved)),
    ]);
    expect([one?.statusCode, two?.statusCode], `${one?.body}\n${two?.body}`).toEqual([200, 200]);
    expect(one?.json()).toEqual(two?.json());
    const after = await ticketOf(booking.reference);
    expect(after).toMatchObject({ scheduleId: second.schedule.id, seatNumbers: ['C1'], rebookCount: 1 });
    expect(after.eticketVersion).toBe(before.eticketVersion + 1);
    const seats = await t.database.db.select().from(ticketSeats).where(eq(ticketSeats.ticketId, after.id));
    expect(seats).toHaveLength(1);
    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, after.id), eq(auditLog.action, 'passenger_rebook')));
    expect(audits).toHaveLength(1);
    // Once more later, as a phone coming back on line would: still the same answer, nothing moved.
    const late = await post(booking.reference, 'rebook', body, headersOf(proved));
    expect(late.statusCode, late.body).toBe(200);
    expect((await ticketOf(booking.reference)).eticketVersion).toBe(after.eticketVersion);
    const told = await mailsOf(booking.email, `Booking changed: ${booking.reference}`);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('Seats: C1');
  });

  it('a retried refund-account request sets the account on every open refund once', async () => {
    const { booking } = await bookedTrip();
    const ticket = await ticketOf(booking.reference);
    const cancelled = await post(
      booking.reference,
      'cancel',
      { requestId: randomUUID() },
      headersOf(await prove(booking.reference, booking.email)),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().refunds[0].account).toBeNull();
    // The next code may be sent a minute after the last.
    skewMs += 61_000;
    const proved = await prove(booking.reference, booking.email);
    const body = {
      requestId: randomUUID(),
      account: { bankName: 'MIB', accountName: 'A Passenger', accountNumber: '90101234567' },
    };
    const first = await post(booking.reference, 'refund-account', body, headersOf(proved));
    const retried = await post(booking.reference, 'refund-account', body, headersOf(proved));
    expect([first.statusCode, retried.statusCode], retried.body).toEqual([200, 200]);
    expect(retried.json()).toEqual(first.json());
    const refunds = await t.database.db
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.ticketId, ticket.id));
    expect(refunds.map((r) => r.accountNumber)).toEqual(['90101234567']);
    const changes = await t.database.db
      .select()
      .from(bookingChanges)
      .where(and(eq(bookingChanges.ticketId, ticket.id), eq(bookingChanges.kind, 'refund_account')));
    expect(changes).toHaveLength(1);
    const asked = await mailsOf(booking.email, `Booking cancelled: ${booking.reference}`);
    expect(asked[0]?.text).toContain('Add the bank account to send it to on your booking page.');
    const told = await mailsOf(booking.email, `Refund account saved: ${booking.reference}`);
    expect(told).toHaveLength(1);
    expect(told[0]?.text).toContain('the account ending 4567 at MIB');
  });

  it('two passengers rebooking onto the same seat at once: one wins, the other is told the seat is taken', async () => {
    const a = await bookedTrip();
    const target: MadeSchedule = a.second;
    const proveA = await prove(a.booking.reference, a.booking.email);
    // A second passenger on the same departure.
    const c = await bookViaApi(t.app, a.first, { seats: ['A2'] });
    const proveC = await prove(c.reference, c.email);
    const rebook = (reference: string, proved: { link: string; grant: string }) =>
      post(
        reference,
        'rebook',
        {
          requestId: randomUUID(),
          scheduleId: target.schedule.id,
          travelDate: target.schedule.travelDate,
          launchId: target.launchIds[0],
          seats: ['B3'],
        },
        headersOf(proved),
      );
    const results = await Promise.all([rebook(a.booking.reference, proveA), rebook(c.reference, proveC)]);
    expect(results.map((r) => r.statusCode).sort(), results.map((r) => r.body).join('\n')).toEqual([
      200, 409,
    ]);
    expect(results.find((r) => r.statusCode === 409)?.json().error.code).toBe('seats_unavailable');
    const held = await t.database.db
      .select()
      .from(ticketSeats)
      .where(and(eq(ticketSeats.scheduleId, target.schedule.id), eq(ticketSeats.seatNumber, 'B3')));
    expect(held).toHaveLength(1);
    // The loser keeps what it had.
    const loser = results[0]?.statusCode === 409 ? a.booking.reference : c.reference;
    expect((await ticketOf(loser)).scheduleId).toBe(a.first.schedule.id);
  });

  it('a dearer departure asks for a slip and goes back to the office; a cheaper one queues the difference', async () => {
    const { second, booking } = await bookedTrip();
    const before = await ticketOf(booking.reference);
    const rebookBody = {
      requestId: randomUUID(),
      scheduleId: second.schedule.id,
      travelDate: second.schedule.travelDate,
      launchId: second.launchIds[0],
      seats: ['A3'],
    };
    try {
      // Prices went up since the booking.
      await makePaymentSettings(t.database.db, {
        refundPolicy: [{ hoursBefore: 1, percent: 80 }],
        localAdultPrice: '500.00',
        foreignerAdultPrice: '50.00',
      });
      const proved = await prove(booking.reference, booking.email);
      const quote = await post(
        booking.reference,
        'rebook-quote',
        { scheduleId: second.schedule.id, travelDate: second.schedule.travelDate },
        headersOf(proved),
      );
      expect(quote.statusCode, quote.body).toBe(200);
      expect(quote.json().needsSlip).toBe(true);
      const noSlip = await post(booking.reference, 'rebook', rebookBody, headersOf(proved));
      expect(noSlip.statusCode).toBe(400);
      expect(noSlip.json().error.code).toBe('slip_required');
      // Refused before anything changed, so the grant is still good.
      const form = await multipartBody(
        { rebook: JSON.stringify(rebookBody) },
        { slip: { body: await readFile(SLIP), type: 'image/jpeg', name: 'slip.jpg' } },
      );
      const paid = await t.app.inject({
        method: 'POST',
        url: `/api/bookings/${booking.reference}/manage/rebook`,
        payload: form.payload,
        headers: { ...form.headers, ...headersOf(proved) },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const after = await ticketOf(booking.reference);
      expect(after).toMatchObject({
        ticketStatus: 'pending',
        paymentStatus: 'pending',
        scheduleId: second.schedule.id,
      });
      expect(after.extraAmount).toBe(quote.json().difference);
      expect(after.extraSlipKey).toMatch(/^payment-slips\//);
      // Both payments are kept, and the office reviews both slips.
      expect(after.paymentSlipKey).toBe(before.paymentSlipKey);
      const office = await signInAsAdmin(t.app, {
        admin: await makeAdmin(t.database.db, { role: 'office' }),
      });
      const seen = await t.app.inject({
        method: 'GET',
        url: `/api/admin/tickets/${after.id}`,
        headers: { cookie: office.cookie },
      });
      expect(seen.json()).toMatchObject({
        totalAmount: after.totalAmount,
        extraPayment: { amount: quote.json().difference, hasSlip: true },
      });
      for (const url of [
        `/api/admin/tickets/${after.id}/slip`,
        `/api/admin/tickets/${after.id}/extra-slip`,
      ]) {
        const slip = await t.app.inject({ method: 'GET', url, headers: { cookie: office.cookie } });
        expect(slip.statusCode, url).toBe(200);
        expect(slip.headers['content-type']).toBe('image/webp');
      }
      // Crew may not see slips.
      const crew = await signInAsAdmin(t.app, { admin: await makeAdmin(t.database.db, { role: 'crew' }) });
      const refused = await t.app.inject({
        method: 'GET',
        url: `/api/admin/tickets/${after.id}/extra-slip`,
        headers: { cookie: crew.cookie },
      });
      expect(refused.statusCode).toBe(403);
    } finally {
      await makePaymentSettings(t.database.db, { refundPolicy: [{ hoursBefore: 1, percent: 80 }] });
    }
  });

  it('a cheaper departure queues the difference for refund', async () => {
    const { second, booking } = await bookedTrip();
    try {
      await makePaymentSettings(t.database.db, {
        refundPolicy: [{ hoursBefore: 1, percent: 80 }],
        localAdultPrice: '1.00',
        foreignerAdultPrice: '1.00',
      });
      const proved = await prove(booking.reference, booking.email);
      const res = await post(
        booking.reference,
        'rebook',
        {
          requestId: randomUUID(),
          scheduleId: second.schedule.id,
          travelDate: second.schedule.travelDate,
          launchId: second.launchIds[0],
          seats: ['B1'],
        },
        headersOf(proved),
      );
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().refunds).toEqual([
        expect.objectContaining({ reason: 'cheaper_rebooking', status: 'requested' }),
      ]);
    } finally {
      await makePaymentSettings(t.database.db, { refundPolicy: [{ hoursBefore: 1, percent: 80 }] });
    }
  });
});
