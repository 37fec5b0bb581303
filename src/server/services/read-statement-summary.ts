import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { statementLines } from '#server/db/schema.ts';
import { dateInZone, instantInZone } from '#server/lib/clock.ts';
import type { StatementSummary } from '#shared/statements.ts';

export type ReadStatementSummaryOptions = { db: DbOrTx; now: Date; tz: string };

/** The payments screen's counts: lines matched since midnight where the operator is, and those waiting. */
export async function readStatementSummary(opts: ReadStatementSummaryOptions): Promise<StatementSummary> {
  const midnight = instantInZone(dateInZone(opts.now, opts.tz), '00:00', opts.tz);
  const [row] = await opts.db
    .select({
      matchedToday: sql<number>`count(*) filter (where ${statementLines.status} = 'matched' and ${statementLines.resolvedAt} >= ${midnight.toISOString()}::timestamptz)::int`,
      suggestionsWaiting: sql<number>`count(*) filter (where ${statementLines.status} = 'suggested')::int`,
      unmatched: sql<number>`count(*) filter (where ${statementLines.status} = 'unmatched')::int`,
    })
    .from(statementLines);
  return {
    matchedToday: Number(row?.matchedToday ?? 0),
    suggestionsWaiting: Number(row?.suggestionsWaiting ?? 0),
    unmatched: Number(row?.unmatched ?? 0),
  };
}
