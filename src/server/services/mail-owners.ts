import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, adminUsers } from '#server/db/schema.ts';
import { enqueueMail } from '#server/lib/mailer.ts';

/** Queues one notice to every active Owner, in the caller's transaction. */
export async function mailOwners(db: DbOrTx, mail: { subject: string; text: string }): Promise<number> {
  const owners = await db
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .innerJoin(adminProfiles, eq(adminProfiles.userId, adminUsers.id))
    .where(and(eq(adminProfiles.role, 'owner'), eq(adminUsers.active, true)));
  for (const owner of owners) await enqueueMail(db, { to: owner.email, ...mail });
  return owners.length;
}
