import { lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { verificationTokens } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { touchInBatches } from '#server/lib/sweep-statements.ts';

export type PruneExpiredVerificationTokensOptions = { db: Db; clock: Clock };

export function pruneExpiredVerificationTokens({
  db,
  clock,
}: PruneExpiredVerificationTokensOptions): Promise<number> {
  return touchInBatches(db, verificationTokens, lt(verificationTokens.expiresAt, clock.now()), (batch) =>
    db.delete(verificationTokens).where(batch),
  );
}
