import { and, count, eq, gt, isNull, lte, min, or, type SQL, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import {
  adminProfiles,
  adminUsers,
  loginFailures,
  partners,
  partnerUsers,
  sessions,
} from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { issueDeviceCookie, trustedDeviceId } from '#server/lib/device-cookies.ts';
import { AppError } from '#server/lib/errors.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { createSession, toAdminUser, toPartnerAccount } from '#server/lib/sessions.ts';
import type { AdminUser } from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { PartnerAccount } from '#shared/partners.ts';

/** The throttle window of docs/product.md section 13: LOGIN_MAX_FAILURES failures per 15 minutes. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

// Verified against when the e-mail is unknown, so an unknown address costs the same argon2
// work as a wrong password and response times do not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-0123456789');
  return dummyHash;
};

type LogInOptions = {
  db: Db;
  clock: Clock;
  config: Pick<
    Config,
    'isProduction' | 'loginMaxFailures' | 'publicUrl' | 'sessionIdleMinutes' | 'sessionMaxHours'
  >;
  email: string;
  password: string;
  ip: string;
  userAgent?: string | undefined;
  /** The browser's login device cookie, if it sent one (lib/device-cookies.ts). */
  deviceCookie?: string | undefined;
};

type LogInResult = {
  /** Staff; null for a partner's user, who has `partner` instead (docs/decisions/043). */
  user: AdminUser | null;
  partner: PartnerAccount | null;
  token: string;
  expiresAt: Date;
  /** The device cookie to set: this browser has now signed in as this e-mail. */
  device: { value: string; expiresAt: Date };
};

type Counter = { lock: string; where: SQL | undefined };

/**
 * The counters an attempt is judged on (docs/decisions/006-login-throttle.md): a browser with a
 * valid device cookie for the e-mail on that device's own failures only; anyone else on the
 * e-mail's and the address's failures without a device. Guesses from elsewhere that lock the
 * e-mail out therefore never lock out the admin's own browser.
 */
function countersOf(email: string, ip: string, deviceId: string | null): Counter[] {
  if (deviceId) return [{ lock: `login-device:${deviceId}`, where: eq(loginFailures.deviceId, deviceId) }];
  // Always the e-mail first, then the address: one order everywhere, so two attempts never wait
  // on each other's lock.
  return [
    { lock: `login:${email}`, where: and(eq(loginFailures.email, email), isNull(loginFailures.deviceId)) },
    { lock: `login-ip:${ip}`, where: and(eq(loginFailures.ip, ip), isNull(loginFailures.deviceId)) },
  ];
}

/**
 * Counts the attempt before the password is checked: under a lock per counter, refuses with 429
 * while any counter has LOGIN_MAX_FAILURES failures in the window, else records this attempt as a
 * failure and returns its row id (removed again if the password turns out right). Checking and
 * recording in one short serialised step means parallel guesses cannot all pass a count none of
 * them has added to yet; argon2 runs after it, outside the transaction.
 * `retryAfterSeconds` is when the oldest of those failures leaves the window.
 */
