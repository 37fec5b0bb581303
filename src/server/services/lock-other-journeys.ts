import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import type { LockedTicket } from './lock-ticket.ts';

export type LockOtherJourneysOptions = { db: Tx; ticket: Pick<LockedTicket, 'id' | 'paymentReference'> };

/**
 * The other journeys of a ticket's booking (a return's outbound or way back, docs/decisions/037),
 * read FOR UPDATE: what acts on the one payment (an approval, a rejection) acts on them too.
 * None for a single trip.
 */
export async function lockOtherJourneys({ db, ticket }: LockOtherJourneysOptions): Promise<LockedTicket[]> {
  return db
    .select()
    .from(tickets)
    .where(and(eq(tickets.paymentReference, ticket.paymentReference), ne(tickets.id, ticket.id)))
    .orderBy(asc(tickets.journey))
    .for('update');
}
