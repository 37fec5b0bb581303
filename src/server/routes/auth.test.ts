import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminUsers, auditLog, loginFailures, sessions } from '#server/db/schema.ts';
import { hashToken } from '#server/lib/sessions.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { ROLE_PERMISSIONS } from '#shared/permissions.ts';
import { makeAdmin } from '#tests/factories.ts';
import { cookieFrom, signInAsAdmin } from '#tests/setup/admin-session.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`admin sign-in and sessions (${testDatabaseKind})`, () => {
  let nowMs = Date.now();
  const clock = { now: () => new Date(nowMs) };

  const t = useTestApp({ clock, env: { LOGIN_MAX_FAILURES: '3', RATE_LIMIT_SCALE: '100' } });

  const login = (email: string, password: string, ip = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  const me = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/api/auth/me', headers: cookie ? { cookie } : {} });

  it('signs in: AuthMe, an HttpOnly SameSite=Strict cookie, only the token hash stored', async () => {
    const admin = await makeAdmin(t.database.db, { username: 'harbour' });
    const res = await login(admin.email.toUpperCase(), admin.password, '10.0.0.1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        id: admin.id,
        email: admin.email,
        username: 'harbour',
        role: 'owner',
        permissions: ROLE_PERMISSIONS.owner,
      },
    });
    const setCookie = String(res.headers['set-cookie']);
    expect(setCookie).toMatch(/^ferry_session=/);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Strict');
    expect(setCookie).toContain('Path=/');
    expect(setCookie).not.toContain('Secure');
    const token = cookieFrom(res.headers['set-cookie']).split('=')[1] ?? '';
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashToken(token));
    expect(rows[0]?.tokenHash).not.toContain(token);

    const who = await me(cookieFrom(res.headers['set-cookie']));
    expect(who.json().user.email).toBe(admin.email);
  });

  it('rotates the token at every sign-in', async () => {
    const admin = await makeAdmin(t.database.db);
    const a = cookieFrom((await login(admin.email, admin.password, '10.0.0.2')).headers['set-cookie']);
    const b = cookieFrom((await login(admin.email, admin.password, '10.0.0.2')).headers['set-cookie']);
    expect(a).not.toBe(b);
    expect((await me(a)).json().user).not.toBeNull();
    expect((await me(b)).json().user).not.toBeNull();
  });

  it('answers {user:null} (not 401) when signed out or the cookie is unknown', async () => {
    expect((await me()).statusCode).toBe(200);
    expect((await me()).json()).toEqual({ user: null });
    expect((await me('ferry_session=nonsense')).json()).toEqual({ user: null });
  });

  it('refuses wrong passwords and unknown e-mails alike', async () => {
    const admin = await makeAdmin(t.database.db);
    const wrong = await login(admin.email, 'not-it', '10.0.1.1');
    const unknown = await login('nobody@example.com', 'whatever', '10.0.1.2');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json().error).toEqual({ code: 'invalid_credentials', message: MSG.invalidCredentials });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
  });

  it('answers a missing field with the SPEC message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'a@b.c' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.loginRequired);
  });

  it('throttles per e-mail, then lets a success clear the e-mail failures', async () => {
    const admin = await makeAdmin(t.database.db);
    for (let i = 0; i < 3; i++) {
      expect((await login(admin.email, 'wrong', `10.1.0.${i + 1}`)).statusCode).toBe(401);
    }
    // Even the right password waits: the throttle is checked before the password.
    const blocked = await login(admin.email, admin.password, '10.1.0.9');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe('too_many_attempts');
    expect(blocked.json().error.message).toBe(MSG.loginThrottled(15));
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(14 * 60);

    nowMs += 15 * 60_000 + 1_000;
    expect((await login(admin.email, admin.password, '10.1.0.9')).statusCode).toBe(200);
    const left = await t.database.db.select().from(loginFailures).where(eq(loginFailures.email, admin.email));
    expect(left).toHaveLength(0);
  });

  it('throttles per IP across e-mails', async () => {
    const ip = '10.2.0.1';
    for (let i = 0; i < 3; i++) {
      expect((await login(`guess-${i}@example.com`, 'wrong', ip)).statusCode).toBe(401);
    }
    const admin = await makeAdmin(t.database.db);
    expect((await login(admin.email, admin.password, ip)).statusCode).toBe(429);
    expect((await login(admin.email, admin.password, '10.2.0.2')).statusCode).toBe(200);
  });

  it('a user without an admin profile cannot sign in', async () => {
    const user = await makeAdmin(t.database.db, { profile: false });
    const res = await login(user.email, user.password, '10.3.0.1');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({ code: 'not_admin', message: MSG.notAdmin });
  });

  it('logs out: 204, session row gone, cookie cleared', async () => {
    const { cookie, admin } = await signInAsAdmin(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: { cookie } });
    expect(res.statusCode).toBe(204);
    expect(String(res.headers['set-cookie'])).toMatch(
      /ferry_session=;.*(Expires=Thu, 01 Jan 1970|Max-Age=0)/,
    );
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toHaveLength(0);
    expect((await me(cookie)).json()).toEqual({ user: null });
  });

  it('expires a session after the idle time, and refreshes it while in use', async () => {
    const { cookie } = await signInAsAdmin(t.app);
    nowMs += 100 * 60_000;
    expect((await me(cookie)).json().user).not.toBeNull();
    nowMs += 100 * 60_000; // 100 minutes since the last request, 200 since sign-in
    expect((await me(cookie)).json().user).not.toBeNull();
    nowMs += 121 * 60_000;
    expect((await me(cookie)).json()).toEqual({ user: null });
  });

  it("drops an admin's ended sessions at the next sign-in", async () => {
    const admin = await makeAdmin(t.database.db);
    await signInAsAdmin(t.app, { admin });
    nowMs += 13 * 60 * 60_000;
    await signInAsAdmin(t.app, { admin });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id))).toHaveLength(1);
  });

  it('expires a session at the absolute limit however active', async () => {
    const { cookie } = await signInAsAdmin(t.app);
    for (let i = 0; i < 12; i++) {
      nowMs += 60 * 60_000;
      const user = (await me(cookie)).json().user;
      if (i < 11) expect(user).not.toBeNull();
      else expect(user).toBeNull();
    }
  });

  it('changes the password: other sessions end, this one stays, audit-logged', async () => {
    const admin = await makeAdmin(t.database.db, { isDemo: true });
    const first = await signInAsAdmin(t.app, { admin });
    const second = await signInAsAdmin(t.app, { admin });
    const change = (cookie: string, payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/auth/password', headers: { cookie }, payload });

    const missing = await change(first.cookie, { currentPassword: '', newPassword: 'another-secret' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toBe(MSG.currentPasswordRequired);

    const wrong = await change(first.cookie, { currentPassword: 'nope', newPassword: 'another-secret' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('current_password_incorrect');
    expect(wrong.json().error.message).toBe(MSG.currentPasswordIncorrect);

    // docs/decisions/005-password-length.md: 12 characters at least.
    for (const newPassword of ['12345', 'elevenchars']) {
      const short = await change(first.cookie, { currentPassword: admin.password, newPassword });
      expect(short.statusCode).toBe(400);
      expect(short.json().error.message).toBe('Password must be at least 12 characters long');
    }

    const ok = await change(first.cookie, { currentPassword: admin.password, newPassword: 'another-secret' });
    expect(ok.statusCode).toBe(204);
    expect((await me(first.cookie)).json().user).not.toBeNull();
    expect((await me(second.cookie)).json()).toEqual({ user: null });
    const [user] = await t.database.db.select().from(adminUsers).where(eq(adminUsers.id, admin.id));
    expect(user?.hasDemoPassword).toBe(false);
    expect((await login(admin.email, admin.password, '10.4.0.1')).statusCode).toBe(401);
    expect((await login(admin.email, 'another-secret', '10.4.0.2')).statusCode).toBe(200);
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, admin.id), eq(auditLog.action, 'password_change')));
    expect(audit).toHaveLength(1);
    expect(audit[0]?.actorUserId).toBe(admin.id);
  });

  it('changes the password of an account signed in on hundreds of devices, ending every other session', async () => {
    const admin = await makeAdmin(t.database.db, { isDemo: true });
    const kept = await signInAsAdmin(t.app, { admin });
    // More sessions than one notification can name (its payload is at most 8000 bytes).
    const expiresAt = new Date(nowMs + 86_400_000);
    await t.database.db.insert(sessions).values(
      Array.from({ length: 300 }, (_, i) => ({
        tokenHash: hashToken(`device-${i}`),
        userId: admin.id,
        expiresAt,
      })),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password',
      headers: { cookie: kept.cookie },
      payload: { currentPassword: admin.password, newPassword: 'another-secret' },
    });
    expect(res.statusCode, res.body).toBe(204);
    const left = await t.database.db.select().from(sessions).where(eq(sessions.userId, admin.id));
    expect(left).toHaveLength(1);
    expect((await me(kept.cookie)).json().user).not.toBeNull();
  });

  it('refuses a password change without a session, before it looks at the body', async () => {
    // A well-formed body, one that breaks the password rules, and none at all: 401 each time, so a
    // signed-out caller learns nothing of the rules.
    for (const payload of [{ currentPassword: 'a', newPassword: 'bbbbbbbbbbbb' }, { newPassword: 'x' }, {}]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/password', payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(401);
      expect(res.json().error.code).toBe('not_authenticated');
    }
  });

  it('shows demo credentials only while the demo admin keeps its demo password', async () => {
    const url = '/api/auth/demo-credentials';
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({ demo: null });
    const demo = await makeAdmin(t.database.db, { ...DEMO_ADMIN, isDemo: true });
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({
      demo: { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password },
    });
    await t.database.db.update(adminUsers).set({ hasDemoPassword: false }).where(eq(adminUsers.id, demo.id));
    expect((await t.app.inject({ method: 'GET', url })).json()).toEqual({ demo: null });
  });
});

describe(`session cookie over https (${testDatabaseKind})`, () => {
  const t = useTestApp({ env: { PUBLIC_URL: 'https://ferry.example.com' } });

  it('is Secure and __Host- prefixed', async () => {
    const { cookie } = await signInAsAdmin(t.app);
    expect(cookie).toMatch(/^__Host-ferry_session=/);
    const admin = await makeAdmin(t.database.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: admin.email, password: admin.password },
    });
    expect(String(res.headers['set-cookie'])).toContain('Secure');
    const who = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie } });
    expect(who.json().user).not.toBeNull();
  });
});
