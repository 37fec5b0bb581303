import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { boardingClosures, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { lockSchedule } from './lock-schedule.ts';
import { readRouteStops } from './read-route-stops.ts';

export type ReopenBoardingOptions = {
  db: Db;
  scheduleId: string;
  stop: number;
  reason: string;
  actor: { id: string; name: string };
  now: Date;
};

/**
 * Reopens boarding at a stop the crew closed (docs/decisions/024-offline-boarding.md): closed too
 * early, or a device's boardings reached the server after the closing and were refused. Only the
 * last stop closed, as closing goes in route order: the later stops' counts were made on this
 * one's. The closure goes, so boardings at the stop count again, and the no-show markings it
 * made are undone (those still marked so), so those passengers can board. The audit entry keeps
 * who reopened, why, and the figures of the closing it undid. The departure is locked as the
 * closing locks it.
 */
export async function reopenBoarding(opts: ReopenBoardingOptions): Promise<void> {
  const { scheduleId, stop } = opts;
  await opts.db.transaction(async (tx) => {
    await lockSchedule({ db: tx, id: scheduleId });
    const closures = await tx
      .select()
      .from(boardingClosures)
      .where(eq(boardingClosures.scheduleId, scheduleId));
    const closure = closures.find((c) => c.stop === stop);
    if (!closure) throw new AppError('boarding_open', STAFF_MSG.boardingOpen, 409);
    if (closures.some((c) => c.stop > stop)) {
      throw new AppError('boarding_order', STAFF_MSG.reopenInOrder, 409);
    }
    const unmarked =
      closure.noShowTickets.length === 0
        ? []
        : await tx
            .update(tickets)
            .set({ markedStatus: null, updatedAt: opts.now })
            .where(
              and(
                inArray(tickets.id, closure.noShowTickets),
                eq(tickets.scheduleId, scheduleId),
                // Marked otherwise since (present, cancelled...): that marking stands.
                eq(tickets.markedStatus, 'no_show'),
              ),
            )
            .returning({ id: tickets.id });
    await tx
      .delete(boardingClosures)
      .where(and(eq(boardingClosures.scheduleId, scheduleId), eq(boardingClosures.stop, stop)));
    const stops = await readRouteStops({ db: tx, scheduleId });
    await writeAudit({
      db: tx,
      actorUserId: opts.actor.id,
      action: 'reopen_boarding',
      entity: 'schedule',
      entityId: scheduleId,
      before: {
        stop,
        closedBy: closure.closedByName,
        closedAt: closure.closedAt.toISOString(),
        crew: closure.crew,
        noShows: closure.noShows,
        countedOff: closure.countedOff,
        passengersAboard: closure.passengersAboard,
        noShowTickets: closure.noShowTickets,
      },
      after: {
        stop,
        stopName: stops[stop]?.name ?? null,
        reason: opts.reason,
        noShowsReverted: unmarked.map((t) => t.id),
      },
    });
    for (const t of unmarked)
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: t.id } } });
    await announce({ db: tx, event: { kind: 'boarding', data: { scheduleId } } });
  });
}
