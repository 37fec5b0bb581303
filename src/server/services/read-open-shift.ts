import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { counterShifts } from '#server/db/schema.ts';
import type { CashUp } from '#shared/counter.ts';
import { summariseShift } from './summarise-shift.ts';

export type ReadOpenShiftOptions = { db: DbOrTx; userId: string };

/** The person's open shift with its running cash-up, or null. */
export async function readOpenShift({ db, userId }: ReadOpenShiftOptions): Promise<CashUp | null> {
  const [row] = await db
    .select()
    .from(counterShifts)
    .where(and(eq(counterShifts.userId, userId), isNull(counterShifts.closedAt)))
    .limit(1);
  return row ? summariseShift({ db, shift: row }) : null;
}
