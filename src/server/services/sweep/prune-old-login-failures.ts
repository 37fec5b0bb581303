import { lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { loginFailures } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { ago, touchInBatches } from '#server/lib/sweep-statements.ts';
import { LOGIN_FAILURE_WINDOW_MS } from '../log-in.ts';

export type PruneOldLoginFailuresOptions = { db: Db; clock: Clock };

/** Failures older than the throttle window count for nothing, whatever they were keyed on. */
export function pruneOldLoginFailures({ db, clock }: PruneOldLoginFailuresOptions): Promise<number> {
  const old = lt(loginFailures.createdAt, ago(clock, LOGIN_FAILURE_WINDOW_MS));
  return touchInBatches(db, loginFailures, old, (batch) => db.delete(loginFailures).where(batch));
}
