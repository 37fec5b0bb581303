import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  auditLog,
  cardPayments,
  mailOutbox,
  refundRequests,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { addDays, dateInZone } from '#server/lib/clock.ts';
import { bmlSignature } from '#server/lib/payments/bml-connect.ts';
import { testGateway } from '#server/lib/payments/test-gateway.ts';
import { GatewayError } from '#server/lib/payments/types.ts';
import { RATE_LIMITS } from '#server/lib/rate-limit.ts';
import { sweepCardPayments } from '#server/services/sweep-card-payments.ts';
import type { CardPaymentView } from '#shared/card-payments.ts';
import type { Refund } from '#shared/disruptions.ts';
import type { BookingCreated, BookingRequest } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makePaymentSettings,
  makeRefundRequest,
  makeSchedule,
  uniqueSuffix,
} from '#tests/factories.ts';
import { signInAs } from '#tests/setup/admin-app.ts';
import { outboxRows } from '#tests/setup/outbox.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  postBooking,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * Card payments online (docs/decisions/042) against the built-in test gateway: its Pay and
 * Decline post our callback as BML Connect does, signed, into this app; behind the callback
 * everything is the code production runs.
 */

const KEY = 'test-gateway-key-for-these-tests';

describe(`card payments on the test gateway (${testDatabaseKind})`, () => {
  let current = new Date();
  const clock = { now: () => current };
  const later = (ms: number) => {
    current = new Date(current.getTime() + ms);
  };
  /** Whether the gateway's callbacks reach us (a lost callback: the return page asks instead). */
  let callbacksArrive = true;
  const gateway = testGateway({
    pageBase: 'http://localhost:3000',
    key: KEY,
    fetch: async (url, init) => {
      if (!callbacksArrive) throw new Error('the callback was lost on the way');
      const res = await t.app.inject({
        method: 'POST',
        url: new URL(String(url)).pathname,
        headers: init?.headers as Record<string, string>,
        payload: String(init?.body ?? ''),
      });
      return new Response(res.body, { status: res.statusCode });
    },
  });

  /** Whether the gateway refuses refunds (it is down, say). */
  let refundsFail = false;
  const provider = {
    ...gateway,
    refund: async (transactionId: string, amountMinor: number) => {
      if (refundsFail) throw new GatewayError('Refunds are unavailable right now', 503);
      if (!gateway.refund) throw new Error('the test gateway refunds');
      return gateway.refund(transactionId, amountMinor);
    },
  };

  const t = useTestApp(
    {
      clock,
      payments: provider,
      env: {
        RATE_LIMIT_SCALE: '100',
        PENDING_BOOKINGS_PER_EMAIL: '1',
        ...MANY_HOLDS_PER_ADDRESS,
        ...MANY_VERIFICATIONS_PER_ADDRESS,
      },
    },
    async () => {
      await makePaymentSettings(t.database.db);
    },
  );
  const db = () => t.database.db;
  const tz = () => t.app.deps.config.tzOperator;
  const holdMs = () => t.app.deps.config.seatHoldSeconds * 1000;
  const sweep = () => sweepCardPayments({ db: db(), clock, provider: gateway, tzOperator: tz() });

  async function departure(daysAhead = 5) {
    return makeSchedule(db(), { travelDate: addDays(dateInZone(current, tz()), daysAhead) });
  }

  async function request(trip: MadeSchedule, seats: string[], email?: string) {
    const address = email ?? `card-${uniqueSuffix()}@example.com`;
    return tripBookingRequest(trip, {
      seats,
      email: address,
      verificationToken: await verifiedToken(t.app, address),
    });
  }

  /** POST /api/bookings as the wizard sends a card booking: no `slip` part. */
  const bookByCard = (booking: BookingRequest, opts: { language?: string } = {}) =>
    postBooking(t.app, { ...booking, paymentMethod: 'card' }, { slip: null, ...opts });

  async function booked(trip: MadeSchedule, seats: string[], language?: string) {
    const res = await bookByCard(await request(trip, seats), language ? { language } : {});
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<BookingCreated & { payment: { localId: string; redirectUrl: string } }>();
    const transactionId = decodeURIComponent(body.payment.redirectUrl.split('/test-gateway/')[1] ?? '');
    return { ...body, transactionId };
  }

  const view = async (localId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/${localId}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<CardPaymentView>();
  };
  const rows = (reference: string) =>
    db().select().from(tickets).where(eq(tickets.paymentReference, reference)).orderBy(tickets.journey);
  const seatsOf = async (reference: string) => {
    const [row] = await rows(reference);
    return row ? db().select().from(ticketSeats).where(eq(ticketSeats.ticketId, row.id)) : [];
  };
  const audits = (action: string) => db().select().from(auditLog).where(eq(auditLog.action, action));
  const mailsTo = async (to: string) =>
    (await outboxRows(t.app, eq(mailOutbox.to, to))).filter((m) => !m.subject.startsWith('Your '));

  it('lists card among the payment methods, and sends a card booking to the gateway with the server’s total', async () => {
    const settings = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(settings.json().paymentMethods).toEqual(['bank_transfer', 'card']);

    const trip = await departure();
    const b = await booked(trip, ['A1', 'A2']);
    expect(b.ticketStatus).toBe('awaiting_card');
    expect(b.payment.redirectUrl).toMatch(/^http:\/\/localhost:3000\/test-gateway\//);
    const opened = gateway.find(b.transactionId);
    const [row] = await rows(b.reference);
    // The amount the gateway asks is the booking's own, in minor units.
    expect(opened?.amountMinor).toBe(Math.round(Number(row?.totalAmount) * 100));
    expect(opened?.currency).toBe(row?.currency);
    expect(opened?.returnUrl).toBe(`${t.app.deps.config.linkBase}/payment/${b.payment.localId}`);
    expect(row?.paymentMethod).toBe('Card Online');
    expect(row?.paymentDueAt?.getTime()).toBe(current.getTime() + holdMs());
    // Its seats are held, and the passenger has no mail yet: the e-ticket comes when paid.
    expect(await seatsOf(b.reference)).toHaveLength(2);
    expect(await view(b.payment.localId)).toMatchObject({
      state: 'open',
      seatsHeld: true,
      eTicketPath: null,
    });
  });

  it('a browser-sent amount is ignored: the total is the fares’', async () => {
    const trip = await departure();
    const booking = await request(trip, ['A1']);
    const res = await bookByCard({ ...booking, totalAmount: '0.01', amount: 1 } as BookingRequest);
    expect(res.statusCode).toBe(201);
    const b = res.json<BookingCreated & { payment: { redirectUrl: string } }>();
    const opened = gateway.find(decodeURIComponent(b.payment.redirectUrl.split('/test-gateway/')[1] ?? ''));
    expect(opened?.amountMinor).toBe(Math.round(Number(b.totalAmount) * 100));
    expect(opened?.amountMinor).toBeGreaterThan(1);
  });

  it('a card booking is not in the office’s pending tab, nor counted against the e-mail’s pending bookings', async () => {
    const trip = await departure();
    const email = `card-${uniqueSuffix()}@example.com`;
    // PENDING_BOOKINGS_PER_EMAIL is 1 here: two card bookings from one e-mail still go through.
    const first = await bookByCard(await request(trip, ['A3'], email));
    later(61_000);
    const second = await bookByCard(await request(trip, ['A4'], email));
    expect(first.statusCode, first.body).toBe(201);
    expect(second.statusCode, second.body).toBe(201);
    const staff = await signInAs(t.app, 'office');
    const pending = await staff.get(`/api/admin/tickets?status=pending&email=${encodeURIComponent(email)}`);
    expect(pending.statusCode).toBe(200);
    expect(pending.json().tickets).toHaveLength(0);
  });

  it('paid: confirmed at once, the e-ticket mailed in the passenger’s language; paid twice is one booking', async () => {
    const trip = await departure();
    const b = await booked(trip, ['B1'], 'dv');
    expect(await gateway.decide(b.transactionId, 'paid', current)).toBe(200);
    const [row] = await rows(b.reference);
    expect(row).toMatchObject({ ticketStatus: 'confirmed', paymentStatus: 'completed' });
    const paid = await view(b.payment.localId);
    expect(paid).toMatchObject({ state: 'paid', seatsHeld: false });
    expect(paid.eTicketPath).toBe(`/t/${row?.eticketToken}`);
    const mails = await mailsTo(row?.passengerEmail ?? '');
    expect(mails).toHaveLength(1);
    // Dhivehi: Thaana in the subject, and no undo window to wait for.
    expect(mails[0]?.subject).toMatch(/[\u0780-\u07bf]/);
    expect(mails[0]?.nextAttemptAt.getTime() ?? 0).toBeLessThanOrEqual(current.getTime());

    // The same callback again, and Pay pressed again: nothing more.
    expect(await gateway.decide(b.transactionId, 'paid', current)).toBe(200);
    expect(await gateway.decide(b.transactionId, 'paid', current)).toBe(200);
    expect(await mailsTo(row?.passengerEmail ?? '')).toHaveLength(1);
    const confirmations = (await audits('card_paid')).filter((a) => a.entityId === row?.id);
    expect(confirmations).toHaveLength(1);
  });

  it('a callback before the passenger’s return and one after it confirm once; a lost callback is made up by the return page', async () => {
    const trip = await departure();
    // Callback first, then the return page.
    const first = await booked(trip, ['B2']);
    await gateway.decide(first.transactionId, 'paid', current);
    expect((await view(first.payment.localId)).state).toBe('paid');

    // The return first (the callback lost on the way), then the callback.
    const second = await booked(trip, ['B3']);
    callbacksArrive = false;
    await gateway.decide(second.transactionId, 'paid', current).catch(() => 0);
    callbacksArrive = true;
    const [before] = await rows(second.reference);
    expect(before?.ticketStatus).toBe('awaiting_card');
    expect((await view(second.payment.localId)).state).toBe('paid');
    await gateway.decide(second.transactionId, 'paid', current);
    const [after] = await rows(second.reference);
    expect(after?.ticketStatus).toBe('confirmed');
    const confirmations = (await audits('card_paid')).filter((a) => a.entityId === after?.id);
    expect(confirmations).toHaveLength(1);
  });

  it('declined: the seats stay held for another try or a transfer, and the other try can pay', async () => {
    const trip = await departure();
    const b = await booked(trip, ['B4']);
    await gateway.decide(b.transactionId, 'declined', current);
    const declined = await view(b.payment.localId);
    expect(declined).toMatchObject({ state: 'declined', seatsHeld: true, transferOffered: true });
    expect(await seatsOf(b.reference)).toHaveLength(1);

    const retry = await t.app.inject({ method: 'POST', url: `/api/payments/${b.payment.localId}/retry` });
    expect(retry.statusCode, retry.body).toBe(201);
    const again = retry.json<{ localId: string; redirectUrl: string }>();
    expect(again.localId).not.toBe(b.payment.localId);
    // Only the newest declined try may be tried again.
    const twice = await t.app.inject({ method: 'POST', url: `/api/payments/${b.payment.localId}/retry` });
    expect(twice.statusCode).toBe(409);
    const tx = decodeURIComponent(again.redirectUrl.split('/test-gateway/')[1] ?? '');
    await gateway.decide(tx, 'paid', current);
    // The page of the first try follows the booking's newest payment.
    expect(await view(b.payment.localId)).toMatchObject({ state: 'paid' });
    const [row] = await rows(b.reference);
    expect(row?.ticketStatus).toBe('confirmed');
  });

  it('declined, then a transfer: the booking waits for the bank statement, in the office’s pending tab', async () => {
    const trip = await departure();
    const b = await booked(trip, ['C1']);
    // Not before the card was declined.
    const early = await t.app.inject({ method: 'POST', url: `/api/payments/${b.payment.localId}/transfer` });
    expect(early.statusCode).toBe(409);
    await gateway.decide(b.transactionId, 'declined', current);
    const res = await t.app.inject({ method: 'POST', url: `/api/payments/${b.payment.localId}/transfer` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().managePath).toMatch(new RegExp(`^/bookings/${b.reference}/manage\\?k=`));
    const [row] = await rows(b.reference);
    expect(row).toMatchObject({ ticketStatus: 'pending', paymentMethod: 'Bank Transfer' });
    expect(row?.paymentDueAt?.getTime()).toBeGreaterThan(current.getTime() + holdMs());
    expect(await seatsOf(b.reference)).toHaveLength(1);
  });

  it('a bad signature: 401, audited, nothing changed', async () => {
    const trip = await departure();
    const b = await booked(trip, ['C2']);
    // Paid at the gateway, but the callback carries a signature made with another key.
    callbacksArrive = false;
    await gateway.decide(b.transactionId, 'paid', current).catch(() => 0);
    callbacksArrive = true;
    const nonce = 'n-1';
    const timestamp = String(current.getTime());
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/callback',
      headers: {
        'x-signature-nonce': nonce,
        'x-signature-timestamp': timestamp,
        'x-signature': bmlSignature(nonce, timestamp, 'not-the-key'),
      },
      payload: { transactionId: b.transactionId, state: 'CONFIRMED' },
    });
    expect(res.statusCode).toBe(401);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/test/callback',
      payload: { transactionId: b.transactionId, state: 'CONFIRMED' },
    });
    expect(unsigned.statusCode).toBe(401);
    const [row] = await rows(b.reference);
    expect(row?.ticketStatus).toBe('awaiting_card');
    const [payment] = await db()
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.localId, b.payment.localId));
    expect(payment?.state).toBe('open');
    const refused = (await audits('card_callback_refused')).filter(
      (a) => (a.after as { transactionId?: string }).transactionId === b.transactionId,
    );
    expect(refused).toHaveLength(2);
    // The wrong provider's address is not ours to answer.
    const other = await t.app.inject({ method: 'POST', url: '/api/payments/bml/callback', payload: {} });
    expect(other.statusCode).toBe(404);
  });

  it('unpaid: released when its hold ends; a late payment takes the seats back while they are free', async () => {
    const trip = await departure();
    const b = await booked(trip, ['C3']);
    later(holdMs() + 1000);
    expect((await sweep()).released).toBeGreaterThanOrEqual(1);
    const [released] = await rows(b.reference);
    expect(released).toMatchObject({ ticketStatus: 'cancelled', paymentStatus: 'failed' });
    expect(await seatsOf(b.reference)).toHaveLength(0);
    expect(await view(b.payment.localId)).toMatchObject({ state: 'open', seatsHeld: false });

    await gateway.decide(b.transactionId, 'paid', current);
    const [row] = await rows(b.reference);
    expect(row).toMatchObject({ ticketStatus: 'confirmed', paymentStatus: 'completed' });
    expect(await seatsOf(b.reference)).toHaveLength(1);
  });

  it('a late payment whose seat was taken: paid, no seat, in the refunds queue, and the passenger told', async () => {
    const trip = await departure();
    const b = await booked(trip, ['C4']);
    later(holdMs() + 1000);
    await sweep();
    // Someone else books seat C4 meanwhile.
    const other = await postBooking(t.app, await request(trip, ['C4']));
    expect(other.statusCode, other.body).toBe(201);

    await gateway.decide(b.transactionId, 'paid', current);
    const [row] = await rows(b.reference);
    expect(row).toMatchObject({ ticketStatus: 'cancelled_by_operator', paymentStatus: 'completed' });
    expect(await view(b.payment.localId)).toMatchObject({ state: 'paid_no_seat' });
    const [refund] = await db()
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.ticketId, row?.id ?? ''));
    expect(refund).toMatchObject({ reason: 'paid_no_seat', amount: row?.totalAmount, status: 'requested' });
    const told = await db()
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.to, row?.passengerEmail ?? ''), like(mailOutbox.subject, 'Paid, but%')));
    expect(told).toHaveLength(1);
    const staff = await signInAs(t.app, 'owner');
    const queue = await staff.get('/api/admin/refunds?status=requested');
    expect(queue.json().gatewayRefunds).toBe(true);
    const owed = queue.json<{ refunds: Refund[] }>().refunds.find((r) => r.reference === b.reference);
    expect(owed).toMatchObject({
      reason: 'paid_no_seat',
      card: { provider: 'test', transactionId: b.transactionId },
    });

    // Back to the card: the gateway refuses first (its message stays in the queue), then takes it.
    refundsFail = true;
    const refused = await staff.post(`/api/admin/refunds/${owed?.id}/refund-card`, {});
    expect(refused.statusCode).toBe(502);
    expect(refused.json().error.message).toContain('Refunds are unavailable right now');
    const still = (await staff.get('/api/admin/refunds?status=requested'))
      .json<{ refunds: Refund[] }>()
      .refunds.find((r) => r.id === owed?.id);
    expect(still).toMatchObject({ status: 'requested', gatewayError: 'Refunds are unavailable right now' });
    refundsFail = false;
    const sent = await staff.post(`/api/admin/refunds/${owed?.id}/refund-card`, {});
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ status: 'refunded', gatewayError: null });
    expect(sent.json().bankReference).toMatch(/^test-refund-/);
    const again = await staff.post(`/api/admin/refunds/${owed?.id}/refund-card`, {});
    expect(again.statusCode).toBe(409);
    const [payment] = await db()
      .select()
      .from(cardPayments)
      .where(eq(cardPayments.localId, b.payment.localId));
    expect(payment?.state).toBe('refunded');
    expect((await audits('card_refund')).length).toBeGreaterThanOrEqual(1);
  });

  it('a refund of a booking paid otherwise is not sent to a card', async () => {
    const trip = await departure();
    const b = await booked(trip, ['A2']);
    await gateway.decide(b.transactionId, 'declined', current);
    await t.app.inject({ method: 'POST', url: `/api/payments/${b.payment.localId}/transfer` });
    const [row] = await rows(b.reference);
    const request = await makeRefundRequest(db(), {
      id: row?.id ?? '',
      totalAmount: row?.totalAmount ?? '0',
      currency: row?.currency ?? 'USD',
    });
    const staff = await signInAs(t.app, 'owner');
    const res = await staff.post(`/api/admin/refunds/${request?.id}/refund-card`, {});
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('card_refund_unavailable');
  });

  it('the sweep asks the gateway about a payment made but never called back, before its hold ends', async () => {
    const trip = await departure();
    const b = await booked(trip, ['A1']);
    callbacksArrive = false;
    await gateway.decide(b.transactionId, 'paid', current).catch(() => 0);
    callbacksArrive = true;
    later(holdMs() - 60_000);
    expect((await sweep()).asked).toBeGreaterThanOrEqual(1);
    const [row] = await rows(b.reference);
    expect(row?.ticketStatus).toBe('confirmed');
  });

  it('an unknown payment id is 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/${'A'.repeat(22)}` });
    expect(res.statusCode).toBe(404);
  });
});

describe(`card payments' public writes are limited per address (${testDatabaseKind})`, () => {
  const t = useTestApp({
    env: { RATE_LIMIT_SCALE: '1' },
    payments: testGateway({ pageBase: 'http://localhost:3000' }),
  });

  it('another try at the gateway: 10 in 10 minutes from one address, then 429', async () => {
    const [max] = RATE_LIMITS.paymentChange;
    const statuses: number[] = [];
    for (let i = 0; i <= max; i++) {
      const url = `/api/payments/${'B'.repeat(22)}/retry`;
      const res = await t.app.inject({ method: 'POST', url, remoteAddress: '203.0.113.77' });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, max).every((s) => s === 404)).toBe(true);
    expect(statuses[max]).toBe(429);
    // Another address is not held back.
    const other = await t.app.inject({
      method: 'POST',
      url: `/api/payments/${'B'.repeat(22)}/retry`,
      remoteAddress: '203.0.113.78',
    });
    expect(other.statusCode).toBe(404);
  });
});
