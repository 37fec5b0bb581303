import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BmlStandIn, startBmlStandIn } from '#tests/setup/bml-stand-in.ts';
import { bmlConnect, bmlSignature, bmlState } from './bml-connect.ts';
import { GatewayError } from './types.ts';

/*
 * BML Connect's client against a local HTTP server that answers as the bank's documented API
 * does: the key in `Authorization`, a transaction opened at POST /public/v2/transactions with
 * its hosted page in `url`, read back at GET /public/transactions/:id.
 */

const API_KEY = 'sandbox-key-0123456789';

describe('BML Connect client', () => {
  let standIn: BmlStandIn;
  let base = '';
  let seen: BmlStandIn['seen'] = [];
  let transactions: BmlStandIn['transactions'] = new Map();
  let pageHost = 'pay.uat.merchants.bankofmaldives.com.mv';

  beforeAll(async () => {
    standIn = await startBmlStandIn({
      apiKey: API_KEY,
      pageUrl: (_base, id) => `https://${pageHost}/web/${id}`,
    });
    ({ base, seen, transactions } = standIn);
  });
  afterAll(() => standIn.close());

  const client = (key = API_KEY) =>
    bmlConnect({ apiKey: key, appId: 'app-1', mode: 'sandbox', apiUrl: base });
  // The stand-in's pages are on the sandbox's domain, as the bank's are.
  const sandboxClient = () => {
    const c = client();
    c.pageHosts.push('uat.merchants.bankofmaldives.com.mv');
    return c;
  };

  it('opens a payment for the amount in minor units, with its key, and sends the passenger only to its page', async () => {
    const opened = await sandboxClient().open({
      amountMinor: 45_050,
      currency: 'MVR',
      localId: 'pay_abc',
      customerReference: '2611290001',
      returnUrl: 'https://ferry.example/booking/card/pay_abc',
      callbackUrl: 'https://ferry.example/api/payments/bml/callback',
    });
    expect(opened.redirectUrl).toBe(`https://${pageHost}/web/${opened.transactionId}`);
    const request = seen.at(-1);
    expect(request).toMatchObject({ method: 'POST', url: '/public/v2/transactions', authorization: API_KEY });
    expect(request?.body).toMatchObject({
      amount: 45_050,
      currency: 'MVR',
      localId: 'pay_abc',
      redirectUrl: 'https://ferry.example/booking/card/pay_abc',
      webhook: 'https://ferry.example/api/payments/bml/callback',
    });

    const read = await client().read(opened.transactionId);
    expect(read).toEqual({
      transactionId: opened.transactionId,
      state: 'open',
      amountMinor: 45_050,
      currency: 'MVR',
      localId: 'pay_abc',
    });
    transactions.set(opened.transactionId, { ...transactions.get(opened.transactionId), state: 'CONFIRMED' });
    expect((await client().read(opened.transactionId)).state).toBe('paid');
  });

  it('refuses a payment page on another host', async () => {
    pageHost = 'evil.example';
    try {
      await expect(
        sandboxClient().open({
          amountMinor: 100,
          currency: 'USD',
          localId: 'pay_x',
          customerReference: 'x',
          returnUrl: 'https://ferry.example/r',
          callbackUrl: 'https://ferry.example/c',
        }),
      ).rejects.toThrow(/unexpected host: evil\.example/);
    } finally {
      pageHost = 'pay.uat.merchants.bankofmaldives.com.mv';
    }
  });

  it('says what the gateway answered when it refuses, and never repeats the key', async () => {
    const error = await client('wrong-key')
      .read('txn_1')
      .catch((err: unknown) => err);
    expect(error).toBeInstanceOf(GatewayError);
    expect((error as GatewayError).status).toBe(401);
    expect((error as GatewayError).message).toContain('Unauthorized');
    expect((error as GatewayError).message).not.toContain('wrong-key');
    await expect(client().read('txn_missing')).rejects.toMatchObject({ status: 404 });
  });

  it('accepts a callback signed with the key and fresh, and nothing else', () => {
    const now = new Date('2026-11-29T08:00:00Z');
    const timestamp = String(now.getTime());
    const signed = (over: Record<string, string> = {}) => ({
      'x-signature-nonce': 'n-1',
      'x-signature-timestamp': timestamp,
      'x-signature': bmlSignature('n-1', timestamp, API_KEY),
      ...over,
    });
    const c = client();
    expect(c.verifyCallback(signed(), now)).toBe(true);
    // In seconds, as some senders put it.
    const seconds = String(Math.floor(now.getTime() / 1000));
    expect(
      c.verifyCallback(
        signed({ 'x-signature-timestamp': seconds, 'x-signature': bmlSignature('n-1', seconds, API_KEY) }),
        now,
      ),
    ).toBe(true);
    expect(
      c.verifyCallback(signed({ 'x-signature': bmlSignature('n-1', timestamp, 'other-key') }), now),
    ).toBe(false);
    expect(c.verifyCallback(signed({ 'x-signature-nonce': 'n-2' }), now)).toBe(false);
    expect(c.verifyCallback({}, now)).toBe(false);
    // Ten minutes old: a replay, refused.
    expect(c.verifyCallback(signed(), new Date(now.getTime() + 10 * 60_000))).toBe(false);
  });

  it('reads BML states as paid, declined or still open', () => {
    expect(bmlState('CONFIRMED')).toBe('paid');
    for (const s of ['CANCELLED', 'FAILED', 'EXPIRED', 'VOIDED']) expect(bmlState(s)).toBe('declined');
    for (const s of ['INITIATED', 'QR_CODE_GENERATED', undefined]) expect(bmlState(s)).toBe('open');
  });
});
