import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { geoipRequestUrl, isPrivateIp } from '#server/services/read-client-info.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/** A local stand-in for the geolocation provider: answers, or fails, like a real one would. */
async function startProvider(
  answer: 'ok' | 'error',
): Promise<{ server: Server; url: string; seen: string[] }> {
  const seen: string[] = [];
  const server = createServer((req, res) => {
    seen.push(req.url ?? '');
    if (answer === 'error') {
      res.writeHead(500, { 'content-type': 'text/plain' }).end('provider down');
      return;
    }
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ ip: '203.0.113.7', city: 'Malé', region: 'Kaafu', country_name: 'Maldives' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/json/{ip}`, seen };
}

const stop = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

describe('client-info helpers', () => {
  it('knows private and loopback addresses', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.9',
      '172.20.0.1',
      '::1',
      'fd00::1',
      '::ffff:10.0.0.1',
    ]) {
      expect(isPrivateIp(ip)).toBe(true);
    }
    for (const ip of ['203.0.113.7', '8.8.8.8', '2001:db8::1', '172.32.0.1']) {
      expect(isPrivateIp(ip)).toBe(false);
    }
  });

  it('puts the address into the provider URL', () => {
    expect(geoipRequestUrl('https://geo.example/{ip}/json', '203.0.113.7')).toBe(
      'https://geo.example/203.0.113.7/json',
    );
    expect(geoipRequestUrl('https://geo.example/json', '203.0.113.7')).toBe('https://geo.example/json');
  });
});

describe(`GET /api/client-info (${testDatabaseKind})`, () => {
  let found: Awaited<ReturnType<typeof startProvider>>;
  let failing: Awaited<ReturnType<typeof startProvider>>;
  let plain: TestApp;
  let withProvider: TestApp;
  let withFailingProvider: TestApp;
  let behindProxy: TestApp;

  // Apps are built up front: building one is slow on a busy machine, and hooks get more time.
  beforeAll(async () => {
    found = await startProvider('ok');
    failing = await startProvider('error');
    plain = await createTestApp({});
    withProvider = await createTestApp({ env: { GEOIP_URL: found.url } });
    withFailingProvider = await createTestApp({ env: { GEOIP_URL: failing.url } });
    behindProxy = await createTestApp({ env: { GEOIP_URL: found.url, TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await Promise.all([plain, withProvider, withFailingProvider, behindProxy].map((a) => a?.close()));
    await Promise.all([found, failing].map((p) => p && stop(p.server)));
  });

  const ask = (t: TestApp, remoteAddress: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/client-info', remoteAddress, headers });

  // Read when the test runs: the apps are made in beforeAll.
  it.each([
    ["is 'hidden' with no provider configured", () => plain, '203.0.113.7', 'hidden'],
    ["is 'failed' when the provider errors", () => withFailingProvider, '203.0.113.9', 'failed'],
  ] as const)('%s', async (_name, app, ip, geolocation) => {
    const res = await ask(app(), ip);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ip, city: null, region: null, country: null, geolocation });
  });

  it("is 'found' when the provider answers", async () => {
    const res = await ask(withProvider, '203.0.113.7');
    expect(res.json()).toEqual({
      ip: '203.0.113.7',
      city: 'Malé',
      region: 'Kaafu',
      country: 'Maldives',
      geolocation: 'found',
    });
    expect(found.seen).toContain('/json/203.0.113.7');
  });

  it("is 'hidden' for a private address, without asking the provider", async () => {
    const before = found.seen.length;
    const res = await ask(withProvider, '127.0.0.1');
    expect(res.json()).toMatchObject({ ip: '127.0.0.1', geolocation: 'hidden' });
    expect(found.seen).toHaveLength(before);
  });

  it('takes the address from X-Forwarded-For only behind a trusted proxy', async () => {
    const forwarded = { 'x-forwarded-for': '198.51.100.4' };
    expect((await ask(behindProxy, '10.0.0.1', forwarded)).json()).toMatchObject({
      ip: '198.51.100.4',
      geolocation: 'found',
    });
    expect((await ask(plain, '10.0.0.1', forwarded)).json().ip).toBe('10.0.0.1');
  });
});
