import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailCodes, mailOutbox } from '#server/db/schema.ts';
import { RATE_LIMITS } from '#server/lib/rate-limit.ts';
import { MANAGE_LINK_HEADER } from '#shared/manage-api.ts';
import { makeTicket, uniqueSuffix } from '#tests/factories.ts';
import { signInAsAdmin } from '#tests/setup/admin-session.ts';
import { mailedCode } from '#tests/setup/public-booking.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`abuse limits with the default rate-limit scale (${testDatabaseKind})`, () => {
  let t: TestApp;
  let nowMs = Date.parse('2026-03-01T06:00:00Z');
  const clock = { now: () => new Date(nowMs) };

  beforeAll(async () => {
    t = await createTestApp({ clock });
    expect(t.config.rateLimitScale).toBe(1);
  });
  afterAll(() => t.close());

  const lookup = (reference: string, ip: string) =>
    t.app.inject({ method: 'GET', url: `/api/bookings/${reference}`, remoteAddress: ip });
  const send = (email: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/email-codes', payload: { email }, remoteAddress: ip });
  const verify = (email: string, code: string, ip: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/email-codes/verify',
      payload: { email, code },
      remoteAddress: ip,
    });
  const newEmail = () => `p-${uniqueSuffix()}@example.com`;

  async function lastCode(email: string): Promise<string> {
    const code = await mailedCode(t.app, email);
    if (!code) throw new Error(`no code mailed to ${email}`);
    return code;
  }

  const otherThan = (code: string) => (code === '000000' ? '000001' : '000000');

  it('the public lookup answers 429 once an address passes its per-minute limit', async () => {
    const { ticket } = await makeTicket(t.database.db);
    const [max] = RATE_LIMITS.lookup;
    for (let i = 0; i < max; i++) {
      const res = await lookup(
        i === 0 ? ticket.paymentReference : `9901${String(i).padStart(6, '0')}`,
        '10.20.0.1',
      );
      expect(res.statusCode).toBe(i === 0 ? 200 : 404);
    }
    const limited = await lookup(ticket.paymentReference, '10.20.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    expect((await lookup(ticket.paymentReference, '10.20.0.2')).statusCode).toBe(200);
  });

  it('the public lookup never lists bookings: partial and wildcard references find nothing', async () => {
    const { ticket } = await makeTicket(t.database.db);
    const reference = ticket.paymentReference;
    const probes = [
      reference.slice(0, 2),
      reference.slice(0, 6),
      reference.slice(1),
      reference.slice(0, -1),
      `${reference.slice(0, -1)}_`,
      `${reference.slice(0, 6)}%25`,
      '_'.repeat(reference.length),
      '%25',
      '%25%25',
      '*',
      '_',
      '.*',
      '%5C%25',
      `${reference}%25`,
      `${reference},${reference}`,
    ];
    for (const [i, probe] of probes.entries()) {
      const res = await lookup(probe, `10.21.${i}.1`);
      expect(res.statusCode, probe).toBe(404);
      expect(res.body, probe).not.toContain(reference);
    }
    // Whole reference, any case and surrounding spaces, as the product promises.
    expect((await lookup(`%20${reference}%20`, '10.21.99.1')).statusCode).toBe(200);
  });

  it('a new code replaces the old one, and each gets only its own 5 tries', async () => {
    const email = newEmail();
    await send(email, '10.22.0.1');
    const first = await lastCode(email);
    for (let i = 0; i < 5; i++)
      expect((await verify(email, otherThan(first), '10.22.0.1')).statusCode).toBe(400);
    expect((await verify(email, first, '10.22.0.1')).statusCode).toBe(400);

    nowMs += 61_000;
    await send(email, '10.22.0.1');
    const second = await lastCode(email);
    // The killed code stays dead even when it differs from the new one.
    if (first !== second) expect((await verify(email, first, '10.22.0.1')).statusCode).toBe(400);
    const rows = await t.database.db.select().from(emailCodes).where(eq(emailCodes.email, email));
    expect(rows).toHaveLength(2);
    expect((await verify(email, second, '10.22.0.1')).statusCode).toBe(200);
  });

  it('guessing across many addresses from one client is capped per IP, even for a right code', async () => {
    const [maxVerify] = RATE_LIMITS.emailVerify;
    const ip = '10.23.0.1';
    const email = newEmail();
    await send(email, '10.23.0.2');
    const code = await lastCode(email);
    for (let i = 0; i < maxVerify; i++) {
      // Wrong guesses against other addresses, each under its own per-code limit.
      const res = await verify(newEmail(), '123456', ip);
      expect(res.statusCode).toBe(400);
    }
    const limited = await verify(email, code, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('code sends from one client are capped per IP across addresses', async () => {
    const [maxSend] = RATE_LIMITS.emailCode;
    const ip = '10.24.0.1';
    for (let i = 0; i < maxSend; i++) expect((await send(newEmail(), ip)).statusCode).toBe(200);
    const limited = await send(newEmail(), ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
  });

  it('guessing manage links for a booking is capped per client address, and a capped client sends no code', async () => {
    const { ticket } = await makeTicket(t.database.db);
    const reference = ticket.paymentReference;
    const read = (link: string, ip: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/bookings/${reference}/manage`,
        headers: { [MANAGE_LINK_HEADER]: link },
        remoteAddress: ip,
      });
    const [maxRead] = RATE_LIMITS.lookup;
    for (let i = 0; i < maxRead; i++) {
      const res = await read(`guess-${i}`, '10.25.0.1');
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe('manage_link_invalid');
    }
    const limited = await read('guess-last', '10.25.0.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe('rate_limited');
    // Another address is not affected.
    expect((await read('guess-other', '10.25.0.2')).statusCode).toBe(404);

    // Code requests across references from one client: capped, and the capped one mails nobody.
    const [maxCode] = RATE_LIMITS.manageCode;
    const ask = (ref: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/bookings/${ref}/manage/code`,
        payload: {},
        remoteAddress: '10.25.0.3',
      });
    for (let i = 0; i < maxCode; i++) {
      expect((await ask(`FT-20990101-${String(i).padStart(4, '0')}`)).statusCode).toBe(202);
    }
    const before = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, ticket.passengerEmail ?? ''));
    const capped = await ask(reference);
    expect(capped.statusCode).toBe(429);
    expect(capped.json().error.code).toBe('rate_limited');
    const after = await t.database.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.to, ticket.passengerEmail ?? ''));
    expect(after).toHaveLength(before.length);
  });

  const adminCall = (cookie: string) =>
    t.app.inject({ method: 'GET', url: '/api/admin/banners', headers: { cookie } });

  it('a logged-out session cookie opens no admin route and cannot log out again', async () => {
    const { cookie } = await signInAsAdmin(t.app);
    expect((await adminCall(cookie)).statusCode).toBe(200);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(out.statusCode).toBe(204);
    const replay = await adminCall(cookie);
    expect(replay.statusCode).toBe(401);
    const write = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/pwa-settings',
      headers: { cookie },
      payload: { appName: 'Taken over' },
    });
    expect(write.statusCode).toBe(401);
  });

  it("a password change ends the admin's other sessions on admin routes too", async () => {
    const first = await signInAsAdmin(t.app);
    const second = await signInAsAdmin(t.app, { admin: first.admin });
    expect((await adminCall(second.cookie)).statusCode).toBe(200);
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: first.cookie },
      payload: { currentPassword: first.admin.password, newPassword: 'a-new-long-secret' },
    });
    expect(change.statusCode).toBe(204);
    expect((await adminCall(second.cookie)).statusCode).toBe(401);
    expect((await adminCall(first.cookie)).statusCode).toBe(200);
  });
});
