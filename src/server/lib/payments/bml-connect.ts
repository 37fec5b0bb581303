import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import {
  type CallbackHeaders,
  GatewayError,
  type GatewayPayment,
  type GatewayState,
  type OpenPayment,
  type PaymentProvider,
} from './types.ts';

/*
 * BML Connect, the Bank of Maldives' merchant gateway (docs/decisions/042), over its public
 * REST API as its published client libraries call it:
 *
 * - `POST /public/v2/transactions` with the API key as `Authorization` opens a transaction
 *   (amount in minor units, currency, our `localId`, `redirectUrl`, `webhook`) and answers its
 *   `id` and `url`, the hosted payment page;
 * - `GET /public/transactions/:id` answers its `state` (CONFIRMED when paid);
 * - a webhook arrives with `X-Signature-Nonce`, `X-Signature-Timestamp` and `X-Signature`, the
 *   SHA-256 hex of nonce, timestamp and API key. The body is not signed: it is never believed,
 *   the transaction is read back from the API instead.
 */

export const BML_ENDPOINTS = {
  sandbox: 'https://api.uat.merchants.bankofmaldives.com.mv',
  production: 'https://api.merchants.bankofmaldives.com.mv',
} as const;

/** How old a callback's timestamp may be, either way, before it is refused. */
const CALLBACK_SKEW_MS = 5 * 60_000;
const TIMEOUT_MS = 15_000;

const PAID = new Set(['CONFIRMED']);
const DECLINED = new Set(['CANCELLED', 'FAILED', 'EXPIRED', 'VOIDED', 'REFUNDED', 'REFUND_REQUESTED']);

const transactionSchema = z.object({
  id: z.string().min(1),
  state: z.string().optional(),
  amount: z.number().int().nonnegative(),
  currency: z.string(),
  localId: z.string().nullish(),
  url: z.string().nullish(),
});

/** A BML state as ours: paid, declined (or reversed), or still open. */
export function bmlState(state: string | undefined): GatewayState {
  if (state && PAID.has(state)) return 'paid';
  if (state && DECLINED.has(state)) return 'declined';
  return 'open';
}

/** The signature BML puts on a webhook: SHA-256 hex of nonce, timestamp and API key. */
export const bmlSignature = (nonce: string, timestamp: string, apiKey: string) =>
  createHash('sha256').update(`${nonce}${timestamp}${apiKey}`, 'utf8').digest('hex');

const header = (headers: CallbackHeaders, name: string) => {
  const value = headers[name.toLowerCase()];
  return Array.isArray(value) ? value[0] : value;
};

/** A timestamp in seconds or milliseconds, as gateways send them, within the allowed skew. */
function freshTimestamp(value: string, now: Date): boolean {
  if (!/^\d{9,14}$/.test(value)) return false;
  const n = Number(value);
  const ms = value.length <= 11 ? n * 1000 : n;
  return Math.abs(now.getTime() - ms) <= CALLBACK_SKEW_MS;
}

/**
 * Whether a callback carries BML's signature headers, signed with `key` and fresh. The test
 * gateway signs its callbacks the same way, so the check production runs is the one tested.
 */
export function verifyBmlHeaders(headers: CallbackHeaders, now: Date, key: string): boolean {
  const nonce = header(headers, 'x-signature-nonce');
  const timestamp = header(headers, 'x-signature-timestamp');
  const signature = header(headers, 'x-signature');
  if (!nonce || !timestamp || !signature || !freshTimestamp(timestamp, now)) return false;
  const expected = Buffer.from(bmlSignature(nonce, timestamp, key), 'utf8');
  const given = Buffer.from(signature.toLowerCase(), 'utf8');
  return expected.length === given.length && timingSafeEqual(expected, given);
}

export type BmlConnectOptions = {
  apiKey: string;
  appId: string;
  mode: 'sandbox' | 'production';
  /** Another address for the API (a local stand-in in tests). */
  apiUrl?: string | undefined;
  fetch?: typeof fetch;
};

export function bmlConnect(opts: BmlConnectOptions): PaymentProvider & { readonly pageHosts: string[] } {
  const base = (opts.apiUrl ?? BML_ENDPOINTS[opts.mode]).replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;

  async function call(method: 'GET' | 'POST', path: string, body?: object): Promise<unknown> {
    let res: Response;
    try {
      res = await doFetch(`${base}${path}`, {
        method,
        headers: {
          authorization: opts.apiKey,
          accept: 'application/json',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch (err) {
      throw new GatewayError(`BML Connect did not answer: ${(err as Error).message}`, null);
    }
    const text = await res.text();
    if (!res.ok) {
      // The gateway's own message, cut short; the request (with its key) is never repeated here.
      throw new GatewayError(`BML Connect answered ${res.status}: ${text.slice(0, 300)}`, res.status);
    }
    try {
      return JSON.parse(text);
    } catch {
      throw new GatewayError('BML Connect answered something other than JSON', res.status);
    }
  }

  const asPayment = (raw: unknown): GatewayPayment & { url: string | null } => {
    const parsed = transactionSchema.safeParse(raw);
    if (!parsed.success) throw new GatewayError('BML Connect answered a transaction we cannot read', null);
    const t = parsed.data;
    return {
      transactionId: t.id,
      state: bmlState(t.state),
      amountMinor: t.amount,
      currency: t.currency,
      localId: t.localId ?? null,
      url: t.url ?? null,
    };
  };

  // The passenger is only ever sent to the gateway's own pages: hosts of its API's domain.
  const apiHost = new URL(base).hostname;
  const pageHosts = [apiHost, apiHost.replace(/^api\./, '')];

  return {
    name: 'bml',
    pageHosts,
    async open(payment: OpenPayment) {
      const created = asPayment(
        await call('POST', '/public/v2/transactions', {
          amount: payment.amountMinor,
          currency: payment.currency,
          localId: payment.localId,
          customerReference: payment.customerReference,
          redirectUrl: payment.returnUrl,
          webhook: payment.callbackUrl,
          appVersion: `ferry-booking (${opts.appId})`,
        }),
      );
      if (!created.url)
        throw new GatewayError('BML Connect opened a transaction without a payment page', null);
      const host = new URL(created.url).hostname;
      if (!pageHosts.some((h) => host === h || host.endsWith(`.${h}`))) {
        throw new GatewayError(`BML Connect's payment page is on an unexpected host: ${host}`, null);
      }
      return { transactionId: created.transactionId, redirectUrl: created.url };
    },
    verifyCallback: (headers, now) => verifyBmlHeaders(headers, now, opts.apiKey),
    async read(transactionId) {
      const { url: _url, ...payment } = asPayment(
        await call('GET', `/public/transactions/${encodeURIComponent(transactionId)}`),
      );
      return payment;
    },
  };
}
