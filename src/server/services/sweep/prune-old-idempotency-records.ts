import { lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { idempotencyRecords } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { ago, DAY_MS, touchInBatches } from '#server/lib/sweep-statements.ts';

/**
 * A retried submission finds its booking through the idempotency record. Retries come within
 * seconds or minutes, and a retry past the 60-minute verification token is refused anyway if
 * its record is gone, never booked twice; a week covers any retry a browser could make.
 */
const IDEMPOTENCY_KEEP_MS = 7 * DAY_MS;

export type PruneOldIdempotencyRecordsOptions = { db: Db; clock: Clock };

export function pruneOldIdempotencyRecords({
  db,
  clock,
}: PruneOldIdempotencyRecordsOptions): Promise<number> {
  const old = lt(idempotencyRecords.createdAt, ago(clock, IDEMPOTENCY_KEEP_MS));
  return touchInBatches(db, idempotencyRecords, old, (batch) => db.delete(idempotencyRecords).where(batch));
}
