import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '#server/db/client.ts';
import type { Clock } from './clock.ts';

/*
 * Rows that have done their job are deleted instead of piling up: every one of them holds an
 * e-mail address, a client address or a token hash that nothing needs any more. Each kind is
 * set-based statements bounded by time (services/sweep/), a batch of rows at a time, and keeps
 * whatever a rule still counts.
 */

/**
 * Rows one statement of a sweep touches at most (docs/decisions/045-year-scale.md): a month of a
 * busy operator's sent mail is some 40,000 rows, and one statement over all of them holds its
 * locks and its write-ahead log until the last row, while a booking waits on the same table.
 */
export const SWEEP_BATCH = 5000;

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

/** The instant `ms` before the clock's now. */
export const ago = (clock: Clock, ms: number) => new Date(clock.now().getTime() - ms);

/** Runs a DELETE or UPDATE as one statement and counts the rows it touched. */
export async function countTouched(db: Db, statement: SQLWrapper): Promise<number> {
  const result = await db.execute(
    // The statement's own SQL: embedded as a builder it would be parenthesised as a subquery.
    sql`with touched as (${statement.getSQL()} returning 1) select count(*)::int as n from touched`,
  );
  const [row] = (result as unknown as { rows: { n: number }[] }).rows;
  return Number(row?.n ?? 0);
}

/**
 * Runs `statement` (a DELETE or UPDATE of `table`) on the rows matching `where`, `batch` of them
 * per statement, until a statement touches fewer; each statement commits on its own. The rows
 * are picked by `ctid` (every table has one, whatever its key), and an UPDATE must make a row
 * stop matching `where`, or the loop would pick it again.
 */
export async function touchInBatches(
  db: Db,
  table: PgTable,
  where: SQL | undefined,
  statement: (inBatch: SQL) => SQLWrapper,
  batch = SWEEP_BATCH,
): Promise<number> {
  let total = 0;
  for (;;) {
    const touched = await countTouched(
      db,
      statement(
        sql`ctid = any(array(select ctid from ${table} where ${where ?? sql`true`} limit ${sql.raw(String(batch))}))`,
      ),
    );
    total += touched;
    if (touched < batch) return total;
  }
}
