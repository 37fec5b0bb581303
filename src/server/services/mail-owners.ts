import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, adminUsers } from '#server/db/schema.ts';
import { type ComposeMail, enqueueMail } from '#server/lib/mailer.ts';

export type MailOwnersOptions = {
  db: DbOrTx;
  /** The notice, written to one Owner's address. */
  mail: (to: string) => ComposeMail;
};

/** Queues one notice to every active Owner, in the caller's transaction. */
export async function mailOwners(opts: MailOwnersOptions): Promise<number> {
  const { db } = opts;
  const owners = await db
    .select({ email: adminUsers.email })
    .from(adminUsers)
    .innerJoin(adminProfiles, eq(adminProfiles.userId, adminUsers.id))
    .where(and(eq(adminProfiles.role, 'owner'), eq(adminUsers.active, true)));
  for (const owner of owners) await enqueueMail({ db, mail: opts.mail(owner.email) });
  return owners.length;
}
