import { eq, sql } from 'drizzle-orm';
import { MSG } from '#shared/messages.ts';
import type { Db } from '../db/client.ts';
import { schedules, tickets } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError, problem } from '../lib/errors.ts';
import { announce } from '../lib/live-events.ts';
import { countActiveTickets } from './count-active-tickets.ts';
import { readSchedule } from './read-schedule.ts';

export type DeleteScheduleOptions = {
  db: Db;
  id: string;
  actorUserId: string | null;
};

/**
 * Deletes a schedule, or archives it when only old tickets use it (docs/product.md section 10.6,
 * docs/decisions/007-delete-or-archive.md). Refused while an active ticket travels on it.
 * Archived: out of the schedule and trip lists and the search; its tickets still read it.
 */
export async function deleteSchedule(opts: DeleteScheduleOptions): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [current] = await tx
      .select({ id: schedules.id, archivedAt: schedules.archivedAt })
      .from(schedules)
      .where(eq(schedules.id, opts.id))
      .for('update');
    if (!current) throw problem('schedule_not_found');
    const active = await countActiveTickets({ db: tx, scheduleId: current.id });
    if (active > 0) throw new AppError('schedule_has_bookings', MSG.scheduleHasBookings(active), 409);
    if (current.archivedAt) return;

    const before = await readSchedule({ db: tx, id: current.id });
    const [booked] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.scheduleId, current.id))
      .limit(1);
    if (booked) {
      const [archived] = await tx
        .update(schedules)
        .set({ archivedAt: sql`now()` })
        .where(eq(schedules.id, current.id))
        .returning({ archivedAt: schedules.archivedAt });
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'archive',
        entity: 'schedule',
        entityId: current.id,
        before,
        after: { archivedAt: archived?.archivedAt ?? null },
      });
    } else {
      // Stops, launch links and seat locks go with it (ON DELETE CASCADE).
      await tx.delete(schedules).where(eq(schedules.id, current.id));
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'delete',
        entity: 'schedule',
        entityId: current.id,
        before,
      });
    }
    // Either way it has left the admin's lists.
    await announce({
      db: tx,
      event: { kind: 'schedule', data: { type: 'deleted', scheduleId: current.id } },
    });
  });
}
