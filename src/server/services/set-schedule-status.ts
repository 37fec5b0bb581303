import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { schedules } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import type { AdminTrip } from '#shared/admin-api.ts';
import type { ScheduleStatus } from '#shared/constants.ts';
import { lockSchedule } from './lock-schedule.ts';
import { readAdminTrip } from './read-admin-trip.ts';

export type SetScheduleStatusOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  scheduleId: string;
  status: ScheduleStatus;
  timeZone: string;
};

/**
 * Mark as Completed / Reopen Trip. A completed trip is closed for booking (the public search
 * and booking creation skip it) and its approved tickets read as completed in lookups
 * (docs/product.md section 10.11).
 */
export async function setScheduleStatus(opts: SetScheduleStatusOptions): Promise<AdminTrip> {
  return opts.db.transaction(async (tx) => {
    const before = await lockSchedule({ db: tx, id: opts.scheduleId });
    // A cancellation moved its bookings and refunds on (docs/decisions/026): it is not undone here.
    if (before.status === 'cancelled') {
      throw new AppError('departure_cancelled', 'This departure was cancelled and cannot be reopened', 409);
    }
    if (before.status !== opts.status) {
      const completedAt = opts.status === 'completed' ? opts.clock.now() : null;
      await tx.update(schedules).set({ status: opts.status, completedAt }).where(eq(schedules.id, before.id));
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'status',
        entity: 'schedule',
        entityId: before.id,
        before: { status: before.status },
        after: { status: opts.status },
      });
      await announce({
        db: tx,
        event: { kind: 'schedule', data: { type: 'updated', scheduleId: before.id } },
      });
    }
    return readAdminTrip({ db: tx, scheduleId: before.id, timeZone: opts.timeZone });
  });
}
