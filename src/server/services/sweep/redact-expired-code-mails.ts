import { and, isNotNull, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { toKeptVersion } from '#server/lib/mailer.ts';
import { ago, MINUTE_MS, touchInBatches } from '#server/lib/sweep-statements.ts';
import { EMAIL_CODE_TTL_MINUTES } from '#shared/constants.ts';

export type RedactExpiredCodeMailsOptions = { db: Db; clock: Clock };

/**
 * A code mail still readable once its code has expired: recorded by the dev transport (whose
 * row is the demo's mailbox), still being retried, or given up on. It keeps its kept version
 * from now on, as a delivered one does (mailer.ts).
 */
export function redactExpiredCodeMails({ db, clock }: RedactExpiredCodeMailsOptions): Promise<number> {
  // The kept version clears kept_text: a redacted row no longer matches, and the loop ends.
  const readable = and(
    isNotNull(mailOutbox.keptText),
    lt(mailOutbox.createdAt, ago(clock, EMAIL_CODE_TTL_MINUTES * MINUTE_MS)),
  );
  return touchInBatches(db, mailOutbox, readable, (batch) =>
    db.update(mailOutbox).set(toKeptVersion).where(batch),
  );
}
