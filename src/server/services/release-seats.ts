import { and, eq, inArray } from 'drizzle-orm';
import type { SeatLockRequest, SeatReleaseResponse } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { seatLocks } from '../db/schema.ts';
import { onTripLaunch } from '../db/seat-key.ts';

export type ReleaseSeatsOptions = { db: DbOrTx; session: string } & Pick<
  SeatLockRequest,
  'scheduleId' | 'travelDate' | 'launchId' | 'seats'
>;

/** Drops this session's own locks on those seats; another session's locks are never touched. */
export async function releaseSeats(opts: ReleaseSeatsOptions): Promise<SeatReleaseResponse> {
  const released = await opts.db
    .delete(seatLocks)
    .where(
      and(
        onTripLaunch(seatLocks, opts),
        eq(seatLocks.userSession, opts.session),
        inArray(seatLocks.seatNumber, opts.seats),
      ),
    )
    .returning({ id: seatLocks.id });
  return { released: released.length };
}
