import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { counterShifts } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import type { CashUp } from '#shared/counter.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import { summariseShift } from './summarise-shift.ts';

const shiftNotFound = () => new AppError('shift_not_found', COUNTER_MSG.shiftNotFound, 404);

export type ReadCashUpOptions = { db: DbOrTx; shiftId: string };

/** One cash-up by id. */
export async function readCashUp({ db, shiftId }: ReadCashUpOptions): Promise<CashUp> {
  const [row] = await db.select().from(counterShifts).where(eq(counterShifts.id, shiftId)).limit(1);
  if (!row) throw shiftNotFound();
  return summariseShift({ db, shift: row });
}
