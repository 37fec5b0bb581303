import { eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, adminUsers } from '#server/db/schema.ts';
import { hashPassword } from '#server/lib/passwords.ts';

export const ADMINISTRATOR_ROLE = 'Administrator';

/**
 * Creates the first admin (from ADMIN_EMAIL/ADMIN_PASSWORD, or the demo admin) unless a user
 * with that e-mail exists. An existing user's password is never touched: restarting with the
 * variables still set must not undo a password the admin has since changed.
 */
export async function ensureAdmin(
  db: DbOrTx,
  opts: { email: string; password: string; username: string; isDemo: boolean },
): Promise<{ created: boolean }> {
  const email = opts.email.trim().toLowerCase();
  const existing = await db
    .select({ id: adminUsers.id })
    .from(adminUsers)
    .where(eq(sql`lower(${adminUsers.email})`, email))
    .limit(1);
  if (existing.length > 0) return { created: false };

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
    await tx
      .insert(adminProfiles)
      .values({ userId: user.id, username: opts.username, role: ADMINISTRATOR_ROLE });
    return { created: true };
  });
}
