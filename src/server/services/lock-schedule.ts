import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { schedules } from '#server/db/schema.ts';
import { problem } from '#server/lib/errors.ts';

export type LockScheduleOptions = { db: Tx; id: string };

/**
 * Reads a schedule (a departure) with SELECT ... FOR UPDATE: a second change to the same
 * departure waits here until the first commits. An archived one is still found.
 */
export async function lockSchedule({ db, id }: LockScheduleOptions): Promise<typeof schedules.$inferSelect> {
  const [row] = await db.select().from(schedules).where(eq(schedules.id, id)).for('update');
  if (!row) throw problem('schedule_not_found');
  return row;
}
