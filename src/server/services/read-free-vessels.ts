import { and, asc, eq, gt } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { launches, scheduleLaunches, seatLocks, ticketSeats } from '#server/db/schema.ts';
import type { Schedule, Vessel } from '#server/lib/move-plan.ts';

export type ReadFreeVesselsOptions = { db: DbOrTx; target: Schedule; now: Date };

/**
 * The target's bookable vessels with their free seats: a seat is taken by a ticket or by another
 * session's live hold (a passenger mid-booking keeps the seat they are holding).
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
        .select({ launchId: ticketSeats.launchId, seat: ticketSeats.seatNumber })
        .from(ticketSeats)
        .where(and(eq(ticketSeats.scheduleId, target.id), eq(ticketSeats.travelDate, target.travelDate))),
    () =>
      db
        .select({ launchId: seatLocks.launchId, seat: seatLocks.seatNumber })
        .from(seatLocks)
        .where(
          and(
            eq(seatLocks.scheduleId, target.id),
            eq(seatLocks.travelDate, target.travelDate),
            gt(seatLocks.lockedUntil, now),
          ),
        ),
  ]);
  const taken = new Set([...held, ...locked].map((r) => `${r.launchId}|${r.seat}`));
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    labels: r.labels,
    free: new Set(r.labels.filter((label) => !taken.has(`${r.id}|${label}`))),
  }));
}
