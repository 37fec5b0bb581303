import { and, count, eq, gt, lte, min, or, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { adminProfiles, adminUsers, loginFailures, sessions } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { createSession } from '#server/lib/sessions.ts';
import type { AdminUser } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages.ts';

/** The throttle window of ARCHITECTURE.md section 4: LOGIN_MAX_FAILURES failures per 15 minutes. */
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60_000;

// Verified against when the e-mail is unknown, so an unknown address costs the same argon2
// work as a wrong password and response times do not reveal which e-mails exist.
let dummyHash: Promise<string> | undefined;
const getDummyHash = () => {
  dummyHash ??= hashPassword('not-a-real-password-0123456789');
  return dummyHash;
};

export type LogInOptions = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'loginMaxFailures' | 'publicUrl' | 'sessionIdleMinutes' | 'sessionMaxHours'>;
  email: string;
  password: string;
  ip: string;
  userAgent?: string | undefined;
};

export type LogInResult = { user: AdminUser; token: string; expiresAt: Date };

/**
 * Refuses with 429 while the IP or the e-mail has LOGIN_MAX_FAILURES failures in the window;
 * `retryAfterSeconds` is when the oldest of those failures leaves the window.
 */
async function checkThrottle(opts: LogInOptions, email: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const max = opts.config.loginMaxFailures;
  const stats = async (where: ReturnType<typeof eq>) => {
    const [row] = await opts.db
      .select({ n: count(), oldest: min(loginFailures.createdAt) })
      .from(loginFailures)
      .where(and(where, gt(loginFailures.createdAt, since)));
    return row;
  };
  for (const where of [eq(loginFailures.ip, opts.ip), eq(loginFailures.email, email)]) {
    const row = await stats(where);
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
}

export async function logIn(opts: LogInOptions): Promise<LogInResult> {
  const { db, clock } = opts;
  const email = opts.email.trim().toLowerCase();
  const now = clock.now();
  await checkThrottle(opts, email, now);

  const [user] = await db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      passwordHash: adminUsers.passwordHash,
      username: adminProfiles.username,
      role: adminProfiles.role,
    })
    .from(adminUsers)
    .leftJoin(adminProfiles, eq(adminProfiles.userId, adminUsers.id))
    .where(eq(sql`lower(${adminUsers.email})`, email))
    .limit(1);
  const ok = await verifyPassword(user?.passwordHash ?? (await getDummyHash()), opts.password);
  if (!user || !ok) {
    await db.insert(loginFailures).values({ ip: opts.ip, email, createdAt: now });
    throw new AppError('invalid_credentials', MSG.invalidCredentials, 401);
  }
  if (user.username === null || user.role === null) {
    throw new AppError('not_admin', MSG.notAdmin, 403);
  }
  const admin: AdminUser = { id: user.id, email: user.email, username: user.username, role: user.role };

  return db.transaction(async (tx) => {
    // A success clears the e-mail's failures; the IP's stay, or one valid account would let an
    // address guess others' passwords without limit.
    await tx.delete(loginFailures).where(eq(loginFailures.email, email));
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
    const session = await createSession(tx, {
      userId: user.id,
      clock,
      config: opts.config,
      ip: opts.ip,
      userAgent: opts.userAgent,
    });
    return {
      user: admin,
      token: session.token,
      expiresAt: session.expiresAt,
    };
  });
}
