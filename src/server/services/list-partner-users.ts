import { and, asc, desc, eq, gt, isNull } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { adminUsers, partnerUsers, staffLinks } from '#server/db/schema.ts';
import type { PartnerUsers } from '#shared/partners.ts';

export type ListPartnerUsersOptions = { db: DbOrTx; partnerId: string; now: Date };

/** Who books for a partner, and the invitations still open (docs/decisions/043). */
export async function listPartnerUsers(opts: ListPartnerUsersOptions): Promise<PartnerUsers> {
  const { db } = opts;
  const [users, invitations] = await readTogether(db, [
    () =>
      db
        .select({
          id: adminUsers.id,
          email: adminUsers.email,
          active: adminUsers.active,
          lastSignInAt: adminUsers.lastSignInAt,
        })
        .from(partnerUsers)
        .innerJoin(adminUsers, eq(adminUsers.id, partnerUsers.userId))
        .where(eq(partnerUsers.partnerId, opts.partnerId))
        .orderBy(asc(adminUsers.email)),
    () =>
      db
        .select({ id: staffLinks.id, email: staffLinks.email, expiresAt: staffLinks.expiresAt })
        .from(staffLinks)
        .where(
          and(
            eq(staffLinks.partnerId, opts.partnerId),
            eq(staffLinks.kind, 'invite'),
            isNull(staffLinks.usedAt),
            isNull(staffLinks.revokedAt),
            gt(staffLinks.expiresAt, opts.now),
          ),
        )
        .orderBy(desc(staffLinks.createdAt)),
  ]);
  return {
    users: users.map((u) => ({ ...u, lastSignInAt: u.lastSignInAt?.toISOString() ?? null })),
    invitations: invitations.map((i) => ({ ...i, expiresAt: i.expiresAt.toISOString() })),
  };
}
