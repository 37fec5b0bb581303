import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { schedules } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { MSG } from '#shared/messages/api.ts';

export type ReadScheduleRowOptions = {
  db: DbOrTx;
  scheduleId: string;
  /** Locks the row for the rest of the transaction. */
  lock?: boolean;
};

/** A schedule's row, locked in a transaction when `lock` is set; 404 when it is gone. */
export async function readScheduleRow({
  db,
  scheduleId,
  lock = false,
}: ReadScheduleRowOptions): Promise<typeof schedules.$inferSelect> {
  const query = db.select().from(schedules).where(eq(schedules.id, scheduleId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.archivedAt) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
  return row;
}
