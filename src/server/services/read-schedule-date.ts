import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { schedules } from '#server/db/schema.ts';

export type ReadScheduleDateOptions = { db: DbOrTx; scheduleId: string };

/** A departure's travel date (the operator's date), or undefined when there is no such departure. */
export async function readScheduleDate(opts: ReadScheduleDateOptions): Promise<string | undefined> {
  const [row] = await opts.db
    .select({ date: schedules.travelDate })
    .from(schedules)
    .where(eq(schedules.id, opts.scheduleId))
    .limit(1);
  return row?.date;
}
