import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RATE_LIMITS } from '#server/lib/rate-limit.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/**
 * The per-address limits key on the client address Fastify derives from X-Forwarded-For. These
 * tests run a real listening server; the test's own connection comes from 127.0.0.1 and plays
 * the reverse proxy, which appends the address it saw to whatever X-Forwarded-For the client sent.
 */
describe(`TRUST_PROXY behind a proxy (${testDatabaseKind})`, () => {
  const apps: TestApp[] = [];
  const bases = new Map<TestApp, string>();

  async function listening(env: Record<string, string>): Promise<TestApp> {
    const t = await createTestApp({ env: { RATE_LIMIT_SCALE: '1', ...env } });
    apps.push(t);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    bases.set(t, `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`);
    return t;
  }
  afterAll(async () => {
    await Promise.all(apps.map((t) => t.close()));
  });

  let oneHop: TestApp;
  let twoHops: TestApp;
  let byAddress: TestApp;
  let noProxy: TestApp;
  beforeAll(async () => {
    oneHop = await listening({ TRUST_PROXY: '1' });
    twoHops = await listening({ TRUST_PROXY: '2' });
    byAddress = await listening({ TRUST_PROXY: '10.0.0.0/8,127.0.0.1' });
    noProxy = await listening({});
  });

  /** What the proxy forwards: the client's own header (if any) with the client's address appended. */
  const viaProxy = (clientHeader: string | undefined, clientAddress: string) =>
    clientHeader ? `${clientHeader}, ${clientAddress}` : clientAddress;

  const ipSeen = async (t: TestApp, forwardedFor: string) => {
    const res = await fetch(`${bases.get(t)}/api/client-info`, {
      headers: { 'x-forwarded-for': forwardedFor },
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { ip: string }).ip;
  };

  /** Booking lookups one client gets answered (not 429) while it rotates the address it claims. */
  async function lookupsAnswered(t: TestApp, clientAddress: string, tries: number): Promise<number> {
    let answered = 0;
    for (let i = 0; i < tries; i++) {
      const fake = `198.51.${Math.floor(i / 250)}.${(i % 250) + 1}`;
      const res = await fetch(`${bases.get(t)}/api/bookings/9902${String(i).padStart(6, '0')}`, {
        headers: { 'x-forwarded-for': viaProxy(fake, clientAddress) },
      });
      await res.arrayBuffer();
      if (res.status !== 429) answered++;
    }
    return answered;
  }

  it('with a hop count of 1 the client is the address the proxy appended, not one the client wrote', async () => {
    expect(await ipSeen(oneHop, viaProxy(undefined, '203.0.113.7'))).toBe('203.0.113.7');
    expect(await ipSeen(oneHop, viaProxy('10.9.8.7', '203.0.113.7'))).toBe('203.0.113.7');
    expect(await ipSeen(oneHop, viaProxy('1.1.1.1, 2.2.2.2', '203.0.113.7'))).toBe('203.0.113.7');
  });

  it('with 2 hops (a CDN, then the proxy) the client is the address the CDN appended', async () => {
    // The client claims 10.9.8.7, the CDN appends 203.0.113.8, the proxy appends the CDN edge.
    expect(await ipSeen(twoHops, '10.9.8.7, 203.0.113.8, 192.0.2.50')).toBe('203.0.113.8');
  });

  it('with a list, only those addresses are trusted as proxies', async () => {
    // 127.0.0.1 (the test's proxy) and 10.x are proxies; the first address outside them is the client.
    expect(await ipSeen(byAddress, '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await ipSeen(byAddress, '198.51.100.1, 203.0.113.9, 10.1.2.3')).toBe('203.0.113.9');
  });

  it('without TRUST_PROXY, X-Forwarded-For is ignored', async () => {
    expect(await ipSeen(noProxy, '198.51.100.1, 203.0.113.7')).toBe('127.0.0.1');
  });

  it('a client rotating X-Forwarded-For is limited after the lookup limit; another client is not', async () => {
    const [max] = RATE_LIMITS.lookup;
    expect(await lookupsAnswered(oneHop, '203.0.113.20', 80)).toBe(max);
    // The limit was the client's, not the proxy's: a second client behind it still gets answers.
    expect(await lookupsAnswered(oneHop, '203.0.113.21', 1)).toBe(1);
  });

  it('the same holds when the proxies are named by address', async () => {
    const [max] = RATE_LIMITS.lookup;
    expect(await lookupsAnswered(byAddress, '203.0.113.30', 80)).toBe(max);
    expect(await lookupsAnswered(byAddress, '203.0.113.31', 1)).toBe(1);
  });
});
