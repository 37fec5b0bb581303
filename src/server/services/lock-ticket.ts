import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { ticketNotFound } from './list-tickets.ts';

export type LockedTicket = typeof tickets.$inferSelect;

/**
 * Reads a ticket with SELECT ... FOR UPDATE: a second admin acting on the same ticket waits
 * here until the first commits, then sees the new status, so two approvals (or an approve and
 * a reject) can never both pass their status check.
 */
export async function lockTicket(tx: Tx, id: string): Promise<LockedTicket> {
  const [row] = await tx.select().from(tickets).where(eq(tickets.id, id)).for('update');
  if (!row) throw ticketNotFound();
  return row;
}