async function recordAttempt(
  opts: LogInOptions,
  email: string,
  deviceId: string | null,
  now: Date,
): Promise<string> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const max = opts.config.loginMaxFailures;
  return opts.db.transaction(async (tx) => {
    const counters = countersOf(email, opts.ip, deviceId);
    for (const counter of counters) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${counter.lock}, 0))`);
    }
    for (const counter of counters) {
      const [row] = await tx
        .select({ n: count(), oldest: min(loginFailures.createdAt) })
        .from(loginFailures)
        .where(and(counter.where, gt(loginFailures.createdAt, since)));
      if (!row || row.n < max) continue;
      // The oldest row in the window is not necessarily the one whose expiry unblocks, but with
      // exactly `max` rows it is; with more it errs towards asking to wait less.
      const oldest = row.oldest ? new Date(row.oldest).getTime() : now.getTime();
      const retryAfterSeconds = Math.max(
        1,
        Math.ceil((oldest + LOGIN_FAILURE_WINDOW_MS - now.getTime()) / 1000),
      );
      const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
      throw new AppError('too_many_attempts', MSG.loginThrottled(minutes), 429, {
        details: { retryAfterSeconds },
      });
    }
    const [attempt] = await tx
      .insert(loginFailures)
      .values({ ip: opts.ip, email, deviceId, createdAt: now })
      .returning({ id: loginFailures.id });
    if (!attempt) throw new Error('login attempt insert returned no row');
    return attempt.id;
  });
}

export async function logIn(opts: LogInOptions): Promise<LogInResult> {
  const { db, clock } = opts;
  const email = opts.email.trim().toLowerCase();
  const now = clock.now();
  const deviceId = await trustedDeviceId(db, opts.deviceCookie, { email, now });
  const attemptId = await recordAttempt(opts, email, deviceId, now);

  const [user] = await db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      passwordHash: adminUsers.passwordHash,
      active: adminUsers.active,
      username: adminProfiles.username,
      role: adminProfiles.role,
      partnerId: partners.id,
      partnerName: partners.name,
      partnerCurrency: partners.currency,
    })
    .from(adminUsers)
    .leftJoin(adminProfiles, eq(adminProfiles.userId, adminUsers.id))
    .leftJoin(partnerUsers, eq(partnerUsers.userId, adminUsers.id))
    .leftJoin(partners, and(eq(partners.id, partnerUsers.partnerId), eq(partners.active, true)))
    .where(eq(sql`lower(${adminUsers.email})`, email))
    .limit(1);
  const verified = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), opts.password);
  // The demo password is public: in production it opens nothing, whatever the data says (the
  // server also refuses to start while an account has it; see services/ensure-admin.ts).
  const ok = verified && !(opts.config.isProduction && opts.password === DEMO_ADMIN.password);
  // A wrong password leaves its attempt row as the failure it is.
  if (!user || !ok) {
    // Who tried which account from where: the e-mail as typed, whether or not it exists.
    await writeAudit({
      db,
      actorUserId: null,
      action: 'sign_in_failed',
      entity: 'admin_user',
      entityId: user?.id ?? null,
      after: { email, ip: opts.ip },
    });
    throw new AppError('invalid_credentials', MSG.invalidCredentials, 401);
  }
  const admin = toAdminUser(user);
  // A partner's user signs in here too, and is let into the partner's screen only.
  const partner = admin ? null : toPartnerAccount({ userId: user.id, ...user });
  if ((!admin && !partner) || !user.active) {
    await db.delete(loginFailures).where(eq(loginFailures.id, attemptId));
    throw user.active
      ? new AppError('not_admin', MSG.notAdmin, 403)
      : new AppError('account_inactive', STAFF_MSG.accountInactive, 403);
  }

  const session = await db.transaction(async (tx) => {
    await tx.delete(loginFailures).where(eq(loginFailures.id, attemptId));
    // A success clears the counter it was judged on. Not the address's, or one valid account
    // would let an address guess others' passwords without limit; and a trusted device's success
    // leaves the e-mail's failures from other clients standing, or the admin signing in would
    // hand whoever is guessing a fresh allowance.
    await tx
      .delete(loginFailures)
      .where(
        deviceId
          ? eq(loginFailures.deviceId, deviceId)
          : and(eq(loginFailures.email, email), isNull(loginFailures.deviceId)),
      );
    // This admin's ended sessions go now, so the table does not grow with every sign-in.
    await tx
      .delete(sessions)
      .where(
        and(
          eq(sessions.userId, user.id),
          or(
            lte(sessions.expiresAt, now),
            lte(sessions.lastSeenAt, new Date(now.getTime() - opts.config.sessionIdleMinutes * 60_000)),
          ),
        ),
      );
    await tx.update(adminUsers).set({ lastSignInAt: now }).where(eq(adminUsers.id, user.id));
    await writeAudit({
      db: tx,
      actorUserId: user.id,
      action: 'sign_in',
      entity: 'admin_user',
      entityId: user.id,
      after: { ip: opts.ip },
    });
    return createSession({
      db: tx,
      userId: user.id,
      clock,
      config: opts.config,
      ip: opts.ip,
      userAgent: opts.userAgent,
    });
  });
  const device = await issueDeviceCookie(db, { email, deviceId, now });
  return { user: admin, partner, token: session.token, expiresAt: session.expiresAt, device };
}
