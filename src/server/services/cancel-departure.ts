import { eq } from 'drizzle-orm';
import { schedules, seatLocks } from '#server/db/schema.ts';
import { activeOn, cancelNotices, previewOf } from '#server/lib/disruption-preview.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import type { CancelPreview } from '#shared/disruptions.ts';
import { auditDepartureChange } from './audit-departure-change.ts';
import { cancelBookings } from './cancel-bookings.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { readScheduleRow } from './read-schedule-row.ts';
import { type DepartureChange, noteOf, recordDisruption } from './record-disruption.ts';
import { sampleNotices } from './sample-notices.ts';

const notCancellable = (message: string) => new AppError('departure_not_cancellable', message, 409);

export type CancelDepartureOptions = DepartureChange;

/**
 * Cancels a departure (docs/decisions/026), in one transaction: the schedule stops being offered
 * (search, seat map, locks, bookings and the counter all refuse it), every active booking
 * becomes `cancelled_by_operator` with its seats freed and its e-ticket code revoked, each gets
 * a full refund request whatever the passenger cancellation policy, each passenger is told by
 * every channel that reaches them, and the disruption is recorded and audited.
 */
export async function cancelDeparture(opts: CancelDepartureOptions): Promise<CancelPreview> {
  const note = noteOf(opts);
  return opts.db.transaction(async (tx) => {
    // The row lock orders the cancel after a booking or a counter sale in flight on this trip
    // (they read the schedule in their own transaction) and before any that comes after.
    const schedule = await readScheduleRow({ db: tx, scheduleId: opts.scheduleId, lock: true });
    if (schedule.status === 'cancelled') throw notCancellable('This departure is already cancelled');
    if (schedule.status === 'completed') throw notCancellable('A completed departure cannot be cancelled');
    const now = opts.clock.now();
    await tx.update(schedules).set({ status: 'cancelled' }).where(eq(schedules.id, schedule.id));

    const affected = await listTicketsWhere({ db: tx, where: activeOn(schedule.id) });
    const ids = affected.map((t) => t.id);
    const disruptionId = await recordDisruption({
      db: tx,
      kind: 'cancel',
      change: opts,
      affected: ids.length,
      now,
    });
    await cancelBookings({ db: tx, affected, disruptionId, change: opts, now });
    await tx.delete(seatLocks).where(eq(seatLocks.scheduleId, schedule.id));
    const sent = await sampleNotices({ db: tx, notices: cancelNotices(affected, opts.reason, note) });
    const preview = previewOf(schedule, affected, sent);
    await auditDepartureChange({
      db: tx,
      kind: 'cancel',
      change: opts,
      before: { status: schedule.status },
      after: { status: 'cancelled', bookings: ids.length, mails: preview.mails, refunds: preview.refunds },
    });
    await announce({
      db: tx,
      event: { kind: 'schedule', data: { type: 'updated', scheduleId: schedule.id } },
    });
    for (const id of ids)
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: id } } });
    return preview;
  });
}
