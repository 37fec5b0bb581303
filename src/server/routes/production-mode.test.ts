import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureAdmin } from '#server/services/ensure-admin.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * The demo never reaches production: even on data where the demo was seeded (a copied database),
 * a production server shows no demo credentials, lets the demo password open nothing, and has
 * no dev outbox.
 */
describe(`production on demo data (${testDatabaseKind})`, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { NODE_ENV: 'production', MAIL_TRANSPORT: 'log' }, seed: true });
    await ensureAdmin({ db: t.database.db, ...DEMO_ADMIN, isDemo: true });
  });
  afterAll(() => t.close());

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
});
