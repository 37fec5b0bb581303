import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { boardingClosures, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { partySize } from '#server/lib/persons.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { lockSchedule } from './lock-schedule.ts';
import { readRouteStops, stopPositions } from './read-route-stops.ts';

export type CloseBoardingOptions = {
  db: Db;
  scheduleId: string;
  stop: number;
  crew: number | undefined;
  actor: { id: string; name: string };
  now: Date;
};

/**
 * The crew closes boarding at a stop and departs (docs/decisions/024-offline-boarding.md), in
 * route order. Confirmed passengers who were to join there and did not are marked `no_show`;
 * those whose trip ends there are counted off; the persons aboard are recorded with who closed
 * and when. The crew count is entered at the first stop. One transaction, with the departure
 * locked, so a stop closes once; a boarding of this departure waits for it, and one at this
 * stop after it is refused (sync-boardings.ts) until the stop is reopened (reopen-boarding.ts).
 */
export async function closeBoarding(opts: CloseBoardingOptions): Promise<void> {
  const { scheduleId, stop } = opts;
  await opts.db.transaction(async (tx) => {
    const schedule = await lockSchedule({ db: tx, id: scheduleId });
    const stops = await readRouteStops({ db: tx, scheduleId });
    // The last stop is only arrived at: nobody boards there.
    if (stop >= stops.length - 1) throw new AppError('stop_not_found', STAFF_MSG.stopNotFound, 404);
    if (stop === 0 && opts.crew === undefined) {
      throw new AppError('crew_required', STAFF_MSG.crewRequired, 400);
    }
    const closures = await tx
      .select()
      .from(boardingClosures)
      .where(eq(boardingClosures.scheduleId, scheduleId));
    if (closures.some((c) => c.stop === stop)) {
      throw new AppError('boarding_closed', STAFF_MSG.boardingClosed, 409);
    }
    if (closures.length !== stop) throw new AppError('boarding_order', STAFF_MSG.closeInOrder, 409);

    const rows = await tx
      .select({
        id: tickets.id,
        adultCount: tickets.adultCount,
        childCount: tickets.childCount,
        infantCount: tickets.infantCount,
        ticketBreakdown: tickets.ticketBreakdown,
        markedStatus: tickets.markedStatus,
        userOriginId: tickets.userOriginId,
        userDestinationId: tickets.userDestinationId,
        boarded: boardedPersons,
      })
      .from(tickets)
      .where(
        and(
          eq(tickets.scheduleId, scheduleId),
          eq(tickets.travelDate, schedule.travelDate),
          eq(tickets.ticketStatus, 'confirmed'),
        ),
      );
    let noShows = 0;
    let countedOff = 0;
    let passengersAboard = 0;
    const missing: string[] = [];
    for (const t of rows) {
      const { fromStop, toStop } = stopPositions(stops, t);
      const party = partySize(t);
      if (fromStop === stop) {
        noShows += party - t.boarded;
        if (t.boarded === 0 && t.markedStatus === null) missing.push(t.id);
      }
      if (toStop === stop) countedOff += t.boarded;
      if (fromStop <= stop && toStop > stop) passengersAboard += t.boarded;
    }
    if (missing.length > 0) {
      await tx
        .update(tickets)
        .set({ markedStatus: 'no_show', updatedAt: opts.now })
        .where(inArray(tickets.id, missing));
    }
    const crew = stop === 0 ? (opts.crew ?? 0) : null;
    await tx.insert(boardingClosures).values({
      scheduleId,
      stop,
      closedBy: opts.actor.id,
      closedByName: opts.actor.name,
      closedAt: opts.now,
      crew,
      noShows,
      countedOff,
      passengersAboard,
      noShowTickets: missing,
    });
    await writeAudit({
      db: tx,
      actorUserId: opts.actor.id,
      action: 'close_boarding',
      entity: 'schedule',
      entityId: scheduleId,
      after: {
        stop,
        stopName: stops[stop]?.name ?? null,
        crew,
        noShows,
        countedOff,
        passengersAboard,
        noShowTickets: missing,
      },
    });
    await announce({ db: tx, event: { kind: 'boarding', data: { scheduleId } } });
  });
}
