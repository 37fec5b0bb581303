import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';

export type ETicketTokenOfOptions = { db: DbOrTx; ticketId: string };

/**
 * The e-ticket link's token of a confirmed booking, made on first need (256 random bits) and
 * kept through every later change, so the link the passenger was sent keeps working.
 */
export async function eTicketTokenOf({ db, ticketId }: ETicketTokenOfOptions): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await db
    .update(tickets)
    .set({ eticketToken: token })
    .where(and(eq(tickets.id, ticketId), isNull(tickets.eticketToken)));
  const [row] = await db
    .select({ token: tickets.eticketToken })
    .from(tickets)
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (!row?.token) throw new Error('e-ticket token was not kept');
  return row.token;
}
