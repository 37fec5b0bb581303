import { lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { seatLocks } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { touchInBatches } from '#server/lib/sweep-statements.ts';

export type PruneExpiredSeatLocksOptions = { db: Db; clock: Clock };

/** A lapsed hold; locking takes such a lock over anyway (lock-seats.ts), this clears the rest. */
export function pruneExpiredSeatLocks({ db, clock }: PruneExpiredSeatLocksOptions): Promise<number> {
  return touchInBatches(db, seatLocks, lt(seatLocks.lockedUntil, clock.now()), (batch) =>
    db.delete(seatLocks).where(batch),
  );
}
