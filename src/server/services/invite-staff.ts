import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { adminUsers, staffLinks } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { createStaffLink, staffLinkUrl } from '#server/lib/staff-links.ts';
import { staffLinkMail } from '#server/mails/staff-link-mail.ts';
import type { Invitation, InviteStaff } from '#shared/admin-api.ts';
import { isRole, type Role } from '#shared/permissions.ts';
import { STAFF_MSG } from '#shared/staff-messages.ts';

type Actor = { id: string; email: string };
type InviteDeps = { db: Db; now: Date; linkBase: string; appName: string };

/** Closes the open invitations of an e-mail, so only the newest link works. */
async function revokeOpenInvitations(db: DbOrTx, email: string, now: Date) {
  await db
    .update(staffLinks)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffLinks.kind, 'invite'),
        eq(sql`lower(${staffLinks.email})`, email),
        isNull(staffLinks.usedAt),
        isNull(staffLinks.revokedAt),
      ),
    );
}

/**
 * Invites a person by e-mail (the Owner's Staff screen): a single-use link, valid for
 * INVITATION_TTL_HOURS, through the mail outbox. A newer invitation replaces an open one.
 */
export async function inviteStaff(
  opts: InviteDeps & { input: InviteStaff; actor: Actor },
): Promise<Invitation> {
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
    await enqueueMail(
      tx,
      staffLinkMail({
        kind: 'invite',
        to: email,
        role: opts.input.role,
        appName: opts.appName,
        url: staffLinkUrl(opts.linkBase, 'invite', link.token),
      }),
    );
    await writeAudit(tx, {
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

async function openInvitation(db: Db, id: string): Promise<{ email: string; role: Role }> {
  const [row] = await db
    .select({ email: staffLinks.email, role: staffLinks.role, expiresAt: staffLinks.expiresAt })
    .from(staffLinks)
    .where(
      and(
        eq(staffLinks.id, id),
        eq(staffLinks.kind, 'invite'),
        isNull(staffLinks.usedAt),
        isNull(staffLinks.revokedAt),
      ),
    )
    .limit(1);
  // An expired invitation can still be sent again; a used or revoked one is gone.
  if (!row || !isRole(row.role))
    throw new AppError('invitation_not_found', STAFF_MSG.invitationNotFound, 404);
  return { email: row.email, role: row.role };
}

/** Sends an invitation again: a new link and a new expiry; the old link stops working. */
export async function resendInvitation(opts: InviteDeps & { id: string; actor: Actor }): Promise<Invitation> {
  const { email, role } = await openInvitation(opts.db, opts.id);
  return inviteStaff({ ...opts, input: { email, role } });
}

export type RevokeInvitationOptions = { db: Db; now: Date; id: string; actor: Actor };

/** Withdraws an invitation: its link then says it is no longer valid. */
export async function revokeInvitation(opts: RevokeInvitationOptions): Promise<void> {
  const { email, role } = await openInvitation(opts.db, opts.id);
  await opts.db.transaction(async (tx) => {
    await tx.update(staffLinks).set({ revokedAt: opts.now }).where(eq(staffLinks.id, opts.id));
    await writeAudit(tx, {
      actorUserId: opts.actor.id,
      action: 'staff_invite_revoke',
      entity: 'staff_invitation',
      entityId: opts.id,
      before: { email, role },
    });
  });
}
