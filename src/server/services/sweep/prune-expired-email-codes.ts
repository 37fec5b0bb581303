import { and, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailCodes } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { ago, HOUR_MS, touchInBatches } from '#server/lib/sweep-statements.ts';

/** The 3-sends-per-hour rule (send-email-code.ts) counts the last hour's codes, expired or not. */
const EMAIL_CODE_KEEP_MS = HOUR_MS;

export type PruneExpiredEmailCodesOptions = { db: Db; clock: Clock };

/** Codes past their expiry, once the hour in which they count towards the send limit is over. */
export function pruneExpiredEmailCodes({ db, clock }: PruneExpiredEmailCodesOptions): Promise<number> {
  const expired = and(
    lt(emailCodes.expiresAt, clock.now()),
    lt(emailCodes.createdAt, ago(clock, EMAIL_CODE_KEEP_MS)),
  );
  return touchInBatches(db, emailCodes, expired, (batch) => db.delete(emailCodes).where(batch));
}
