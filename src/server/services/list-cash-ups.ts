import { asc, eq } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { counterShifts } from '#server/db/schema.ts';
import type { CashUp } from '#shared/counter.ts';
import { summariseShift } from './summarise-shift.ts';

export type ListCashUpsOptions = { db: DbOrTx; date: string };

/** Every cash-up of shifts opened on one operator's date, earliest first. */
export async function listCashUps({ db, date }: ListCashUpsOptions): Promise<CashUp[]> {
  const rows = await db
    .select()
    .from(counterShifts)
    .where(eq(counterShifts.openedOn, date))
    .orderBy(asc(counterShifts.openedAt));
  return readTogether(
    db,
    rows.map((row) => () => summariseShift({ db, shift: row })),
  );
}
