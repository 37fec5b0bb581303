import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { counterShifts } from '#server/db/schema.ts';

export type OpenShiftOfOptions = { db: DbOrTx; userId: string };

/** The seller's open shift, which every sale and its cash belong to; 409 without one. */
export async function openShiftOf({ db, userId }: OpenShiftOfOptions): Promise<{ id: string } | undefined> {
  const [shift] = await db
    .select({ id: counterShifts.id })
    .from(counterShifts)
    .where(and(eq(counterShifts.userId, userId), isNull(counterShifts.closedAt)))
    .limit(1);
  return shift;
}
