import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { problem } from '#server/lib/errors.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { listTicketsWhere } from './list-tickets-where.ts';

export type ReadTicketOptions = { db: DbOrTx; id: string };

/** The admin view of one ticket; 404 ticket_not_found when there is none. */
export async function readTicket({ db, id }: ReadTicketOptions): Promise<AdminTicket> {
  const [ticket] = await listTicketsWhere({ db, where: eq(tickets.id, id), limit: 1 });
  if (!ticket) throw problem('ticket_not_found');
  return ticket;
}
