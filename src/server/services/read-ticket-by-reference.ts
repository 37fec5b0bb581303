import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { listTicketsWhere } from './list-tickets-where.ts';

export type ReadTicketByReferenceOptions = {
  db: DbOrTx;
  reference: string;
};

/**
 * The slip button of the public lookup page: the admin view of the ticket with that whole
 * reference, in any case; 404 booking_not_found when there is none.
 */
export async function readTicketByReference({
  db,
  reference,
}: ReadTicketByReferenceOptions): Promise<AdminTicket> {
  const ref = reference.trim().toLowerCase();
  const [ticket] =
    ref.length > 0 && ref.length <= 64
      ? await listTicketsWhere({
          db,
          where: and(eq(sql`lower(${tickets.paymentReference})`, ref), eq(tickets.journey, 1)),
          limit: 1,
        })
      : [];
  if (!ticket) throw new AppError('booking_not_found', MSG.bookingNotFound, 404);
  return ticket;
}
