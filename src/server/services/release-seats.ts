import { and, eq, inArray, or } from 'drizzle-orm';
import type { SeatLockRequest, SeatReleaseResponse } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { seatLocks } from '../db/schema.ts';
import { onTripLaunch } from '../db/seat-key.ts';

type SeatsOn = Pick<SeatLockRequest, 'scheduleId' | 'travelDate' | 'launchId' | 'seats'>;

export type ReleaseSeatsOptions = { db: DbOrTx; session: string } & SeatsOn & {
    /** A return's second departure and its seats, released with the first (docs/decisions/037). */
    return?: SeatsOn | undefined;
  };

/** Drops this session's own locks on those seats; another session's locks are never touched. */
export async function releaseSeats(opts: ReleaseSeatsOptions): Promise<SeatReleaseResponse> {
  const on = (seats: SeatsOn) =>
    and(
      onTripLaunch(seatLocks, seats),
      eq(seatLocks.userSession, opts.session),
      inArray(seatLocks.seatNumber, seats.seats),
    );
  const released = await opts.db
    .delete(seatLocks)
    .where(opts.return ? or(on(opts), on(opts.return)) : on(opts))
    .returning({ id: seatLocks.id });
  return { released: released.length };
}
