import { and, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { MSG } from '#shared/messages/api.ts';

export type CheckTicketOnTripOptions = { db: DbOrTx; scheduleId: string; ticketId: string };

/** Refuses (404) a ticket that is not one of this departure's. */
export async function checkTicketOnTrip(opts: CheckTicketOnTripOptions): Promise<void> {
  const [ticket] = await opts.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, opts.ticketId), eq(tickets.scheduleId, opts.scheduleId)))
    .limit(1);
  if (!ticket) throw new AppError('ticket_not_found', MSG.ticketNotFound, 404);
}
