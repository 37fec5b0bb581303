import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bmlConnect } from './bml-connect.ts';
import { testGateway } from './test-gateway.ts';

/*
 * The test gateway posts its callback as BML Connect does: a real HTTP request to the callback
 * address, with the signature headers BML's check (verifyBmlHeaders) accepts.
 */
describe('the test gateway', () => {
  let server: Server;
  let callbackUrl = '';
  const received: { headers: Record<string, string | string[] | undefined>; body: string }[] = [];

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (c) => {
        body += c;
      });
      req.on('end', () => {
        received.push({ headers: req.headers, body });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/payments/test/callback`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const opening = (over = {}) => ({
    amountMinor: 30_000,
    currency: 'MVR' as const,
    localId: 'pay_1',
    customerReference: '2611290002',
    returnUrl: 'http://localhost:3000/booking/card/pay_1',
    callbackUrl,
    ...over,
  });

  it('opens a page of ours, and Pay calls back signed as BML does; the payment then reads paid', async () => {
    const gateway = testGateway({ pageBase: 'http://localhost:3000/' });
    const { transactionId, redirectUrl } = await gateway.open(opening());
    expect(redirectUrl).toBe(`http://localhost:3000/test-gateway/${encodeURIComponent(transactionId)}`);
    expect(gateway.find(transactionId)).toMatchObject({
      amountMinor: 30_000,
      currency: 'MVR',
      state: 'open',
    });

    const now = new Date();
    expect(await gateway.decide(transactionId, 'paid', now)).toBe(204);
    const callback = received.at(-1);
    expect(gateway.verifyCallback(callback?.headers ?? {}, now)).toBe(true);
    // Another gateway's key does not verify it.
    expect(
      bmlConnect({ apiKey: 'k', appId: 'a', mode: 'sandbox' }).verifyCallback(callback?.headers ?? {}, now),
    ).toBe(false);
    expect(JSON.parse(callback?.body ?? '{}')).toMatchObject({
      transactionId,
      amount: 30_000,
      state: 'CONFIRMED',
    });
    expect(await gateway.read(transactionId)).toEqual({
      transactionId,
      state: 'paid',
      amountMinor: 30_000,
      currency: 'MVR',
      localId: 'pay_1',
    });
    // Decided stays decided: Decline afterwards changes nothing.
    await gateway.decide(transactionId, 'declined', now);
    expect((await gateway.read(transactionId)).state).toBe('paid');
  });

  it('knows only the transactions it sealed: a forged or altered id is refused', async () => {
    const gateway = testGateway({ pageBase: 'http://localhost:3000' });
    const { transactionId } = await gateway.open(opening({ amountMinor: 100 }));
    const [body, mac] = transactionId.split('.');
    const altered = Buffer.from(
      Buffer.from(body ?? '', 'base64url')
        .toString('utf8')
        .replace('"a":100', '"a":1'),
    ).toString('base64url');
    expect(gateway.find(`${altered}.${mac}`)).toBeNull();
    expect(testGateway({ pageBase: 'http://localhost:3000' }).find(transactionId)).toBeNull();
    await expect(gateway.read('nonsense')).rejects.toMatchObject({ status: 404 });
  });
});
