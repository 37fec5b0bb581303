import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '#server/services/ensure-admin.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { PRODUCTION_ENV } from '#tests/setup/production-env.ts';
import { createTestApp, type TestApp, useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * The demo never reaches production: even on data where the demo was seeded (a copied database),
 * a production server shows no demo credentials, lets the demo password open nothing, and has
 * no dev outbox.
 */
describe(`production on demo data (${testDatabaseKind})`, () => {
  const t = useTestApp({ env: { ...PRODUCTION_ENV }, seed: true }, async () => {
    await ensureAdmin({ db: t.database.db, ...DEMO_ADMIN, isDemo: true });
  });

  it('answers {demo:null} for the demo credentials', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth/demo-credentials' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ demo: null });
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('does not let the demo password sign in', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toEqual({ code: 'invalid_credentials', message: MSG.invalidCredentials });
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('has no dev outbox, even with mail printed to the log', async () => {
    expect(t.config.mailTransport).toBe('log');
    expect((await t.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });
});

describe(`dev outbox (${testDatabaseKind})`, () => {
  let logged: TestApp;
  let smtp: TestApp;
  beforeAll(async () => {
    logged = await createTestApp();
    // Nothing listens there: the app is only built, never sends.
    smtp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
  });
  afterAll(async () => {
    await logged.close();
    await smtp.close();
  });

  it('lists mail only where mail is logged instead of sent', async () => {
    expect((await logged.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(200);
    // A staging server with real mail would otherwise show anyone every code it sends.
    expect(smtp.config.mailTransport).toBe('smtp');
    expect((await smtp.app.inject({ method: 'GET', url: '/dev/outbox' })).statusCode).toBe(404);
  });

  it('answers only a client on this machine that did not come through a proxy; anything else is 404', async () => {
    const proxied = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const ask = (app: TestApp, opts: { remoteAddress?: string; headers?: Record<string, string> }) =>
        Promise.all([
          app.app.inject({ method: 'GET', url: '/dev/outbox', ...opts }),
          app.app.inject({
            method: 'POST',
            url: '/dev/staff-links/expire',
            payload: { email: 'a@b.mv' },
            ...opts,
          }),
        ]).then((answers) => answers.map((a) => a.statusCode));
      expect(await ask(logged, { remoteAddress: '127.0.0.1' })).toEqual([200, 200]);
      expect(await ask(logged, { remoteAddress: '::1' })).toEqual([200, 200]);
      expect(await ask(logged, { remoteAddress: '::ffff:127.0.0.1' })).toEqual([200, 200]);
      // Another machine, or this one's reverse proxy passing a visitor on.
      expect(await ask(logged, { remoteAddress: '10.1.2.3' })).toEqual([404, 404]);
      expect(await ask(logged, { remoteAddress: '192.168.0.7' })).toEqual([404, 404]);
      for (const header of ['x-forwarded-for', 'forwarded', 'x-real-ip']) {
        const value = header === 'forwarded' ? 'for=203.0.113.9' : '203.0.113.9';
        expect(
          await ask(logged, { remoteAddress: '127.0.0.1', headers: { [header]: value } }),
          header,
        ).toEqual([404, 404]);
      }
      // A trusted proxy's claim that the visitor is local changes nothing.
      expect(
        await ask(proxied, { remoteAddress: '10.0.0.2', headers: { 'x-forwarded-for': '127.0.0.1' } }),
      ).toEqual([404, 404]);
      expect(
        await ask(proxied, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': '127.0.0.1' } }),
      ).toEqual([404, 404]);
      // The 404 is the usual one: nothing says a route is there.
      const refused = await logged.app.inject({
        method: 'GET',
        url: '/dev/outbox',
        remoteAddress: '10.1.2.3',
      });
      const missing = await logged.app.inject({ method: 'GET', url: '/dev/nothing-here' });
      expect(refused.json()).toEqual(missing.json());
    } finally {
      await proxied.close();
    }
  });
});
