import { type SQLWrapper, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import type { Clock } from './clock.ts';

/*
 * Rows that have done their job are deleted instead of piling up: every one of them holds an
 * e-mail address, a client address or a token hash that nothing needs any more. Each kind is
 * one set-based statement bounded by time (services/sweep/), and keeps whatever a rule still
 * counts.
 */

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
