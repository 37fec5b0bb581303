import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { problem } from '#server/lib/errors.ts';

export type LockedTicket = typeof tickets.$inferSelect;

export type LockTicketOptions = { db: Tx; id: string };

/**
 * Reads a ticket with SELECT ... FOR UPDATE: a second admin acting on the same ticket waits
 * here until the first commits, then sees the new status, so two approvals (or an approve and
 * a reject) can never both pass their status check.
 */
export async function lockTicket({ db, id }: LockTicketOptions): Promise<LockedTicket> {
  const [row] = await db.select().from(tickets).where(eq(tickets.id, id)).for('update');
  if (!row) throw problem('ticket_not_found');
  return row;
}
