import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, cardPayments, tickets } from '#server/db/schema.ts';
import { addDays, dateInZone } from '#server/lib/clock.ts';
import { bmlSignature } from '#server/lib/payments/bml-connect.ts';
import type { CardPaymentView } from '#shared/card-payments.ts';
import type { Refund } from '#shared/disruptions.ts';
import type { BookingCreated } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makePaymentSettings,
  makeRefundRequest,
  makeSchedule,
  uniqueSuffix,
} from '#tests/factories.ts';
import { signInAs } from '#tests/setup/admin-app.ts';
import { type BmlStandIn, startBmlStandIn } from '#tests/setup/bml-stand-in.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  postBooking,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * Card payments with PAYMENT_PROVIDER=bml (docs/decisions/042), against a local HTTP server that
 * answers as BML Connect's documented API does: a transaction opened at POST
 * /public/v2/transactions with the key in `Authorization`, read back at GET
 * /public/transactions/:id, and a webhook signed with SHA-256 of nonce, timestamp and key. The
 * stand-in's "bank" decides each transaction's state and amount.
 */

const API_KEY = 'bml-sandbox-key-for-tests';

describe(`card payments on BML Connect (${testDatabaseKind})`, () => {
  let standIn: BmlStandIn;
  let base = '';
  let transactions: BmlStandIn['transactions'] = new Map();
  const opened = () =>
    (standIn.seen.filter((r) => r.method === 'POST').at(-1)?.body ?? {}) as Record<string, unknown>;
  let t: TestApp;

  beforeAll(async () => {
    standIn = await startBmlStandIn({ apiKey: API_KEY });
    ({ base, transactions } = standIn);
    t = await createTestApp({
      env: {
        PAYMENT_PROVIDER: 'bml',
        BML_API_KEY: API_KEY,
        BML_APP_ID: 'app-test',
        BML_API_URL: base,
        RATE_LIMIT_SCALE: '100',
        ...MANY_HOLDS_PER_ADDRESS,
        ...MANY_VERIFICATIONS_PER_ADDRESS,
      },
    });
    await makePaymentSettings(t.database.db);
  });
  afterAll(async () => {
    await t?.close();
    await standIn.close();
  });

  const db = () => t.database.db;

  async function departure() {
    const tz = t.app.deps.config.tzOperator;
    return makeSchedule(db(), { travelDate: addDays(dateInZone(new Date(), tz), 5) });
  }

  async function booked(trip: MadeSchedule, seats: string[]) {
    const email = `bml-${uniqueSuffix()}@example.com`;
    const booking = tripBookingRequest(trip, {
      seats,
      email,
      verificationToken: await verifiedToken(t.app, email),
    });
    const res = await postBooking(t.app, { ...booking, paymentMethod: 'card' }, { slip: null });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<BookingCreated & { payment: { localId: string; redirectUrl: string } }>();
    const transactionId = created.payment.redirectUrl.split('/web/')[1] ?? '';
    return { ...created, transactionId };
  }

  /** The webhook as BML Connect sends it: signed headers, a body naming the transaction. */
  function callback(transactionId: string, key = API_KEY, at = new Date()) {
    const nonce = randomUUID();
    const timestamp = String(at.getTime());
    return t.app.inject({
      method: 'POST',
      url: '/api/payments/bml/callback',
      headers: {
        'x-signature-nonce': nonce,
        'x-signature-timestamp': timestamp,
        'x-signature': bmlSignature(nonce, timestamp, key),
      },
      payload: { transactionId, state: 'CONFIRMED', amount: 1 },
    });
  }
  const bank = (transactionId: string, change: Record<string, unknown>) => {
    const found = transactions.get(transactionId);
    if (!found) throw new Error(`no transaction ${transactionId}`);
    Object.assign(found, change);
  };
  const ticketOf = async (reference: string) =>
    (await db().select().from(tickets).where(eq(tickets.paymentReference, reference)))[0];
  const paymentOf = async (localId: string) =>
    (await db().select().from(cardPayments).where(eq(cardPayments.localId, localId)))[0];

  it('opens the transaction with the server’s total in minor units and sends the passenger to the bank’s page', async () => {
    const b = await booked(await departure(), ['A1', 'A2']);
    const asked = opened();
    const row = await ticketOf(b.reference);
    expect(asked).toMatchObject({
      amount: Math.round(Number(row?.totalAmount) * 100),
      currency: row?.currency,
      localId: b.payment.localId,
      customerReference: b.reference,
      redirectUrl: `${t.app.deps.config.linkBase}/payment/${b.payment.localId}`,
      webhook: `${t.app.deps.config.linkBase}/api/payments/bml/callback`,
    });
    expect(b.payment.redirectUrl.startsWith(`${base}/web/`)).toBe(true);
  });

  it('paid: a signed callback confirms the booking once, whatever the body says', async () => {
    const b = await booked(await departure(), ['A1']);
    // A signed callback before the bank has the payment: nothing changes.
    expect((await callback(b.transactionId)).statusCode).toBe(200);
    expect((await ticketOf(b.reference))?.ticketStatus).toBe('awaiting_card');

    bank(b.transactionId, { state: 'CONFIRMED' });
    expect((await callback(b.transactionId)).statusCode).toBe(200);
    expect((await callback(b.transactionId)).statusCode).toBe(200);
    const row = await ticketOf(b.reference);
    expect(row).toMatchObject({ ticketStatus: 'confirmed', paymentStatus: 'completed' });
    expect((await paymentOf(b.payment.localId))?.state).toBe('paid');
    const confirmed = await db().select().from(auditLog).where(eq(auditLog.action, 'card_paid'));
    expect(confirmed.filter((a) => a.entityId === row?.id)).toHaveLength(1);
  });

  it('declined at the bank: the return page says so and the seats stay held', async () => {
    const b = await booked(await departure(), ['A1']);
    bank(b.transactionId, { state: 'CANCELLED' });
    const res = await t.app.inject({ method: 'GET', url: `/api/payments/${b.payment.localId}` });
    expect(res.json<CardPaymentView>()).toMatchObject({ state: 'declined', seatsHeld: true });
  });

  it('an amount or a currency that differs never confirms, and is audited', async () => {
    const trip = await departure();
    const less = await booked(trip, ['B1']);
    bank(less.transactionId, { state: 'CONFIRMED', amount: 100 });
    await callback(less.transactionId);
    expect((await ticketOf(less.reference))?.ticketStatus).toBe('awaiting_card');
    expect((await paymentOf(less.payment.localId))?.state).toBe('mismatch');

    const other = await booked(trip, ['B2']);
    const row = await ticketOf(other.reference);
    bank(other.transactionId, { state: 'CONFIRMED', currency: row?.currency === 'USD' ? 'MVR' : 'USD' });
    await callback(other.transactionId);
    expect((await ticketOf(other.reference))?.ticketStatus).toBe('awaiting_card');
    const mismatches = await db().select().from(auditLog).where(eq(auditLog.action, 'card_mismatch'));
    expect(mismatches.map((a) => (a.after as { transactionId: string }).transactionId)).toEqual(
      expect.arrayContaining([less.transactionId, other.transactionId]),
    );
    // The page tells the passenger, and a later "paid" callback changes nothing.
    const view = await t.app.inject({ method: 'GET', url: `/api/payments/${less.payment.localId}` });
    expect(view.json<CardPaymentView>().state).toBe('mismatch');
    bank(less.transactionId, {
      amount: Math.round(Number((await ticketOf(less.reference))?.totalAmount) * 100),
    });
    await callback(less.transactionId);
    expect((await ticketOf(less.reference))?.ticketStatus).toBe('awaiting_card');
  });

  it('a bad signature, an old timestamp or no signature: 401 and nothing changed', async () => {
    const b = await booked(await departure(), ['C1']);
    bank(b.transactionId, { state: 'CONFIRMED' });
    expect((await callback(b.transactionId, 'another-key')).statusCode).toBe(401);
    expect((await callback(b.transactionId, API_KEY, new Date(Date.now() - 10 * 60_000))).statusCode).toBe(
      401,
    );
    const bare = await t.app.inject({
      method: 'POST',
      url: '/api/payments/bml/callback',
      payload: { transactionId: b.transactionId },
    });
    expect(bare.statusCode).toBe(401);
    expect((await ticketOf(b.reference))?.ticketStatus).toBe('awaiting_card');
    expect((await paymentOf(b.payment.localId))?.state).toBe('open');
  });

  it('a card refund on BML Connect is made in the bank’s portal and marked with its reference', async () => {
    const b = await booked(await departure(), ['C2']);
    bank(b.transactionId, { state: 'CONFIRMED' });
    await callback(b.transactionId);
    const row = await ticketOf(b.reference);
    const owed = await makeRefundRequest(db(), {
      id: row?.id ?? '',
      totalAmount: row?.totalAmount ?? '0',
      currency: row?.currency ?? 'USD',
    });
    const staff = await signInAs(t.app, 'office');
    const queue = await staff.get('/api/admin/refunds?status=requested');
    expect(queue.json().gatewayRefunds).toBe(false);
    const listed = queue.json<{ refunds: Refund[] }>().refunds.find((r) => r.id === owed?.id);
    expect(listed?.card).toEqual({ provider: 'bml', transactionId: b.transactionId });
    const viaGateway = await staff.post(`/api/admin/refunds/${owed?.id}/refund-card`, {});
    expect(viaGateway.statusCode).toBe(409);
    expect(viaGateway.json().error.code).toBe('card_refund_unavailable');
    const marked = await staff.post(`/api/admin/refunds/${owed?.id}/refunded`, {
      bankReference: 'BML-RF-0042',
    });
    expect(marked.statusCode, marked.body).toBe(200);
    expect(marked.json()).toMatchObject({ status: 'refunded', bankReference: 'BML-RF-0042' });
  });
});
