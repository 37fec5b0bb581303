import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '#server/config.ts';
import type { Db } from '#server/db/client.ts';
import { adminProfiles, adminUsers, partners, partnerUsers, staffLinks } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { createSession, toAdminUser, toPartnerAccount } from '#server/lib/sessions.ts';
import type { AdminUser } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { PartnerAccount } from '#shared/partners.ts';
import { readUsableStaffLink } from './read-usable-staff-link.ts';

export type CompleteStaffLinkOptions = {
  db: Db;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'sessionIdleMinutes' | 'sessionMaxHours'>;
  token: string;
  password: string;
  ip: string;
  userAgent?: string | undefined;
};

/**
 * Uses a link: an invitation creates the account with its role, a reset sets the new password.
 * Either way the link is spent and the person is signed in. The link row is locked, so two
 * submissions of one link cannot both succeed.
 */
export async function completeStaffLink(
  opts: CompleteStaffLinkOptions,
): Promise<{ user: AdminUser | null; partner: PartnerAccount | null; token: string; expiresAt: Date }> {
  const { db, clock } = opts;
  // Fails early on a dead link, before the slow hash.
  const early = await readUsableStaffLink({ db, token: opts.token, now: clock.now() });
  const passwordHash = await hashPassword(opts.password);
  return db.transaction(async (tx) => {
    const now = clock.now();
    // A reset's account before its link: the order a deactivation or a new reset locks them in
    // (updateStaff, resetStaffPassword), so neither waits for the other in a circle.
    if (early.kind === 'reset' && early.userId) {
      await tx
        .select({ id: adminUsers.id })
        .from(adminUsers)
        .where(eq(adminUsers.id, early.userId))
        .for('update');
    }
    const link = await readUsableStaffLink({ db: tx, token: opts.token, now, lock: true });
    let userId: string;
    if (link.kind === 'invite') {
      const [created] = await tx
        .insert(adminUsers)
        .values({ email: link.email, passwordHash, lastSignInAt: now })
        .onConflictDoNothing()
        .returning({ id: adminUsers.id });
      if (!created) throw new AppError('staff_exists', STAFF_MSG.staffExists, 409);
      userId = created.id;
      if (link.partnerId) {
        // A partner's user: no admin profile, so no admin route opens to them (docs/decisions/043).
        await tx.insert(partnerUsers).values({ userId, partnerId: link.partnerId });
      } else {
        const username = link.email.split('@')[0] || link.email;
        await tx.insert(adminProfiles).values({ userId, username, role: link.role });
      }
      await tx.update(staffLinks).set({ usedAt: now, userId }).where(eq(staffLinks.id, link.id));
      await writeAudit({
        db: tx,
        actorUserId: userId,
        action: 'staff_join',
        entity: 'admin_user',
        entityId: userId,
        after: {
          email: link.email,
          role: link.role,
          invitation: link.id,
          ...(link.partnerId ? { partnerId: link.partnerId } : {}),
        },
      });
    } else {
      if (!link.userId) throw new AppError('link_invalid', STAFF_MSG.linkInvalid, 404);
      userId = link.userId;
      const [user] = await tx
        .update(adminUsers)
        .set({ passwordHash, hasDemoPassword: false, lastSignInAt: now, updatedAt: now })
        .where(eq(adminUsers.id, userId))
        .returning({ active: adminUsers.active });
      if (!user) throw new AppError('link_invalid', STAFF_MSG.linkInvalid, 404);
      if (!user.active) throw new AppError('account_inactive', STAFF_MSG.accountInactive, 403);
      await tx.update(staffLinks).set({ usedAt: now }).where(eq(staffLinks.id, link.id));
      await writeAudit({
        db: tx,
        actorUserId: userId,
        action: 'password_reset_complete',
        entity: 'admin_user',
        entityId: userId,
        after: { email: link.email },
      });
    }
    const [profile] = await tx
      .select({
        id: adminUsers.id,
        email: adminUsers.email,
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
      .where(eq(sql`${adminUsers.id}`, userId))
      .limit(1);
    const user = profile ? toAdminUser(profile) : null;
    const partner = profile && !user ? toPartnerAccount({ userId, ...profile }) : null;
    if (!user && !partner) throw new AppError('not_admin', MSG.notAdmin, 403);
    const session = await createSession({
      db: tx,
      userId,
      clock,
      config: opts.config,
      ip: opts.ip,
      userAgent: opts.userAgent,
    });
    return { user, partner, token: session.token, expiresAt: session.expiresAt };
  });
}
