import { and, eq, lt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { ago, DAY_MS, touchInBatches } from '#server/lib/sweep-statements.ts';

/** Delivered mail stays this long, to answer "did my confirmation go out?". */
const SENT_MAIL_KEEP_MS = 30 * DAY_MS;

export type PruneSentMailOptions = { db: Db; clock: Clock };

/** Only delivered mail: pending mail is still to be sent, failed mail is kept for a person to look at. */
export function pruneSentMail({ db, clock }: PruneSentMailOptions): Promise<number> {
  const old = and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, ago(clock, SENT_MAIL_KEEP_MS)));
  return touchInBatches(db, mailOutbox, old, (batch) => db.delete(mailOutbox).where(batch));
}
