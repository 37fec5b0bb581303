import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { mailOutbox } from '#server/db/schema.ts';

export type ReadOutboxCountsOptions = { db: DbOrTx; now: Date };

export type OutboxCounts = {
  /** Mails to send: never tried, or waiting for their next try after a failure. */
  pending: number;
  /** Mails held back on purpose until their time (an approval's undo window). */
  held: number;
  /** Mails that failed their last try and will not be tried again. */
  failed: number;
  /**
   * How long the longest-waiting mail that is due has waited, in seconds: a pending one since it
   * was queued, a held one since its time came. 0 when none is due.
   */
  oldestDueSeconds: number;
};

/**
 * The outbox as the metrics report it, in one statement on the (status, next_attempt_at) index:
 * sent mail, nearly every row, is never read.
 */
export async function readOutboxCounts({ db, now }: ReadOutboxCountsOptions): Promise<OutboxCounts> {
  const at = now.toISOString();
  const waitingSince = sql`case when ${mailOutbox.status} = 'held' then ${mailOutbox.nextAttemptAt} else ${mailOutbox.createdAt} end`;
  const due = sql`${mailOutbox.status} = 'pending' or (${mailOutbox.status} = 'held' and ${mailOutbox.nextAttemptAt} <= ${at}::timestamptz)`;
  const [row] = await db
    .select({
      pending: sql`count(*) filter (where ${mailOutbox.status} = 'pending')`.mapWith(Number),
      held: sql`count(*) filter (where ${mailOutbox.status} = 'held')`.mapWith(Number),
      failed: sql`count(*) filter (where ${mailOutbox.status} = 'failed')`.mapWith(Number),
      oldestDueSeconds:
        sql`coalesce(extract(epoch from ${at}::timestamptz - min(${waitingSince}) filter (where ${due})), 0)`.mapWith(
          Number,
        ),
    })
    .from(mailOutbox)
    .where(inArray(mailOutbox.status, ['pending', 'held', 'failed']));
  return {
    pending: row?.pending ?? 0,
    held: row?.held ?? 0,
    failed: row?.failed ?? 0,
    // A mail queued a moment after `now` was read would show a negative wait.
    oldestDueSeconds: Math.max(0, row?.oldestDueSeconds ?? 0),
  };
}
