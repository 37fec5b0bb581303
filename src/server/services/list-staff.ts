import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { adminProfiles, adminUsers, staffLinks } from '#server/db/schema.ts';
import type { StaffList } from '#shared/admin-api.ts';
import { isRole } from '#shared/permissions.ts';

/** A staff member's row as the Staff screen shows it. */
export function selectStaff(db: DbOrTx) {
  return db
    .select({
      id: adminUsers.id,
      email: adminUsers.email,
      username: adminProfiles.username,
      role: adminProfiles.role,
      active: adminUsers.active,
      lastSignInAt: adminUsers.lastSignInAt,
      createdAt: adminUsers.createdAt,
    })
    .from(adminUsers)
    .innerJoin(adminProfiles, eq(adminProfiles.userId, adminUsers.id));
}

export type ListStaffOptions = { db: DbOrTx };

/** The Staff screen: everyone with an admin profile, and the invitations not used or withdrawn (expired ones can be sent again). */
export async function listStaff(opts: ListStaffOptions): Promise<StaffList> {
  const { db } = opts;
  const inviter = alias(adminUsers, 'inviter');
  const [people, invitations] = await readTogether(db, [
    () => selectStaff(db).orderBy(desc(adminUsers.active), asc(sql`lower(${adminUsers.email})`)),
    () =>
      db
        .select({
          id: staffLinks.id,
          email: staffLinks.email,
          role: staffLinks.role,
          invitedBy: inviter.email,
          createdAt: staffLinks.createdAt,
          expiresAt: staffLinks.expiresAt,
        })
        .from(staffLinks)
        .leftJoin(inviter, eq(inviter.id, staffLinks.createdBy))
        .where(and(eq(staffLinks.kind, 'invite'), isNull(staffLinks.usedAt), isNull(staffLinks.revokedAt)))
        .orderBy(desc(staffLinks.createdAt)),
  ]);
  return {
    staff: people.flatMap((p) =>
      isRole(p.role)
        ? [
            {
              ...p,
              role: p.role,
              lastSignInAt: p.lastSignInAt?.toISOString() ?? null,
              createdAt: p.createdAt.toISOString(),
            },
          ]
        : [],
    ),
    invitations: invitations.flatMap((i) =>
      isRole(i.role)
        ? [{ ...i, role: i.role, createdAt: i.createdAt.toISOString(), expiresAt: i.expiresAt.toISOString() }]
        : [],
    ),
  };
}
