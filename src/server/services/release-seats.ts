import { and, eq, inArray } from 'drizzle-orm';
import type { SeatLockRequest } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { seatLocks } from '../db/schema.ts';
import { onTripLaunch } from '../db/seat-key.ts';

/** Drops this session's own locks on those seats; another session's locks are never touched. */
export async function releaseSeats(
  db: DbOrTx,
  opts: SeatLockRequest & { session: string },
): Promise<{ released: number }> {
  const released = await db
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
