import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { listTicketsWhere } from './list-tickets-where.ts';

export type ListTicketsByIdOptions = { db: DbOrTx; ids: string[] };

/** These tickets as the admin lists show them, read again after a change; none asked, none read. */
export async function listTicketsById({ db, ids }: ListTicketsByIdOptions): Promise<AdminTicket[]> {
  return ids.length === 0 ? [] : listTicketsWhere({ db, where: inArray(tickets.id, ids) });
}
