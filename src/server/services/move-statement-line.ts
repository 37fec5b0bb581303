import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { statementLines } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { StatementLine, StatementLineStatus } from '#shared/statements.ts';
import { listStatementLines } from './list-statement-lines.ts';
import { lockStatementLine } from './lock-statement-line.ts';

/** The moves a person makes that pay nothing: a suggestion rejected, an unmatched line set aside. */
const MOVES = {
  reject: { from: 'suggested', to: 'unmatched', action: 'statement_reject' },
  notBooking: { from: 'unmatched', to: 'not_booking', action: 'statement_not_booking' },
} as const satisfies Record<string, { from: StatementLineStatus; to: StatementLineStatus; action: string }>;

export type MoveStatementLineOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  lineId: string;
  move: keyof typeof MOVES;
};

/**
 * `.../reject` (suggested → unmatched, the suggestion dropped) and `.../not-booking` (unmatched →
 * not_booking), audited (docs/decisions/038); 409 when the line is in another state.
 */
export async function moveStatementLine(opts: MoveStatementLineOptions): Promise<StatementLine> {
  const move = MOVES[opts.move];
  return opts.db.transaction(async (tx) => {
    const line = await lockStatementLine({ db: tx, id: opts.lineId, open: (l) => l.status === move.from });
    await tx
      .update(statementLines)
      .set({
        status: move.to,
        suggestedTicketId: null,
        suggestionKind: null,
        resolvedBy: opts.actorUserId,
        resolvedAt: opts.clock.now(),
      })
      .where(eq(statementLines.id, line.id));
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: move.action,
      entity: 'statement_line',
      entityId: line.id,
      before: {
        status: line.status,
        suggestedTicketId: line.suggestedTicketId,
        suggestionKind: line.suggestionKind,
      },
      after: { status: move.to },
    });
    const [answer] = await listStatementLines({ db: tx, id: line.id, limit: 1 });
    if (!answer) throw new Error('the moved line was not read back');
    return answer;
  });
}
