import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

export type LockOwnersOptions = { db: DbOrTx };

/** Serialises every change that could leave the operator without an active Owner. */
export async function lockOwners({ db }: LockOwnersOptions): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended('staff-owners', 0))`);
}
