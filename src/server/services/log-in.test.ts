import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures, signingKeys } from '#server/db/schema.ts';
import { DEVICE_COOKIE_DAYS } from '#server/lib/device-cookies.ts';
import { retireSigningKey, rotateSigningKey, signValue } from '#server/lib/signing-keys.ts';
import { type MadeAdmin, makeAdmin } from '#tests/factories.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const MAX = 10;
const PARALLEL = 30;

/*
 * The failure count is taken and the attempt recorded under one lock per e-mail (and per
 * address) before the slow password check, so parallel guesses cannot all pass a count that
 * none of them has added to yet. Through a real listening server: parallel requests really
 * overlap on sockets and on the database, as an attacker's would.
 */
describe(`login throttle under parallel guesses (${testDatabaseKind})`, () => {
  let base: string;

  const t = useTestApp(
    {
      // One proxy in front: each request names its own client address in X-Forwarded-For.
      env: { LOGIN_MAX_FAILURES: String(MAX), RATE_LIMIT_SCALE: '100', TRUST_PROXY: '1' },
    },
    async () => {
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    },
  );

  const guess = (email: string, password: string, ip: string) =>
    fetch(`${base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base, 'x-forwarded-for': ip },
      body: JSON.stringify({ email, password }),
    }).then(async (res) => {
      await res.arrayBuffer();
      return res.status;
    });

  const tally = (statuses: number[]) => ({
    judged: statuses.filter((s) => s === 401).length,
    refused: statuses.filter((s) => s === 429).length,
    other: statuses.filter((s) => s !== 401 && s !== 429),
  });

  it(`judges exactly LOGIN_MAX_FAILURES of ${PARALLEL} parallel wrong guesses for one e-mail`, async () => {
    const admin = await makeAdmin(t.database.db);
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) => guess(admin.email, `wrong-guess-${i}`, `10.20.0.${i + 1}`)),
    );
    const result = tally(statuses);
    console.log(`[login race] one e-mail, ${PARALLEL} parallel wrong guesses: ${result.judged} judged (401)`);
    expect(result).toEqual({ judged: MAX, refused: PARALLEL - MAX, other: [] });
    const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, admin.email));
    expect(rows).toHaveLength(MAX);
    // The right password waits too: the e-mail is locked out.
    expect(await guess(admin.email, admin.password, '10.20.1.1')).toBe(429);
  });

  it(`judges exactly LOGIN_MAX_FAILURES of ${PARALLEL} parallel guesses from one address over many e-mails`, async () => {
    const statuses = await Promise.all(
      Array.from({ length: PARALLEL }, (_, i) =>
        guess(`nobody-${i}@example.com`, 'wrong-guess', '10.21.0.1'),
      ),
    );
    expect(tally(statuses)).toEqual({ judged: MAX, refused: PARALLEL - MAX, other: [] });
  });
});

/** The `name=value` of the Set-Cookie entry called `name`, or '' when there is none. */
function cookieNamed(setCookie: string | string[] | undefined, name: string): string {
  const entry = [setCookie ?? []].flat().find((c) => c.startsWith(`${name}=`));
  return entry?.split(';')[0] ?? '';
}

/*
 * OWASP's device cookies: a browser that signed in as an e-mail is judged on its own failures,
 * so an attacker guessing from elsewhere locks out the e-mail but not the admin's browser.
 */
describe(`login device cookies (${testDatabaseKind})`, () => {
  const max = 3;
  let subnet = 0;
  const t = useTestApp({ env: { LOGIN_MAX_FAILURES: String(max), RATE_LIMIT_SCALE: '100' } });

  const login = (email: string, password: string, ip: string, cookie?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  /** A new admin signed in once from its own address: its browser's device cookie and address. */
  async function adminWithDevice(): Promise<{ admin: MadeAdmin; device: string; home: string }> {
    subnet++;
    const admin = await makeAdmin(t.database.db);
    const home = `10.40.${subnet}.1`;
    const res = await login(admin.email, admin.password, home);
    expect(res.statusCode).toBe(200);
    const device = cookieNamed(res.headers['set-cookie'], 'ferry_device');
    expect(device).not.toBe('');
    return { admin, device, home };
  }

  /** Wrong guesses from another address until the e-mail is locked out. */
  async function lockOut(email: string) {
    for (let i = 0; i < max; i++) {
      expect((await login(email, `attacker-${i}`, `10.41.${subnet}.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login(email, 'attacker-more', `10.41.${subnet}.99`)).statusCode).toBe(429);
  }

  it('a sign-in sets a long-lived HttpOnly SameSite=Strict device cookie', async () => {
    const admin = await makeAdmin(t.database.db);
    const res = await login(admin.email, admin.password, '10.40.0.1');
    const entry = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('ferry_device='));
    expect(entry).toBeDefined();
    expect(entry).toContain('HttpOnly');
    expect(entry).toContain('SameSite=Strict');
    expect(entry).toContain('Path=/');
    expect(entry).not.toContain('Secure');
    const expires = Date.parse(/Expires=([^;]+)/.exec(entry ?? '')?.[1] ?? '');
    expect(expires - Date.now()).toBeGreaterThan((DEVICE_COOKIE_DAYS - 1) * 86_400_000);
    // A wrong password gets no device cookie.
    const wrong = await login(admin.email, 'not-the-password', '10.40.0.2');
    expect(cookieNamed(wrong.headers['set-cookie'], 'ferry_device')).toBe('');
  });

  it("an e-mail locked out by someone else's guesses still lets the admin's own browser in", async () => {
    const { admin, device, home } = await adminWithDevice();
    await lockOut(admin.email);
    // Without the device cookie the admin waits like everyone else...
    expect((await login(admin.email, admin.password, home)).statusCode).toBe(429);
    // ...with it, from anywhere, the admin's browser is judged on its own record.
    const ok = await login(admin.email, admin.password, '10.42.0.1', device);
    expect(ok.statusCode).toBe(200);
    expect(cookieNamed(ok.headers['set-cookie'], 'ferry_session')).not.toBe('');
    // The admin's success hands the guesser no fresh allowance.
    expect((await login(admin.email, 'attacker-again', `10.41.${subnet}.98`)).statusCode).toBe(429);
  });

  it('a forged, altered or foreign device cookie counts for nothing', async () => {
    const { admin, device } = await adminWithDevice();
    const other = await adminWithDevice();
    await lockOut(admin.email);
    const [name, value = ''] = device.split('=');
    const [kid, payload = '', mac = ''] = value.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
    const altered = Buffer.from(JSON.stringify({ ...claims, d: 'another-device' })).toString('base64url');
    const flipped = `${mac.slice(0, -2)}${mac.endsWith('AA') ? 'BB' : 'AA'}`;
    const forged = [
      `${name}=${kid}.${altered}.${mac}`,
      `${name}=${kid}.${payload}.${flipped}`,
      `${name}=made-up.${payload}.${mac}`,
      `${name}=${value}x`,
      // A real cookie, but for another e-mail.
      other.device,
    ];
    for (const cookie of forged) {
      expect((await login(admin.email, admin.password, '10.43.0.1', cookie)).statusCode, cookie).toBe(429);
    }
    expect((await login(admin.email, admin.password, '10.43.0.1', device)).statusCode).toBe(200);
  });

  it("a device cookie's own failures lock that device out", async () => {
    const { admin, device } = await adminWithDevice();
    await lockOut(admin.email);
    for (let i = 0; i < max; i++) {
      // Judged (401), not refused: the e-mail's lock-out is not this device's.
      expect((await login(admin.email, `typo-${i}`, '10.44.0.1', device)).statusCode).toBe(401);
    }
    const locked = await login(admin.email, admin.password, '10.44.0.1', device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.code).toBe('too_many_attempts');
    const rows = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, admin.email));
    expect(rows.filter((r) => r.deviceId !== null)).toHaveLength(max);
  });

  it('a new signing key still accepts device cookies of the old one until it is retired', async () => {
    const { admin, device } = await adminWithDevice();
    await lockOut(admin.email);
    const oldKid = device.split('=')[1]?.split('.')[0] ?? '';
    const newKid = await rotateSigningKey({ db: t.database.db, purpose: 'device-cookie' });

    const again = await login(admin.email, admin.password, '10.45.0.1', device);
    expect(again.statusCode).toBe(200);
    const renewed = cookieNamed(again.headers['set-cookie'], 'ferry_device');
    expect(renewed.split('=')[1]?.split('.')[0]).toBe(newKid);

    await retireSigningKey({ db: t.database.db, id: oldKid });
    expect((await login(admin.email, admin.password, '10.45.0.1', device)).statusCode).toBe(429);
    expect((await login(admin.email, admin.password, '10.45.0.1', renewed)).statusCode).toBe(200);
    const [key] = await t.database.db.select().from(signingKeys).where(eq(signingKeys.id, oldKid));
    expect(key?.retiredAt).not.toBeNull();
  });

  it('a device cookie issued more than 180 days ago counts for nothing', async () => {
    const { admin } = await adminWithDevice();
    await lockOut(admin.email);
    const claims = Buffer.from(JSON.stringify({ e: admin.email, d: 'x', t: Date.now() })).toString(
      'base64url',
    );
    // Both signed with the live key; only the issue date differs.
    const stale = Buffer.from(
      JSON.stringify({ e: admin.email, d: 'x', t: Date.now() - (DEVICE_COOKIE_DAYS + 1) * 86_400_000 }),
    ).toString('base64url');
    const fresh = await signValue({ db: t.database.db, purpose: 'device-cookie', payload: claims });
    const old = await signValue({ db: t.database.db, purpose: 'device-cookie', payload: stale });
    expect((await login(admin.email, admin.password, '10.46.0.1', `ferry_device=${old}`)).statusCode).toBe(
      429,
    );
    expect((await login(admin.email, admin.password, '10.46.0.1', `ferry_device=${fresh}`)).statusCode).toBe(
      200,
    );
  });
});

describe(`login device cookie over https (${testDatabaseKind})`, () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://ferry.example.com' } });

  it('is Secure and __Host- prefixed', async () => {
    const admin = await makeAdmin(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    const entry = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith('__Host-ferry_device='));
    expect(entry).toContain('Secure');
    expect(entry).toContain('HttpOnly');
    expect(entry).toContain('SameSite=Strict');
  });
});
