import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { adminProfiles, adminUsers, staffLinks } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { deleteUserSessions } from '#server/lib/sessions.ts';
import { createStaffLink, staffLinkUrl } from '#server/lib/staff-links.ts';
import { staffLinkMail } from '#server/mails/staff-link-mail.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { isRole } from '#shared/permissions.ts';

export type ResetStaffPasswordOptions = {
  db: Db;
  now: Date;
  id: string;
  actorUserId: string | null;
  linkBase: string;
  appName: string;
  /** The recovery command prints the link instead of mailing it. */
  mail?: boolean;
};

/**
 * The Owner resets a person's password: their sessions end now, their old password stops
 * working, and they get a single-use link to choose a new one. An earlier reset link stops
 * working too.
 */
export async function resetStaffPassword(
  opts: ResetStaffPasswordOptions,
): Promise<{ email: string; url: string; endedSessions: string[] }> {
  const { db, now, id } = opts;
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: adminUsers.email, role: adminProfiles.role })
      .from(adminUsers)
      .innerJoin(adminProfiles, eq(adminProfiles.userId, adminUsers.id))
      .where(eq(adminUsers.id, id))
      .limit(1)
      .for('update');
    if (!row || !isRole(row.role)) throw new AppError('staff_not_found', STAFF_MSG.staffNotFound, 404);
    await tx
      .update(staffLinks)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffLinks.userId, id),
          eq(staffLinks.kind, 'reset'),
          isNull(staffLinks.usedAt),
          isNull(staffLinks.revokedAt),
        ),
      );
    // No password works until the link is used: the old one may be what leaked.
    await tx
      .update(adminUsers)
      .set({ passwordHash: '!reset', hasDemoPassword: false, updatedAt: now })
      .where(eq(adminUsers.id, id));
    const endedSessions = await deleteUserSessions({ db: tx, userId: id });
    const link = await createStaffLink(tx, {
      kind: 'reset',
      email: row.email,
      role: row.role,
      userId: id,
      createdBy: opts.actorUserId,
      now,
    });
    const url = staffLinkUrl(opts.linkBase, 'reset', link.token);
    if (opts.mail !== false) {
      await enqueueMail({
        db: tx,
        mail: staffLinkMail({ kind: 'reset', to: row.email, role: row.role, appName: opts.appName, url }),
      });
    }
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'staff_password_reset',
      entity: 'admin_user',
      entityId: id,
      after: { email: row.email, mailed: opts.mail !== false },
    });
    await announce({ db: tx, event: { kind: 'staff', data: { userId: id } } });
    return { email: row.email, url, endedSessions };
  });
}
