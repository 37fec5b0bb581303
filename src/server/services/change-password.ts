import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { adminUsers } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { hashPassword, verifyPassword } from '#server/lib/passwords.ts';
import { announceSessionsEnded, deleteOtherSessions } from '#server/lib/sessions.ts';
import { MSG } from '#shared/messages/api.ts';

/**
 * Session ids per announcement: a notification's payload is at most 8000 bytes in PostgreSQL,
 * and an account signed in on hundreds of devices (a shared demo login) has more ids than that.
 */
const SESSIONS_PER_EVENT = 100;

export type ChangePasswordOptions = {
  db: Db;
  clock: Clock;
  userId: string;
  sessionId: string;
  currentPassword: string;
  newPassword: string;
};

/**
 * docs/product.md section 5 (Password change) and docs/product.md section 10.15: the current password is
 * checked, the new one stored, the demo hint retired, and every other session of the admin
 * ended; the session that made the change stays signed in.
 */
export async function changePassword(opts: ChangePasswordOptions): Promise<{ endedSessions: number }> {
  const { db } = opts;
  const [user] = await db
    .select({ passwordHash: adminUsers.passwordHash, hasDemoPassword: adminUsers.hasDemoPassword })
    .from(adminUsers)
    .where(eq(adminUsers.id, opts.userId));
  if (!user) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
  if (!(await verifyPassword(user.passwordHash, opts.currentPassword))) {
    throw new AppError('current_password_incorrect', MSG.currentPasswordIncorrect, 400, {
      fields: { currentPassword: MSG.currentPasswordIncorrect },
    });
  }
  // Hashing is deliberately slow, so it happens before the transaction opens.
  const passwordHash = await hashPassword(opts.newPassword);
  const ended = await db.transaction(async (tx) => {
    await tx
      .update(adminUsers)
      .set({ passwordHash, hasDemoPassword: false, updatedAt: opts.clock.now() })
      .where(eq(adminUsers.id, opts.userId));
    const endedIds = await deleteOtherSessions({
      db: tx,
      userId: opts.userId,
      keepSessionId: opts.sessionId,
    });
    const endedSessions = endedIds.length;
    // Never the hashes: the log records that the password changed, not what to.
    await writeAudit({
      db: tx,
      actorUserId: opts.userId,
      action: 'password_change',
      entity: 'admin_user',
      entityId: opts.userId,
      before: { hasDemoPassword: user.hasDemoPassword },
      after: { hasDemoPassword: false, endedSessions },
    });
    // The other sessions' event streams close on every instance, not only on this one.
    for (let at = 0; at < endedIds.length; at += SESSIONS_PER_EVENT) {
      const sessionIds = endedIds.slice(at, at + SESSIONS_PER_EVENT);
      await announce({ db: tx, event: { kind: 'staff', data: { userId: opts.userId, sessionIds } } });
    }
    return endedIds;
  });
  // After commit: this instance's event streams of those sessions close now, not at their next ping.
  announceSessionsEnded(ended);
  return { endedSessions: ended.length };
}
