import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, adminUsers, sessions } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { hasDemoPassword, hashPassword } from '#server/lib/passwords.ts';

export type EnsureAdminOptions = {
  db: DbOrTx;
  email: string;
  password: string;
  username: string;
  isDemo: boolean;
};

/**
 * Creates the first admin, an Owner, (from ADMIN_EMAIL/ADMIN_PASSWORD, or the demo admin) unless a user
 * with that e-mail exists. An existing user's password is never touched: restarting with the
 * variables still set must not undo a password the admin has since changed. The one exception
 * is the demo password, which the demo prints on its login page: ADMIN_PASSWORD replaces it
 * (and ends the sessions it opened), which is how a production server refusing to start over
 * it is put right.
 */
export async function ensureAdmin(
  opts: EnsureAdminOptions,
): Promise<{ created: boolean; replacedDemoPassword?: true }> {
  const { db } = opts;
  const email = opts.email.trim().toLowerCase();
  const [existing] = await db
    .select({
      id: adminUsers.id,
      passwordHash: adminUsers.passwordHash,
      hasDemoPassword: adminUsers.hasDemoPassword,
    })
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email))
    .limit(1);
  if (existing) {
    if (opts.isDemo || !(await hasDemoPassword(existing))) return { created: false };
    const passwordHash = await hashPassword(opts.password);
    await db.transaction(async (tx) => {
      await tx
        .update(adminUsers)
        .set({ passwordHash, hasDemoPassword: false, updatedAt: new Date() })
        .where(eq(adminUsers.id, existing.id));
      await tx.delete(sessions).where(eq(sessions.userId, existing.id));
      await writeAudit({
        db: tx,
        actorUserId: null,
        action: 'password_change',
        entity: 'admin_user',
        entityId: existing.id,
        before: { hasDemoPassword: true },
        after: { hasDemoPassword: false, by: 'ADMIN_PASSWORD' },
      });
    });
    return { created: false, replacedDemoPassword: true };
  }

  // Hashing is deliberately slow, so it happens outside the transaction.
  const passwordHash = await hashPassword(opts.password);
  return db.transaction(async (tx) => {
    // Two instances starting together: the unique index on lower(email) lets exactly one insert.
    const [user] = await tx
      .insert(adminUsers)
      .values({ email, passwordHash, hasDemoPassword: opts.isDemo })
      .onConflictDoNothing()
      .returning({ id: adminUsers.id });
    if (!user) return { created: false };
    await tx.insert(adminProfiles).values({ userId: user.id, username: opts.username, role: 'owner' });
    return { created: true };
  });
}
