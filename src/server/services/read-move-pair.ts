import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { schedules } from '#server/db/schema.ts';
import { instantInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import type { Schedule } from '#server/lib/move-plan.ts';
import { MSG } from '#shared/messages/api.ts';

const refused = (message: string) => new AppError('move_refused', message, 409);

export type ReadMovePairOptions = {
  db: DbOrTx;
  /** The departure whose bookings move. */
  fromId: string;
  /** The departure they move to. */
  toId: string;
  /** Locks both rows for the rest of the transaction. */
  lock: boolean;
  now: Date;
  timeZone: string;
};

/**
 * The two departures of a move, both still to sail, and the target not yet gone; 404 for one
 * that is gone, 409 for a move that cannot be.
 */
export async function readMovePair(
  opts: ReadMovePairOptions,
): Promise<{ source: Schedule; target: Schedule }> {
  const { db, fromId, toId } = opts;
  if (fromId === toId) throw refused('Choose another departure to move to');
  // Both rows, locked in one order, so two moves between the same departures cannot deadlock.
  const query = db
    .select()
    .from(schedules)
    .where(inArray(schedules.id, [fromId, toId]))
    .orderBy(asc(schedules.id));
  const rows = opts.lock ? await query.for('update') : await query;
  const source = rows.find((r) => r.id === fromId);
  const target = rows.find((r) => r.id === toId);
  if (!source || source.archivedAt) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
  if (!target || target.archivedAt) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
  if (source.status !== 'scheduled') throw refused('Only a departure still to sail can be moved');
  if (target.status !== 'scheduled') throw refused('The departure to move to is not open');
  // Forward only: passengers moved onto a vessel that has left would be stranded on paper.
  if (instantInZone(target.travelDate, target.departureTime, opts.timeZone) <= opts.now) {
    throw refused('The departure to move to has already sailed');
  }
  return { source, target };
}
