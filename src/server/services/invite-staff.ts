import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { adminUsers } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { createStaffLink, revokeOpenInvitations, staffLinkUrl } from '#server/lib/staff-links.ts';
import { staffLinkMail } from '#server/mails/staff-link-mail.ts';
import type { Invitation, InviteStaff } from '#shared/admin-api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';

/** Who invites: the Staff screen shows their e-mail beside the invitation. */
export type InvitingActor = { id: string; email: string };

export type InviteStaffOptions = {
  db: Db;
  now: Date;
  linkBase: string;
  appName: string;
  input: InviteStaff;
  actor: InvitingActor;
};

/**
 * Invites a person by e-mail (the Owner's Staff screen): a single-use link, valid for
 * INVITATION_TTL_HOURS, through the mail outbox. A newer invitation replaces an open one.
 */
export async function inviteStaff(opts: InviteStaffOptions): Promise<Invitation> {
  const { db, now } = opts;
  const email = opts.input.email.toLowerCase();
  return db.transaction(async (tx) => {
    // One invitation at a time per e-mail, even from two screens at once.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff-invite:${email}`}, 0))`);
    const [existing] = await tx
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(eq(sql`lower(${adminUsers.email})`, email))
      .limit(1);
    if (existing) throw new AppError('staff_exists', STAFF_MSG.staffExists, 409);
    await revokeOpenInvitations(tx, email, now);
    const link = await createStaffLink(tx, {
      kind: 'invite',
      email,
      role: opts.input.role,
      createdBy: opts.actor.id,
      now,
    });
    await enqueueMail({
      db: tx,
      mail: staffLinkMail({
        kind: 'invite',
        to: email,
        role: opts.input.role,
        appName: opts.appName,
        url: staffLinkUrl(opts.linkBase, 'invite', link.token),
      }),
    });
    await writeAudit({
      db: tx,
      actorUserId: opts.actor.id,
      action: 'staff_invite',
      entity: 'staff_invitation',
      entityId: link.id,
      after: { email, role: opts.input.role, expiresAt: link.expiresAt.toISOString() },
    });
    return {
      id: link.id,
      email,
      role: opts.input.role,
      invitedBy: opts.actor.email,
      createdAt: now.toISOString(),
      expiresAt: link.expiresAt.toISOString(),
    };
  });
}
