import type { AddressInfo } from 'node:net';
import { and, desc, eq, ne } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminProfiles, auditLog, mailOutbox, sessions, staffLinks } from '#server/db/schema.ts';
import { RATE_LIMITS } from '#server/lib/rate-limit.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { ROLE_PERMISSIONS } from '#shared/permissions.ts';
import { makeAdmin } from '#tests/factories.ts';
import { requestsWith, type StaffSession, useAdminApp } from '#tests/setup/admin-app.ts';
import { cookieFrom } from '#tests/setup/admin-session.ts';
import { sseReader } from '#tests/setup/sse-reader.ts';
import { createTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`staff accounts (${testDatabaseKind})`, () => {
  let base = '';

  /** Signed in as an Owner. */
  const t = useAdminApp({}, async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  });

  /** Signs in from `ip`, as the login form does. */
  const logIn = (email: string, password: string, ip: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress: ip });
  /** Sets a password through a mailed link (from `ip` when given), as its page does. */
  const complete = (token: string, password: string, ip?: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/links/complete',
      payload: { token, password },
      ...(ip ? { remoteAddress: ip } : {}),
    });

  /** The link of the newest mail to `email`, read the way the person reads it. */
  async function mailedToken(email: string): Promise<{ url: string; token: string }> {
    const [mail] = await t.database.db
      .select({ text: mailOutbox.text })
      .from(mailOutbox)
      .where(eq(mailOutbox.to, email))
      .orderBy(desc(mailOutbox.seq))
      .limit(1);
    const url = mail?.text.match(/https?:\/\/\S+#\S+/)?.[0];
    if (!url) throw new Error(`no link mailed to ${email}`);
    return { url, token: url.split('#')[1] ?? '' };
  }

  async function invite(email: string, role = 'office') {
    const res = await t.post('/api/admin/staff/invitations', { email, role });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  async function join(email: string, role = 'office') {
    await invite(email, role);
    const { token } = await mailedToken(email);
    const res = await complete(token, 'harbour-lights-2026', '10.9.0.1');
    expect(res.statusCode, res.body).toBe(200);
    const cookie = cookieFrom(res.headers['set-cookie']);
    return { cookie, user: res.json().user, token, ...requestsWith(t.app, cookie) };
  }

  it('invites by e-mail: the single-use link signs the person up with their role', async () => {
    const email = `office-${Date.now()}@example.com`;
    const invitation = await invite(email, 'office');
    expect(invitation).toMatchObject({ email, role: 'office', invitedBy: t.admin.email });
    const hours = (Date.parse(invitation.expiresAt) - Date.parse(invitation.createdAt)) / 3_600_000;
    expect(hours).toBe(72);

    const { url, token } = await mailedToken(email);
    expect(url).toMatch(/\/admin\/welcome#[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const [row] = await t.database.db.select().from(staffLinks).where(eq(staffLinks.id, invitation.id));
    expect(row?.tokenHash).not.toContain(token);

    const check = await t.app.inject({ method: 'POST', url: '/api/auth/links/check', payload: { token } });
    expect(check.json()).toEqual({ kind: 'invite', email, role: 'office' });

    const short = await complete(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().error.code).toBe('password_too_short');

    const done = await complete(token, 'harbour-lights-2026');
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().user).toMatchObject({
      email,
      role: 'office',
      permissions: [...ROLE_PERMISSIONS.office],
    });
    const joined = requestsWith(t.app, cookieFrom(done.headers['set-cookie']));
    expect((await joined.get('/api/admin/tickets')).statusCode).toBe(200);
    expect((await joined.get('/api/admin/staff')).statusCode).toBe(403);

    // Used once: a second use, or a check, says so.
    for (const url of ['/api/auth/links/check', '/api/auth/links/complete']) {
      const again = await t.app.inject({
        method: 'POST',
        url,
        payload: { token, password: 'another-password-1' },
      });
      expect(again.statusCode).toBe(410);
      expect(again.json().error).toEqual({ code: 'link_used', message: STAFF_MSG.linkUsed });
    }
    const list = await t.get('/api/admin/staff');
    expect(list.json().staff).toContainEqual(
      expect.objectContaining({ email, role: 'office', active: true }),
    );
    expect(list.json().invitations.map((i: { email: string }) => i.email)).not.toContain(email);
  });

  it('refuses an expired, a withdrawn and an unknown link with its own message', async () => {
    const email = `late-${Date.now()}@example.com`;
    const invitation = await invite(email);
    const { token } = await mailedToken(email);
    await t.database.db
      .update(staffLinks)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffLinks.id, invitation.id));
    const expired = await t.app.inject({ method: 'POST', url: '/api/auth/links/check', payload: { token } });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().error).toEqual({ code: 'link_expired', message: STAFF_MSG.linkExpired });

    // Sent again: a new link works, the old one no longer does.
    const resent = await t.post(`/api/admin/staff/invitations/${invitation.id}/resend`);
    expect(resent.statusCode, resent.body).toBe(200);
    const fresh = await mailedToken(email);
    expect(fresh.token).not.toBe(token);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/auth/links/check', payload: { token: fresh.token } }))
        .statusCode,
    ).toBe(200);

    const revoked = await t.del(`/api/admin/staff/invitations/${resent.json().id}`);
    expect(revoked.statusCode).toBe(204);
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/links/check',
      payload: { token: fresh.token },
    });
    expect(withdrawn.json().error).toEqual({ code: 'link_invalid', message: STAFF_MSG.linkInvalid });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/links/check',
      payload: { token: 'x'.repeat(43) },
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('will not invite an e-mail that already has an account', async () => {
    const res = await t.post('/api/admin/staff/invitations', {
      email: t.admin.email.toUpperCase(),
      role: 'crew',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('staff_exists');
  });

  it('deactivation ends the person’s sessions and open event stream at once; reactivation lets them sign in again', async () => {
    const email = `crew-${Date.now()}@example.com`;
    const person = await join(email, 'office');
    const stream = await fetch(`${base}/api/admin/events`, { headers: { cookie: person.cookie } });
    expect(stream.status).toBe(200);
    const reader = sseReader(stream.body as ReadableStream<Uint8Array>);

    const off = await t.patch(`/api/admin/staff/${person.user.id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ active: false });
    // The live event reaches the stream (through the database's channel, as on any instance).
    await reader.waitFor((r) => r.event === 'session');
    await reader.done;
    expect((await person.get('/api/auth/me')).json()).toEqual({
      user: null,
    });
    expect(await t.database.db.select().from(sessions).where(eq(sessions.userId, person.user.id))).toEqual(
      [],
    );
    const refused = await logIn(email, 'harbour-lights-2026', '10.9.0.2');
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toEqual({ code: 'account_inactive', message: STAFF_MSG.accountInactive });

    await t.patch(`/api/admin/staff/${person.user.id}`, { active: true });
    const back = await logIn(email, 'harbour-lights-2026', '10.9.0.3');
    expect(back.statusCode).toBe(200);
  });

  it('a role change reaches the person’s open screens and their next request', async () => {
    const person = await join(`counter-${Date.now()}@example.com`, 'office');
    const stream = await fetch(`${base}/api/admin/events`, { headers: { cookie: person.cookie } });
    const reader = sseReader(stream.body as ReadableStream<Uint8Array>);
    await t.patch(`/api/admin/staff/${person.user.id}`, { role: 'counter' });
    await reader.waitFor((r) => r.event === 'session');
    const me = await person.get('/api/auth/me');
    expect(me.json().user).toMatchObject({ role: 'counter', permissions: [...ROLE_PERMISSIONS.counter] });
    expect((await person.get('/api/admin/tickets')).statusCode).toBe(403);
  });

  it('a reset ends the person’s sessions, voids the old password, and its link sets a new one once', async () => {
    const email = `reset-${Date.now()}@example.com`;
    const person = await join(email, 'office');
    const res = await t.post(`/api/admin/staff/${person.user.id}/reset-password`);
    expect(res.statusCode).toBe(204);
    expect((await person.get('/api/auth/me')).json().user).toBeNull();
    const old = await logIn(email, 'harbour-lights-2026', '10.9.0.4');
    expect(old.statusCode).toBe(401);
    const { url, token } = await mailedToken(email);
    expect(url).toContain('/admin/reset-password#');
    const check = await t.app.inject({ method: 'POST', url: '/api/auth/links/check', payload: { token } });
    expect(check.json()).toEqual({ kind: 'reset', email, role: 'office' });
    const done = await complete(token, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    const again = await complete(token, 'a-second-new-password');
    expect(again.json().error.code).toBe('link_used');
    const signIn = await logIn(email, 'a-brand-new-password', '10.9.0.5');
    expect(signIn.statusCode).toBe(200);
  });

  it('an Owner’s unused invitations die when they are deactivated or lose the staff screen, and a deactivated person’s own reset link with them', async () => {
    const db = t.database.db;
    const stamp = Date.now();
    const demoted = await t.signInAs('owner');
    const leaving = await t.signInAs('owner');
    const inviteAs = async (who: StaffSession, email: string) => {
      const res = await who.post('/api/admin/staff/invitations', { email, role: 'crew' });
      expect(res.statusCode, res.body).toBe(201);
      return { id: res.json().id as string, email, token: (await mailedToken(email)).token };
    };
    const answer = async (token: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/links/check', payload: { token } });
      return res.statusCode === 200 ? 'open' : res.json().error.code;
    };
    const fromDemoted = await inviteAs(demoted, `by-demoted-${stamp}@example.com`);
    const fromLeaving = await inviteAs(leaving, `by-leaving-${stamp}@example.com`);
    const fromOwner = await inviteAs(t, `by-owner-${stamp}@example.com`);
    // An invitation already used made an account, which stays.
    const joinedEmail = `joined-${stamp}@example.com`;
    const joined = await inviteAs(leaving, joinedEmail);
    const completed = await complete(joined.token, 'harbour-lights-2026', '10.9.0.7');
    expect(completed.statusCode, completed.body).toBe(200);
    // A reset link for the person about to leave, not used yet.
    const reset = await t.post(`/api/admin/staff/${leaving.admin.id}/reset-password`);
    expect(reset.statusCode).toBe(204);
    const leavingReset = (await mailedToken(leaving.admin.email)).token;

    // A role without the staff screen: their invitations go, nobody else's.
    const demote = await t.patch(`/api/admin/staff/${demoted.admin.id}`, { role: 'office' });
    expect(demote.statusCode, demote.body).toBe(200);
    expect(await answer(fromDemoted.token)).toBe('link_invalid');
    const late = await complete(fromDemoted.token, 'harbour-lights-2026');
    expect(late.json().error).toEqual({ code: 'link_invalid', message: STAFF_MSG.linkInvalid });
    expect(await answer(fromLeaving.token)).toBe('open');
    expect(await answer(leavingReset)).toBe('open');

    // Deactivated: the invitations they sent and the reset link sent to them.
    const off = await t.patch(`/api/admin/staff/${leaving.admin.id}`, { active: false });
    expect(off.statusCode, off.body).toBe(200);
    expect(await answer(fromLeaving.token)).toBe('link_invalid');
    expect(await answer(leavingReset)).toBe('link_invalid');
    // Coming back brings none of them back.
    await t.patch(`/api/admin/staff/${leaving.admin.id}`, { active: true });
    expect(await answer(fromLeaving.token)).toBe('link_invalid');
    expect(await answer(leavingReset)).toBe('link_invalid');
    expect(await answer(fromOwner.token)).toBe('open');
    const list = await t.get('/api/admin/staff');
    const open = list.json().invitations.map((i: { email: string }) => i.email);
    expect(open).toContain(fromOwner.email);
    expect(open).not.toContain(fromDemoted.email);
    expect(open).not.toContain(fromLeaving.email);
    expect(list.json().staff).toContainEqual(expect.objectContaining({ email: joinedEmail, active: true }));

    // Each withdrawal is in the audit trail, as the Owner's, with why.
    const withdrawn = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.actorUserId, t.admin.id))
      .then((rows) => rows.filter((r) => [fromDemoted.id, fromLeaving.id].includes(r.entityId ?? '')));
    expect(withdrawn.map((r) => [r.entityId, r.action, r.after])).toEqual(
      expect.arrayContaining([
        [fromDemoted.id, 'staff_invite_revoke', { reason: 'sender_lost_staff_manage' }],
        [fromLeaving.id, 'staff_invite_revoke', { reason: 'sender_deactivated' }],
      ]),
    );
    const [resetRow] = await db
      .select({ id: staffLinks.id })
      .from(staffLinks)
      .where(and(eq(staffLinks.userId, leaving.admin.id), eq(staffLinks.kind, 'reset')));
    const [resetAudit] = await db
      .select()
      .from(auditLog)
      .where(eq(auditLog.entityId, resetRow?.id ?? ''));
    expect(resetAudit).toMatchObject({
      actorUserId: t.admin.id,
      action: 'staff_reset_revoke',
      after: { reason: 'person_deactivated' },
    });
  });

  it('never removes or demotes the last active Owner', async () => {
    const db = t.database.db;
    // This app's other Owners step down, so the signed-in one is the last.
    await db
      .update(adminProfiles)
      .set({ role: 'office' })
      .where(and(eq(adminProfiles.role, 'owner'), ne(adminProfiles.userId, t.admin.id)));
    for (const payload of [{ role: 'office' }, { active: false }]) {
      const res = await t.patch(`/api/admin/staff/${t.admin.id}`, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json().error).toEqual({ code: 'last_owner', message: STAFF_MSG.lastOwner });
    }
    // With a second Owner, the first may step down.
    const second = await makeAdmin(db, { role: 'owner' });
    const res = await t.patch(`/api/admin/staff/${second.id}`, { role: 'crew' });
    expect(res.statusCode).toBe(200);
  });

  it('signs out everywhere: every session of the person ends, this one too', async () => {
    const admin = await makeAdmin(t.database.db, { role: 'office' });
    const a = await t.signInAs(admin);
    const b = await t.signInAs(admin);
    const res = await a.post('/api/auth/logout-everywhere');
    expect(res.statusCode).toBe(204);
    for (const session of [a, b]) expect((await session.get('/api/auth/me')).json().user).toBeNull();
  });

  it('audits sign-ins, failed sign-ins, invitations, role changes and deactivations, with who did them', async () => {
    const email = `audited-${Date.now()}@example.com`;
    const person = await join(email, 'office');
    const signedIn = await logIn(email, 'harbour-lights-2026', '10.9.0.6');
    expect(signedIn.statusCode).toBe(200);
    await logIn(email, 'wrong-password-here', '10.9.0.6');
    await t.patch(`/api/admin/staff/${person.user.id}`, { role: 'crew' });
    await t.patch(`/api/admin/staff/${person.user.id}`, { active: false });
    const page = await t.get(`/api/admin/audit?actor=${t.admin.id}`);
    expect(page.statusCode).toBe(200);
    const mine = page.json().entries.filter((e: { entityId: string }) => e.entityId === person.user.id);
    expect(mine.map((e: { action: string }) => e.action)).toEqual(['staff_deactivate', 'staff_role_change']);
    expect(mine[1]).toMatchObject({
      actorEmail: t.admin.email,
      before: { role: 'office' },
      after: { role: 'crew' },
    });
    const rows = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, person.user.id));
    expect(rows.map((r) => r.action).sort()).toEqual(
      ['sign_in', 'sign_in_failed', 'staff_deactivate', 'staff_join', 'staff_role_change'].sort(),
    );
    const invited = await t.get('/api/admin/audit?action=staff_invite');
    expect(invited.json().entries.some((e: { after: { email: string } }) => e.after.email === email)).toBe(
      true,
    );
  });

  it('pages through a long history without skipping or repeating, and exports it as CSV', async () => {
    const admin = await makeAdmin(t.database.db, { role: 'office' });
    const values = Array.from({ length: 120 }, (_, i) => ({
      actorUserId: admin.id,
      action: 'bulk_test',
      entity: 'test',
      entityId: String(i),
      after: { note: i === 7 ? '=HYPERLINK("http://evil")' : `n${i}` },
    }));
    await t.database.db.insert(auditLog).values(values);
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const q: string = `/api/admin/audit?actor=${admin.id}${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await t.get(q);
      const body = res.json();
      seen.push(...body.entries.map((e: { entityId: string }) => e.entityId));
      cursor = body.next;
    } while (cursor);
    expect(seen).toHaveLength(120);
    expect(new Set(seen).size).toBe(120);

    const csv = await t.get(`/api/admin/audit.csv?actor=${admin.id}`);
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('When,Who,Action,Entity,Entity id,Before,After');
    expect(lines).toHaveLength(121);
    // No cell opens with a formula character.
    for (const line of lines) expect(line.split(',').every((cell) => !/^[=+\-@]/.test(cell))).toBe(true);

    const bad = await t.get('/api/admin/audit?from=24-11-2026');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual({ from: STAFF_MSG.auditDateInvalid });
  });

  it('limits the public link routes per address', async () => {
    const limited = await createTestApp({ env: { RATE_LIMIT_SCALE: '1' } });
    try {
      const [max] = RATE_LIMITS.staffLink;
      const check = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/links/check',
          payload: { token: 'y'.repeat(43) },
          remoteAddress,
        });
      for (let i = 0; i < max; i++) expect((await check('10.77.0.1')).statusCode).toBe(404);
      const over = await check('10.77.0.1');
      expect(over.statusCode).toBe(429);
      expect(over.headers['retry-after']).toBeDefined();
      // Another address is not held back by the first.
      expect((await check('10.77.0.2')).statusCode).toBe(404);
    } finally {
      await limited.close();
    }
  });
});
