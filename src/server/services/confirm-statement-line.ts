import { eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { statementLines, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { isWaiting } from '#server/lib/waiting-bookings.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { StatementLine } from '#shared/statements.ts';
import { listStatementLines } from './list-statement-lines.ts';
import { lockStatementLine, statementLineNotOpen } from './lock-statement-line.ts';
import { payBookings } from './pay-bookings.ts';
import { readStatementSettings } from './read-statement-settings.ts';

export type ConfirmStatementLineOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  lineId: string;
};

/**
 * A person confirms a suggestion (docs/decisions/038): the line pays its suggested booking,
 * whatever the difference, and the booking is approved when the operator's setting says so.
 * 409 when the line is no longer a suggestion or the booking no longer waits for its payment.
 */
export async function confirmStatementLine(opts: ConfirmStatementLineOptions): Promise<StatementLine> {
  return opts.db.transaction(async (tx) => {
    const line = await lockStatementLine({ db: tx, id: opts.lineId, open: (l) => l.status === 'suggested' });
    const ticketId = line.suggestedTicketId;
    // That one booking, by its id: not every waiting booking with its total worked out.
    const waiting = ticketId
      ? await tx.execute(sql`select t.id from ${tickets} t where t.id = ${ticketId} and ${isWaiting}`)
      : null;
    if (!ticketId || (waiting as { rows: unknown[] } | null)?.rows.length !== 1) {
      throw statementLineNotOpen(STAFF_MSG.statementBookingNotWaiting);
    }
    const now = opts.clock.now();
    await tx
      .update(statementLines)
      .set({ status: 'matched', resolvedBy: opts.actorUserId, resolvedAt: now })
      .where(eq(statementLines.id, line.id));
    await payBookings({
      db: tx,
      clock: opts.clock,
      actorUserId: opts.actorUserId,
      payments: [{ lineId: line.id, statementId: line.statementId, ticketId, amount: line.amount }],
      settings: await readStatementSettings({ db: tx }),
      settled: true,
    });
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'statement_confirm',
      entity: 'statement_line',
      entityId: line.id,
      before: { status: 'suggested', suggestedTicketId: ticketId, suggestionKind: line.suggestionKind },
      after: { status: 'matched', ticketId },
    });
    const [answer] = await listStatementLines({ db: tx, id: line.id, limit: 1 });
    if (!answer) throw new Error('the confirmed line was not read back');
    return answer;
  });
}
