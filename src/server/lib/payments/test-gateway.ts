import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { bmlSignature, verifyBmlHeaders } from './bml-connect.ts';
import {
  GatewayError,
  type GatewayPayment,
  type GatewayState,
  type OpenPayment,
  type PaymentProvider,
} from './types.ts';

/*
 * The built-in test gateway (docs/decisions/042), for the demo, development and tests: its
 * payment page is ours (`/test-gateway/:transactionId`, clearly labelled as a test), with Pay
 * and Decline. Either calls our callback exactly as BML Connect does, signature headers and
 * all, so everything behind the callback is the code production runs. Production refuses to
 * start with it (config.ts).
 *
 * A transaction id carries what was opened (amount, currency, our id, where to return and call
 * back), sealed with this process's key, so the gateway keeps no table; what the passenger
 * chose is kept in memory, and a restart forgets it (the payment is then still open, and the
 * passenger may press Pay again), which is a test gateway's right.
 */

const openedSchema = z.object({
  a: z.number().int().nonnegative(),
  c: z.enum(['MVR', 'USD']),
  l: z.string(),
  r: z.string(),
  b: z.string(),
  n: z.string(),
});
type Opened = z.infer<typeof openedSchema>;

/** What the test gateway's page shows and does for one transaction. */
export type TestTransaction = {
  transactionId: string;
  amountMinor: number;
  currency: 'MVR' | 'USD';
  customerReference: string;
  returnUrl: string;
  callbackUrl: string;
  state: GatewayState;
};

export type TestGateway = PaymentProvider & {
  /** The transaction a page link names, or null for one this process never sealed. */
  find(transactionId: string): TestTransaction | null;
  /**
   * The passenger pressed Pay or Decline: the state is kept, and the callback is posted with
   * BML's signature headers. Resolves with the callback's HTTP status.
   */
  decide(transactionId: string, outcome: 'paid' | 'declined', now: Date): Promise<number>;
};

export function testGateway(opts: { pageBase: string; key?: string; fetch?: typeof fetch }): TestGateway {
  const key = opts.key ?? randomBytes(32).toString('base64url');
  const doFetch = opts.fetch ?? fetch;
  const states = new Map<string, GatewayState>();

  const seal = (opened: Opened) => {
    const body = Buffer.from(JSON.stringify(opened), 'utf8').toString('base64url');
    const mac = createHmac('sha256', key).update(body).digest('base64url');
    return `${body}.${mac}`;
  };
  const unseal = (transactionId: string): Opened | null => {
    const [body, mac, extra] = transactionId.split('.');
    if (!body || !mac || extra !== undefined) return null;
    const expected = Buffer.from(createHmac('sha256', key).update(body).digest('base64url'));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    try {
      const parsed = openedSchema.safeParse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  };

  function find(transactionId: string): TestTransaction | null {
    const opened = unseal(transactionId);
    if (!opened) return null;
    return {
      transactionId,
      amountMinor: opened.a,
      currency: opened.c,
      customerReference: opened.n,
      returnUrl: opened.r,
      callbackUrl: opened.b,
      state: states.get(transactionId) ?? 'open',
    };
  }

  const asPayment = (t: TestTransaction): GatewayPayment => ({
    transactionId: t.transactionId,
    state: t.state,
    amountMinor: t.amountMinor,
    currency: t.currency,
    localId: unseal(t.transactionId)?.l ?? null,
  });

  return {
    name: 'test',
    async open(payment: OpenPayment) {
      const transactionId = seal({
        a: payment.amountMinor,
        c: payment.currency,
        l: payment.localId,
        r: payment.returnUrl,
        b: payment.callbackUrl,
        n: payment.customerReference,
      });
      return {
        transactionId,
        redirectUrl: `${opts.pageBase.replace(/\/$/, '')}/test-gateway/${encodeURIComponent(transactionId)}`,
      };
    },
    verifyCallback: (headers, now) => verifyBmlHeaders(headers, now, key),
    async read(transactionId) {
      const found = find(transactionId);
      if (!found) throw new GatewayError('the test gateway opened no such transaction', 404);
      return asPayment(found);
    },
    async refund(transactionId) {
      const found = find(transactionId);
      if (found?.state !== 'paid') throw new GatewayError('only a paid transaction is refunded', 400);
      return { refundId: `test-refund-${randomBytes(8).toString('hex')}` };
    },
    find,
    async decide(transactionId, outcome, now) {
      const found = find(transactionId);
      if (!found) throw new GatewayError('the test gateway opened no such transaction', 404);
      // A decided payment stays decided, as a real gateway's does.
      if (found.state === 'open') states.set(transactionId, outcome);
      const decided = find(transactionId);
      const nonce = randomBytes(16).toString('hex');
      const timestamp = String(now.getTime());
      const res = await doFetch(found.callbackUrl, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-signature-nonce': nonce,
          'x-signature-timestamp': timestamp,
          'x-signature': bmlSignature(nonce, timestamp, key),
        },
        // What BML's webhook body carries; the receiver reads the transaction back anyway.
        body: JSON.stringify({
          transactionId,
          amount: found.amountMinor,
          currency: found.currency,
          state: decided?.state === 'paid' ? 'CONFIRMED' : 'CANCELLED',
        }),
        signal: AbortSignal.timeout(15_000),
      });
      return res.status;
    },
  };
}
