import { sql } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import { AppError } from '../lib/errors.ts';
import { announce } from '../lib/live-events.ts';
import { countActiveTickets } from './count-active-tickets.ts';
import { type DeleteCatalogueRowOptions, deleteOrArchive } from './delete-or-archive.ts';
import { lockSchedule } from './lock-schedule.ts';
import { readSchedule } from './read-schedule.ts';

export type DeleteScheduleOptions = DeleteCatalogueRowOptions;

/**
 * Deletes a schedule, or archives it when only old tickets use it (docs/product.md section 10.6,
 * docs/decisions/007-delete-or-archive.md). Refused while an active ticket travels on it.
 * Archived: out of the schedule and trip lists and the search; its tickets still read it.
 */
export async function deleteSchedule(opts: DeleteScheduleOptions): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const current = await lockSchedule({ db: tx, id: opts.id });
    const active = await countActiveTickets({ db: tx, scheduleId: current.id });
    if (active > 0) throw new AppError('schedule_has_bookings', MSG.scheduleHasBookings(active), 409);
    if (current.archivedAt) return;

    const before = await readSchedule({ db: tx, id: current.id });
    // Deleted, its stops, launch links and seat locks go with it (ON DELETE CASCADE).
    await deleteOrArchive({
      tx,
      entity: 'schedule',
      row: current,
      usedBy: sql`EXISTS (SELECT 1 FROM tickets WHERE schedule_id = ${current.id})`,
      before,
      actorUserId: opts.actorUserId,
    });
    // Either way it has left the admin's lists.
    await announce({
      db: tx,
      event: { kind: 'schedule', data: { type: 'deleted', scheduleId: current.id } },
    });
  });
}
