import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { and, desc, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  bookingChanges,
  fareCategories,
  mailOutbox,
  refundRequests,
  ticketSeats,
} from '#server/db/schema.ts';
import { closeBoarding } from '#server/services/close-boarding.ts';
import { MANAGE_GRANT_HEADER, MANAGE_LINK_HEADER } from '#shared/manage-api.ts';
import {
  type MadeSchedule,
  makeAdmin,
  makePaymentSettings,
  makeSchedule,
  makeTicket,
  uniqueSuffix,
} from '#tests/factories.ts';
import { type StaffSession, signInAs } from '#tests/setup/admin-app.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import {
  bookViaApi,
  mailedManageCode,
  postBooking,
  ticketByReference,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const SLIP = path.resolve(import.meta.dirname, '../../../../tests/files/photo-exif-gps.jpg');

describe(`a passenger manages their own booking (${testDatabaseKind})`, () => {
  /** Moves the app's clock on, as waiting would. */
  let skewMs = 0;

  const t = useTestApp(
    {
      clock: { now: () => new Date(Date.now() + skewMs) },
      env: {
        RATE_LIMIT_SCALE: '100',
        PUBLIC_URL: 'https://ferry.example',
        EMAIL_VERIFICATIONS_PER_IP_HOUR: '40',
      },
    },
    async () => {
      await makePaymentSettings(t.database.db, { refundPolicy: [{ hoursBefore: 1, percent: 80 }] });
    },
  );

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
  /** A request, with a fresh id, that gives A Passenger's refund account at `bankName`. */
  const withAccount = (bankName: string, accountNumber: string) => ({
    requestId: randomUUID(),
    account: { bankName, accountName: 'A Passenger', accountNumber },
  });
  /** A rebooking onto `to`'s departure, with a fresh request id. */
  const rebookBody = (to: MadeSchedule, seats: string[]) => ({
    requestId: randomUUID(),
    scheduleId: to.schedule.id,
    travelDate: to.schedule.travelDate,
    launchId: to.launchIds[0] ?? '',
    seats,
  });

  async function latestCode(to: string): Promise<string> {
    const code = await mailedManageCode(t.app, to);
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

  const ticketOf = (reference: string) => ticketByReference(t.app, reference);

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

  it('the answer to a booking carries its manage page, whose link reads only', async () => {
    const { booking } = await bookedTrip();
    const path = booking.managePath ?? '';
    const found = new RegExp(`^/bookings/${booking.reference}/manage\\?k=([^&]+)$`).exec(path);
    expect(found, path).not.toBeNull();
    const link = decodeURIComponent(found?.[1] ?? '');
    const view = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${booking.reference}/manage`,
      headers: { [MANAGE_LINK_HEADER]: link },
    });
    expect(view.statusCode, view.body).toBe(200);
    // Another booking's page does not open with it, and a change with it alone is refused.
    const other = await bookedTrip(['A2']);
    const wrong = await t.app.inject({
      method: 'GET',
      url: `/api/bookings/${other.booking.reference}/manage`,
      headers: { [MANAGE_LINK_HEADER]: link },
    });
    expect(wrong.statusCode).not.toBe(200);
    const change = await post(
      booking.reference,
      'cancel',
      { requestId: randomUUID() },
      { [MANAGE_LINK_HEADER]: link },
    );
    expect(change.statusCode).toBe(401);
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
    const res = await post(booking.reference, 'rebook', rebookBody(second, ['B2']), headersOf(proved));
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

  it('rebooks a party with a concession that takes a seat onto as many seats as it holds (decision 036)', async () => {
    await t.database.db
      .insert(fareCategories)
      .values({
        code: 'senior',
        nameEn: 'Senior',
        nameDv: 'މުސްކުޅި މީހާ',
        priceRule: 'free',
        seat: true,
        idRequired: true,
      })
      .onConflictDoNothing();
    const { first, second } = await bookedTrip();
    const email = `m-${uniqueSuffix()}@example.com`;
    const request = tripBookingRequest(first, {
      seats: ['A2', 'A3'],
      email,
      verificationToken: await verifiedToken(t.app, email),
    });
    const booked = await postBooking(t.app, {
      ...request,
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'senior', quantity: 1 },
      ],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const { reference } = booked.json();
    const before = await ticketOf(reference);
    const proved = await prove(reference, email);
    const one = await post(reference, 'rebook', rebookBody(second, ['B1']), headersOf(proved));
    expect(one.statusCode).toBe(400);
    const res = await post(reference, 'rebook', rebookBody(second, ['B1', 'B2']), headersOf(proved));
    expect(res.statusCode, res.body).toBe(200);
    const after = await ticketOf(reference);
    expect(after).toMatchObject({ seatNumbers: ['B1', 'B2'], totalAmount: before.totalAmount });
    expect(after.ticketBreakdown).toEqual(before.ticketBreakdown);
  });

  it('a retried rebooking, sent twice at once, moves the booking once and answers both alike', async () => {
    const { second, booking } = await bookedTrip();
    const before = await ticketOf(booking.reference);
    const proved = await prove(booking.reference, booking.email);
    const body = rebookBody(second, ['C1']);
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
    const body = withAccount('MIB', '90101234567');
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
      post(reference, 'rebook', rebookBody(target, ['B3']), headersOf(proved));
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
    const body = rebookBody(second, ['A3']);
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
      const noSlip = await post(booking.reference, 'rebook', body, headersOf(proved));
      expect(noSlip.statusCode).toBe(400);
      expect(noSlip.json().error.code).toBe('slip_required');
      // Refused before anything changed, so the grant is still good.
      const form = await multipartBody(
        { rebook: JSON.stringify(body) },
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
      const office = await signInAs(t.app, 'office');
      const seen = await office.get(`/api/admin/tickets/${after.id}`);
      expect(seen.json()).toMatchObject({
        totalAmount: after.totalAmount,
        extraPayment: { amount: quote.json().difference, hasSlip: true },
      });
      for (const url of [
        `/api/admin/tickets/${after.id}/slip`,
        `/api/admin/tickets/${after.id}/extra-slip`,
      ]) {
        const slip = await office.get(url);
        expect(slip.statusCode, url).toBe(200);
        expect(slip.headers['content-type']).toBe('image/webp');
      }
      // Crew may not see slips.
      const crew = await signInAs(t.app, 'crew');
      const refused = await crew.get(`/api/admin/tickets/${after.id}/extra-slip`);
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
      const res = await post(booking.reference, 'rebook', rebookBody(second, ['B1']), headersOf(proved));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().refunds).toEqual([
        expect.objectContaining({ reason: 'cheaper_rebooking', status: 'requested' }),
      ]);
    } finally {
      await makePaymentSettings(t.database.db, { refundPolicy: [{ hoursBefore: 1, percent: 80 }] });
    }
  });

  // --- Second payments, the office's decisions, limits and retries -------------------------

  const POLICY = [{ hoursBefore: 1, percent: 80 }];
  /** Prices went up since the booking: every rebooking costs more. */
  const raisePrices = (localAdultPrice = '500.00') =>
    makePaymentSettings(t.database.db, {
      refundPolicy: POLICY,
      localAdultPrice,
      foreignerAdultPrice: '50.00',
    });
  const resetPrices = () => makePaymentSettings(t.database.db, { refundPolicy: POLICY });

  let office: StaffSession | undefined;
  /** An Office member's request. */
  async function asOffice(method: 'GET' | 'POST', url: string, payload?: object) {
    office ??= await signInAs(t.app, 'office');
    return office.send(method, url, payload);
  }

  /** A rebooking sent as the page sends a dearer one: multipart, with the slip. */
  async function rebookWithSlip(reference: string, body: object, headers: Record<string, string>) {
    const form = await multipartBody(
      { rebook: JSON.stringify(body) },
      { slip: { body: await readFile(SLIP), type: 'image/jpeg', name: 'slip.jpg' } },
    );
    return t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/rebook`,
      payload: form.payload,
      headers: { ...form.headers, ...headers },
    });
  }

  const refundsOf = (ticketId: string) =>
    t.database.db.select().from(refundRequests).where(eq(refundRequests.ticketId, ticketId));

  /** The next code for the same booking may be sent a minute after the last. */
  const waitForNextCode = () => {
    skewMs += 61_000;
  };

  /**
   * A booking (approved by the office first when `approved`) rebooked onto a dearer departure
   * with a slip for the difference. Prices stay raised: the caller resets them.
   */
  async function rebookedDearer(opts: { approved: boolean }) {
    await resetPrices();
    const trip = await bookedTrip();
    const before = await ticketOf(trip.booking.reference);
    if (opts.approved) {
      const approved = await asOffice('POST', `/api/admin/tickets/${before.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
    }
    await raisePrices();
    const proved = await prove(trip.booking.reference, trip.booking.email);
    const res = await rebookWithSlip(
      trip.booking.reference,
      rebookBody(trip.second, ['C2']),
      headersOf(proved),
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await ticketOf(trip.booking.reference);
    expect(after).toMatchObject({
      ticketStatus: 'pending',
      paymentStatus: 'pending',
      firstPaymentAmount: before.totalAmount,
      firstPaymentVerified: opts.approved,
    });
    return { ...trip, before, after, proved };
  }

  it('a retried dearer rebooking, sent twice as multipart, changes once and keeps one second slip', async () => {
    const { second, booking } = await bookedTrip();
    const before = await ticketOf(booking.reference);
    try {
      await raisePrices();
      const proved = await prove(booking.reference, booking.email);
      const body = rebookBody(second, ['C3']);
      const [one, two] = await Promise.all([
        rebookWithSlip(booking.reference, body, headersOf(proved)),
        rebookWithSlip(booking.reference, body, headersOf(proved)),
      ]);
      expect([one.statusCode, two.statusCode], `${one.body}\n${two.body}`).toEqual([200, 200]);
      expect(one.json()).toEqual(two.json());
      const late = await rebookWithSlip(booking.reference, body, headersOf(proved));
      expect(late.statusCode, late.body).toBe(200);

      const after = await ticketOf(booking.reference);
      expect(after).toMatchObject({ scheduleId: second.schedule.id, rebookCount: 1, seatNumbers: ['C3'] });
      expect(after.eticketVersion).toBe(before.eticketVersion + 1);
      expect(after.extraAmount).toBe(one.json().extraAmount);
      // The booking's own slip and one second slip: the retries stored none, or removed theirs.
      const stored: string[] = [];
      for await (const object of t.storage.list(`payment-slips/${booking.reference}/`, 'private')) {
        stored.push(object.key);
      }
      expect(stored.sort()).toEqual([before.paymentSlipKey, after.extraSlipKey].sort());
      const told = await mailsOf(booking.email, `Booking changed: ${booking.reference}`);
      expect(told).toHaveLength(1);
    } finally {
      await resetPrices();
    }
  });

  it('the office rejecting the second payment cancels the booking and queues the verified first payment back in full', async () => {
    try {
      const { booking, before, after } = await rebookedDearer({ approved: true });
      const rejected = await asOffice('POST', `/api/admin/tickets/${after.id}/reject`, {
        remarks: 'The second slip shows another amount',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
      const now = await ticketOf(booking.reference);
      expect(now).toMatchObject({ ticketStatus: 'cancelled', paymentStatus: 'failed' });
      expect(await refundsOf(now.id)).toEqual([
        expect.objectContaining({
          reason: 'rejected_extra_payment',
          amount: before.totalAmount,
          paymentVerified: true,
          percent: null,
          status: 'requested',
        }),
      ]);
      // The queue lists it with its own label, and the passenger is told and shown it.
      const queue = await asOffice('GET', '/api/admin/refunds');
      expect(
        (queue.json() as { refunds: { ticketId: string; reason: string }[] }).refunds.find(
          (r) => r.ticketId === now.id,
        ),
      ).toMatchObject({ reason: 'rejected_extra_payment', amount: before.totalAmount, hasExtraSlip: true });
      const csv = await asOffice('GET', '/api/admin/refunds.csv');
      expect(csv.body.split('\r\n').find((l) => l.startsWith(`${booking.reference},`))).toContain(
        `,Rebooking payment rejected,${before.totalAmount},`,
      );
      const [mail] = await mailsOf(booking.email, `Booking rejected: ${booking.reference}`);
      expect(mail?.text).toContain(
        `Your first payment, ${before.totalAmount} ${before.currency}, comes back to you in full`,
      );
      expect(mail?.text).toContain(`/bookings/${booking.reference}/manage?k=`);
      waitForNextCode();
      const proved = await prove(booking.reference, booking.email);
      const view = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${booking.reference}/manage`,
        headers: headersOf({ link: proved.link }),
      });
      expect(view.json().refunds).toEqual([
        expect.objectContaining({
          reason: 'rejected_extra_payment',
          amount: before.totalAmount,
          account: null,
        }),
      ]);

      // A first payment the office had not verified is rejected with the second: nothing is owed.
      const unverified = await rebookedDearer({ approved: false });
      const alsoRejected = await asOffice('POST', `/api/admin/tickets/${unverified.after.id}/reject`, {});
      expect(alsoRejected.statusCode, alsoRejected.body).toBe(200);
      expect(await refundsOf(unverified.after.id)).toEqual([]);
    } finally {
      await resetPrices();
    }
  });

  it('a passenger cancelling while the second payment waits is owed the policy share of each payment, flagged as it is', async () => {
    try {
      const { booking, before, after } = await rebookedDearer({ approved: true });
      waitForNextCode();
      const proved = await prove(booking.reference, booking.email);
      const res = await post(booking.reference, 'cancel', { requestId: randomUUID() }, headersOf(proved));
      expect(res.statusCode, res.body).toBe(200);
      const cents = (amount: string) => Math.round(Number(amount) * 100);
      const share = (amount: string) => Math.round((cents(amount) * 80) / 100);
      const verified = share(before.totalAmount);
      const whole = share(after.totalAmount);
      const refunds = await refundsOf(after.id);
      expect(
        refunds
          .map((r) => ({ verified: r.paymentVerified, cents: cents(r.amount), percent: r.percent }))
          .sort((a, b) => Number(b.verified) - Number(a.verified)),
      ).toEqual([
        { verified: true, cents: verified, percent: 80 },
        { verified: false, cents: whole - verified, percent: 80 },
      ]);
      expect(res.json().refunds).toHaveLength(2);
      expect(res.json().cancel.amount).toBe((whole / 100).toFixed(2));
    } finally {
      await resetPrices();
    }
  });

  it('an operator cancellation while the second payment waits owes each payment apart; a free rebooking withdraws both and keeps the second payment under review', async () => {
    try {
      const { booking, before, after, first, second } = await rebookedDearer({ approved: true });
      const cancelled = await asOffice('POST', `/api/admin/trips/${second.schedule.id}/cancel`, {
        reason: 'weather',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      const owed = await refundsOf(after.id);
      expect(owed.map((r) => [r.reason, r.paymentVerified, r.amount]).sort()).toEqual(
        [
          ['operator_cancelled', false, after.extraAmount],
          ['operator_cancelled', true, before.totalAmount],
        ].sort(),
      );
      // The free rebooking is open although the second payment still waits.
      waitForNextCode();
      const proved = await prove(booking.reference, booking.email);
      const third = await makeSchedule(t.database.db, {
        stops: first.stops.map((s) => ({ locationId: s.locationId })),
        launchIds: first.launchIds,
        travelDate: first.schedule.travelDate,
        departureTime: '18:00',
      });
      const res = await post(booking.reference, 'rebook', rebookBody(third, ['B4']), headersOf(proved));
      expect(res.statusCode, res.body).toBe(200);
      expect(await refundsOf(after.id)).toEqual([]);
      expect(await ticketOf(booking.reference)).toMatchObject({
        scheduleId: third.schedule.id,
        ticketStatus: 'pending',
        totalAmount: after.totalAmount,
        extraAmount: after.extraAmount,
        extraSlipKey: after.extraSlipKey,
      });
    } finally {
      await resetPrices();
    }
  });

  it('while the second payment is under review the booking is not rebooked again; after approval a second dearer rebooking is refused and a same-price one goes through', async () => {
    try {
      const { booking, first, second, after } = await rebookedDearer({ approved: false });
      waitForNextCode();
      const proved = await prove(booking.reference, booking.email);
      const view = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${booking.reference}/manage`,
        headers: headersOf(proved),
      });
      expect(view.json()).toMatchObject({ extraAmount: after.extraAmount, rebook: { allowed: false } });
      const quote = { scheduleId: first.schedule.id, travelDate: first.schedule.travelDate };
      const waitingQuote = await post(booking.reference, 'rebook-quote', quote, headersOf(proved));
      expect(waitingQuote.statusCode).toBe(409);
      expect(waitingQuote.json().error.code).toBe('extra_payment_under_review');
      const waiting = await post(booking.reference, 'rebook', rebookBody(first, ['A4']), headersOf(proved));
      expect(waiting.statusCode).toBe(409);
      expect(waiting.json().error).toEqual({
        code: 'extra_payment_under_review',
        message:
          'The office is still checking your payment for the last change. You can change the departure again once they have.',
      });

      const approved = await asOffice('POST', `/api/admin/tickets/${after.id}/approve`);
      expect(approved.statusCode, approved.body).toBe(200);
      // Dearer again: refused, before and when sent (the grant was not spent by the refusals).
      await raisePrices('900.00');
      const dearerQuote = await post(booking.reference, 'rebook-quote', quote, headersOf(proved));
      expect(dearerQuote.statusCode).toBe(409);
      expect(dearerQuote.json().error.code).toBe('extra_payment_again');
      const dearer = await rebookWithSlip(booking.reference, rebookBody(first, ['A4']), headersOf(proved));
      expect(dearer.statusCode).toBe(409);
      expect(dearer.json().error.code).toBe('extra_payment_again');
      expect(await ticketOf(booking.reference)).toMatchObject({
        scheduleId: second.schedule.id,
        extraSlipKey: after.extraSlipKey,
        extraAmount: after.extraAmount,
      });
      // At the price it was paid at, it moves, both payments kept.
      await raisePrices();
      const same = await post(booking.reference, 'rebook', rebookBody(first, ['A4']), headersOf(proved));
      expect(same.statusCode, same.body).toBe(200);
      expect(await ticketOf(booking.reference)).toMatchObject({
        scheduleId: first.schedule.id,
        ticketStatus: 'confirmed',
        extraSlipKey: after.extraSlipKey,
        firstPaymentAmount: after.firstPaymentAmount,
      });
    } finally {
      await resetPrices();
    }
  });

  it('after the operator cancelled the departure, rebooking is free of charge and of policy, and the operator’s refund is withdrawn', async () => {
    const { second, booking } = await bookedTrip();
    const before = await ticketOf(booking.reference);
    try {
      expect((await asOffice('POST', `/api/admin/tickets/${before.id}/approve`)).statusCode).toBe(200);
      const cancelled = await asOffice('POST', `/api/admin/trips/${before.scheduleId}/cancel`, {
        reason: 'technical',
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
      expect(await refundsOf(before.id)).toEqual([
        expect.objectContaining({ reason: 'operator_cancelled', amount: before.totalAmount }),
      ]);
      // Prices went up meanwhile: the passenger pays nothing more all the same.
      await raisePrices();
      const proved = await prove(booking.reference, booking.email);
      const opened = await t.app.inject({
        method: 'GET',
        url: `/api/bookings/${booking.reference}/manage`,
        headers: headersOf(proved),
      });
      expect(opened.json()).toMatchObject({ rebook: { allowed: true, free: true } });
      const quote = await post(
        booking.reference,
        'rebook-quote',
        { scheduleId: second.schedule.id, travelDate: second.schedule.travelDate },
        headersOf(proved),
      );
      expect(quote.json()).toMatchObject({ difference: '0.00', needsSlip: false });
      const res = await post(booking.reference, 'rebook', rebookBody(second, ['C4']), headersOf(proved));
      expect(res.statusCode, res.body).toBe(200);
      expect(await ticketOf(booking.reference)).toMatchObject({
        scheduleId: second.schedule.id,
        ticketStatus: 'confirmed',
        paymentStatus: 'completed',
        totalAmount: before.totalAmount,
        extraAmount: null,
      });
      expect(await refundsOf(before.id)).toEqual([]);
    } finally {
      await resetPrices();
    }
  });

  it('the name is refused once boarding has closed at the passenger’s own stop, not before', async () => {
    const trip = await makeSchedule(t.database.db, { stops: 3 });
    // Boarding at the middle stop, its slip never checked (so the closings mark nothing).
    const made = await makeTicket(t.database.db, {
      schedule: trip,
      status: 'pending',
      originId: trip.stops[1]?.locationId ?? null,
    });
    const { passengerEmail: email, paymentReference: reference } = made.ticket;
    const crew = await makeAdmin(t.database.db, { role: 'crew' });
    const close = (stop: number) =>
      closeBoarding({
        db: t.database.db,
        scheduleId: trip.schedule.id,
        stop,
        crew: stop === 0 ? 3 : undefined,
        actor: { id: crew.id, name: crew.username },
        now: new Date(),
      });
    const proved = await prove(reference, email);
    const read = async () =>
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/bookings/${reference}/manage`,
          headers: headersOf(proved),
        })
      ).json();
    await close(0);
    expect((await read()).nameChangeAllowed).toBe(true);
    await close(1);
    expect((await read()).nameChangeAllowed).toBe(false);
    const res = await post(
      reference,
      'name',
      { requestId: randomUUID(), passengerName: 'Someone Else' },
      headersOf(proved),
    );
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'manage_not_allowed',
      message: 'The name can no longer be changed here: boarding has closed.',
    });
    expect((await ticketOf(reference)).passengerName).toBe(made.ticket.passengerName);
  });

  it('a manage link opens its booking for 60 days and not after', async () => {
    const { booking } = await bookedTrip();
    const { link } = await prove(booking.reference, booking.email);
    const read = () =>
      t.app.inject({
        method: 'GET',
        url: `/api/bookings/${booking.reference}/manage`,
        headers: { [MANAGE_LINK_HEADER]: link },
      });
    const DAY_MS = 24 * 60 * 60 * 1000;
    const start = skewMs;
    try {
      skewMs = start + 59 * DAY_MS;
      expect((await read()).statusCode).toBe(200);
      skewMs = start + 60 * DAY_MS + 60_000;
      const late = await read();
      expect(late.statusCode).toBe(404);
      expect(late.json().error.code).toBe('manage_link_invalid');
    } finally {
      skewMs = start;
    }
  });

  it('a reference gets 3 codes an hour, however long it waits between them, and an unknown one is answered alike', async () => {
    const { booking } = await bookedTrip();
    const unknown = 'FT-20990101-LMTS';
    const ip = '192.0.2.33';
    const ask = (reference: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${reference}/manage/code`,
        payload: {},
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) {
      const [real, fake] = [await ask(booking.reference), await ask(unknown)];
      expect([real.statusCode, fake.statusCode]).toEqual([202, 202]);
      waitForNextCode();
    }
    const [real, fake] = [await ask(booking.reference), await ask(unknown)];
    expect([real.statusCode, fake.statusCode]).toEqual([429, 429]);
    expect(real.json().error.code).toBe('otp_max_attempts');
    expect(real.body).toBe(fake.body);
    const mailed = await mailsOf(booking.email, 'Your code to change');
    expect(mailed).toHaveLength(3);
  });

  it('the same code sent again after its answer was lost answers with a renewed grant, good for one change', async () => {
    const { booking } = await bookedTrip();
    const sent = await post(booking.reference, 'code', {});
    expect(sent.statusCode).toBe(202);
    const code = await latestCode(booking.email);
    const lost = await post(booking.reference, 'verify', { code });
    expect(lost.statusCode, lost.body).toBe(200);
    const again = await post(booking.reference, 'verify', { code });
    expect(again.statusCode, again.body).toBe(200);
    const renewed = again.json() as { link: string; grant: string };
    expect(renewed.grant).not.toBe(lost.json().grant);
    // The lost grant no longer changes anything; the renewed one changes once.
    const rename = (grant: string, passengerName: string) =>
      post(
        booking.reference,
        'name',
        { requestId: randomUUID(), passengerName },
        headersOf({ link: renewed.link, grant }),
      );
    expect((await rename(lost.json().grant, 'Lost Grant')).statusCode).toBe(401);
    expect((await rename(renewed.grant, 'Aminath Saeed')).statusCode).toBe(200);
    expect((await rename(renewed.grant, 'Twice Over')).statusCode).toBe(401);
    // Spent: the code answers no more.
    const late = await post(booking.reference, 'verify', { code });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.code).toBe('invalid_code');
    expect((await ticketOf(booking.reference)).passengerName).toBe('Aminath Saeed');
  });

  it('a new refund account is audited with the one it replaced (bank and last four digits)', async () => {
    const { booking } = await bookedTrip();
    const cancelled = await post(
      booking.reference,
      'cancel',
      withAccount('BML', '7730000055555'),
      headersOf(await prove(booking.reference, booking.email)),
    );
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    waitForNextCode();
    const res = await post(
      booking.reference,
      'refund-account',
      withAccount('MIB', '90101239876'),
      headersOf(await prove(booking.reference, booking.email)),
    );
    expect(res.statusCode, res.body).toBe(200);
    const ticket = await ticketOf(booking.reference);
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, ticket.id), eq(auditLog.action, 'passenger_refund_account')));
    expect(audit?.before).toEqual({ bankName: 'BML', last4: '5555' });
    expect(audit?.after).toMatchObject({ bankName: 'MIB', last4: '9876' });
    expect(JSON.stringify(audit)).not.toContain('7730000055555');
  });
});
