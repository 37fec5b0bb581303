import { and, asc, eq, gt } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { launches, scheduleLaunches, seatLocks, ticketSeats } from '#server/db/schema.ts';
import type { Schedule, Vessel } from '#server/lib/move-plan.ts';
import type { Stretch } from '#server/lib/stretch.ts';

export type ReadFreeVesselsOptions = { db: DbOrTx; target: Schedule; now: Date };

/**
 * The target's bookable vessels with the legs each seat is taken for: by a ticket, or by a live
 * hold (a passenger mid-booking keeps the seat they are holding). Which seats are free depends
 * on the stretch asked (`freeFor`), since seats are sold per leg.
 */
export async function readFreeVessels({ db, target, now }: ReadFreeVesselsOptions): Promise<Vessel[]> {
  const rows = await db
    .select({ id: launches.id, name: launches.name, labels: launches.seatNumbers })
    .from(scheduleLaunches)
    .innerJoin(launches, eq(launches.id, scheduleLaunches.launchId))
    .where(and(eq(scheduleLaunches.scheduleId, target.id), eq(launches.status, 'active')))
    .orderBy(asc(scheduleLaunches.position), asc(launches.name));
  const [held, locked] = await readTogether(db, [
    () =>
      db
        .select({
          launchId: ticketSeats.launchId,
          seat: ticketSeats.seatNumber,
          fromStop: ticketSeats.fromStop,
          toStop: ticketSeats.toStop,
        })
        .from(ticketSeats)
        .where(and(eq(ticketSeats.scheduleId, target.id), eq(ticketSeats.travelDate, target.travelDate))),
    () =>
      db
        .select({
          launchId: seatLocks.launchId,
          seat: seatLocks.seatNumber,
          fromStop: seatLocks.fromStop,
          toStop: seatLocks.toStop,
        })
        .from(seatLocks)
        .where(
          and(
            eq(seatLocks.scheduleId, target.id),
            eq(seatLocks.travelDate, target.travelDate),
            gt(seatLocks.lockedUntil, now),
          ),
        ),
  ]);
  const taken = new Map<string, Map<string, Stretch[]>>(rows.map((r) => [r.id, new Map()]));
  for (const { launchId, seat, fromStop, toStop } of [...held, ...locked]) {
    const seats = taken.get(launchId);
    seats?.set(seat, [...(seats.get(seat) ?? []), { fromStop, toStop }]);
  }
  return rows.map((r) => ({ id: r.id, name: r.name, labels: r.labels, taken: taken.get(r.id) ?? new Map() }));
}
