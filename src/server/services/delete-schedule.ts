import { eq, sql } from 'drizzle-orm';
import { MSG } from '#shared/messages.ts';
import type { Db } from '../db/client.ts';
import { schedules, tickets } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import { announce } from '../lib/live-events.ts';
import { readSchedule } from './list-schedules.ts';

/** Deletes a schedule that no ticket refers to; a booked one is kept (mark it completed instead). */
export async function deleteSchedule(
  db: Db,
  opts: { id: string; actorUserId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: schedules.id })
      .from(schedules)
      .where(eq(schedules.id, opts.id))
      .for('update');
    if (!current) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
    const [{ count } = { count: 0 }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(tickets)
      .where(eq(tickets.scheduleId, current.id));
    if (count > 0) throw new AppError('schedule_has_bookings', MSG.scheduleHasBookings, 409);
    const before = await readSchedule(tx, current.id);
    // Stops, launch links and seat locks go with it (ON DELETE CASCADE).
    await tx.delete(schedules).where(eq(schedules.id, current.id));
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'delete',
      entity: 'schedule',
      entityId: current.id,
      before,
    });
    await announce(tx, { kind: 'schedule', data: { type: 'deleted', scheduleId: current.id } });
  });
}
