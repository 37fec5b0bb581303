import { and, count, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, adminUsers } from '#server/db/schema.ts';

export type OtherActiveOwnersOptions = { db: DbOrTx; userId: string };

/** Active Owners other than `userId`. */
export async function otherActiveOwners({ db, userId }: OtherActiveOwnersOptions): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(adminUsers)
    .innerJoin(adminProfiles, eq(adminProfiles.userId, adminUsers.id))
    .where(and(eq(adminProfiles.role, 'owner'), eq(adminUsers.active, true), ne(adminUsers.id, userId)));
  return row?.n ?? 0;
}
