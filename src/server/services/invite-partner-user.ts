import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { adminUsers, partners } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { createStaffLink, revokeOpenInvitations, staffLinkUrl } from '#server/lib/staff-links.ts';
import { staffLinkMail } from '#server/mails/staff-link-mail.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { PartnerUsers } from '#shared/partners.ts';
import { partnerNotFound } from './save-partner.ts';

export type InvitePartnerUserOptions = {
  db: Db;
  now: Date;
  linkBase: string;
  appName: string;
  partnerId: string;
  email: string;
  actorUserId: string;
};

/**
 * Invites a person to book for a partner (docs/decisions/043-partner-accounts.md) with the staff
 * links' single-use, expiring link; accepting it makes an account with no admin profile, tied to
 * the partner. A newer invitation of the same e-mail replaces an open one.
 */
export async function invitePartnerUser(
  opts: InvitePartnerUserOptions,
): Promise<PartnerUsers['invitations'][number]> {
  const { db, now } = opts;
  const email = opts.email.toLowerCase();
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`staff-invite:${email}`}, 0))`);
    const [partner] = await tx
      .select({ id: partners.id, name: partners.name, active: partners.active })
      .from(partners)
      .where(eq(partners.id, opts.partnerId));
    if (!partner) throw partnerNotFound();
    if (!partner.active) {
      throw new AppError('partner_inactive', 'This partner is not active: make it active first', 409);
    }
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
      role: 'partner',
      partnerId: partner.id,
      createdBy: opts.actorUserId,
      now,
    });
    await enqueueMail({
      db: tx,
      mail: staffLinkMail({
        kind: 'invite',
        to: email,
        role: 'office',
        partnerName: partner.name,
        appName: opts.appName,
        url: staffLinkUrl(opts.linkBase, 'invite', link.token),
      }),
    });
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'partner_user_invite',
      entity: 'partner',
      entityId: partner.id,
      after: { email, invitation: link.id, expiresAt: link.expiresAt.toISOString() },
    });
    return { id: link.id, email, expiresAt: link.expiresAt.toISOString() };
  });
}
