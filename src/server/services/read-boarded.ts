import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';

export type ReadBoardedOptions = { db: DbOrTx; ticketId: string };

/**
 * `boardedPersons` of one ticket, read in a statement of its own: after the ticket's row lock,
 * so it sees every boarding committed before the lock was granted (a statement that waited for
 * the lock would count them with its older snapshot).
 */
export async function readBoarded({ db, ticketId }: ReadBoardedOptions): Promise<number> {
  const [row] = await db.select({ boarded: boardedPersons }).from(tickets).where(eq(tickets.id, ticketId));
  return row?.boarded ?? 0;
}
