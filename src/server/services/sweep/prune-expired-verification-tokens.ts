import { lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { verificationTokens } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { countTouched } from '#server/lib/sweep-statements.ts';

export type PruneExpiredVerificationTokensOptions = { db: Db; clock: Clock };

export function pruneExpiredVerificationTokens({
  db,
  clock,
}: PruneExpiredVerificationTokensOptions): Promise<number> {
  return countTouched(db, db.delete(verificationTokens).where(lt(verificationTokens.expiresAt, clock.now())));
}
