import { and, eq, gt } from 'drizzle-orm';
import type { SeatMap, SeatState } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { seatLocks, ticketSeats } from '../db/schema.ts';
import { onTripLaunch } from '../db/seat-key.ts';
import { findTripLaunch, type TripKey } from './find-trip.ts';

export type ReadSeatMapOptions = TripKey & {
  launchId: string;
  /** The asking wizard run; without one every live lock shows as someone else's. */
  session: string | undefined;
  now: Date;
};

/**
 * The seat grid of one launch on one trip. Only reads: expired locks are ignored here and
 * removed by the next lock request, so a GET never changes anything.
 */
export async function readSeatMap(db: DbOrTx, opts: ReadSeatMapOptions): Promise<SeatMap> {
  const { trip, launch } = await findTripLaunch(db, opts);
  const [held, locks] = await Promise.all([
    db
      .select({ seatNumber: ticketSeats.seatNumber })
      .from(ticketSeats)
      .where(
        onTripLaunch(ticketSeats, { scheduleId: trip.id, travelDate: trip.travelDate, launchId: launch.id }),
      ),
    // Live locks of the whole trip: other launches' rows only count towards the session's timer.
    db
      .select({
        launchId: seatLocks.launchId,
        seatNumber: seatLocks.seatNumber,
        userSession: seatLocks.userSession,
        lockedUntil: seatLocks.lockedUntil,
      })
      .from(seatLocks)
      .where(
        and(
          eq(seatLocks.scheduleId, trip.id),
          eq(seatLocks.travelDate, trip.travelDate),
          gt(seatLocks.lockedUntil, opts.now),
        ),
      ),
  ]);

  const occupied = new Set(held.map((h) => h.seatNumber));
  const lockedBy = new Map<string, string>();
  let lockedUntil: Date | null = null;
  for (const lock of locks) {
    if (lock.launchId === launch.id) lockedBy.set(lock.seatNumber, lock.userSession);
    if (opts.session && lock.userSession === opts.session) {
      if (!lockedUntil || lock.lockedUntil < lockedUntil) lockedUntil = lock.lockedUntil;
    }
  }

  const seats = launch.seatNumbers.map((label) => {
    let state: SeatState = 'available';
    if (occupied.has(label)) state = 'occupied';
    else if (lockedBy.has(label)) state = lockedBy.get(label) === opts.session ? 'mine' : 'locked';
    return { label, state };
  });
  return { seats, lockedUntil: lockedUntil ? lockedUntil.toISOString() : null };
}
