import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { statementLines } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';

export type LockedStatementLine = typeof statementLines.$inferSelect;

export type LockStatementLineOptions = {
  db: Tx;
  id: string;
  /** May the action take a line in this state? Otherwise 409 statement_line_not_open. */
  open: (line: LockedStatementLine) => boolean;
};

export const statementLineNotOpen = (message: string = STAFF_MSG.statementLineNotOpen) =>
  new AppError('statement_line_not_open', message, 409);

/**
 * A statement line read FOR UPDATE, so two people acting on it one after the other see each
 * other's work; 404 statement_line_not_found, 409 statement_line_not_open when `open` refuses it.
 */
export async function lockStatementLine(opts: LockStatementLineOptions): Promise<LockedStatementLine> {
  const [line] = await opts.db
    .select()
    .from(statementLines)
    .where(eq(statementLines.id, opts.id))
    .for('update');
  if (!line) throw new AppError('statement_line_not_found', STAFF_MSG.statementLineNotFound, 404);
  if (!opts.open(line)) throw statementLineNotOpen();
  return line;
}
