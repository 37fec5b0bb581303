import { lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { reservedReferences } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { touchInBatches } from '#server/lib/sweep-statements.ts';

export type PruneExpiredReservedReferencesOptions = { db: Db; clock: Clock };

/**
 * A reference kept past its day: a booking that took it has it on its ticket (whose unique index
 * keeps it), and a fresh reference carries today's date, so none can repeat it any more.
 */
export function pruneExpiredReservedReferences({
  db,
  clock,
}: PruneExpiredReservedReferencesOptions): Promise<number> {
  return touchInBatches(db, reservedReferences, lt(reservedReferences.reservedUntil, clock.now()), (batch) =>
    db.delete(reservedReferences).where(batch),
  );
}
