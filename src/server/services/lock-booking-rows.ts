import { asc, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';

export type LockBookingRowsOptions = { db: DbOrTx; ticketIds: string[] };

/**
 * Every journey of the bookings these tickets belong to (a return's two, docs/decisions/037),
 * read FOR UPDATE in one order (reference, then journey), so two writers never deadlock.
 */
export async function lockBookingRows({ db, ticketIds }: LockBookingRowsOptions) {
  return db
    .select()
    .from(tickets)
    .where(
      inArray(
        tickets.paymentReference,
        db
          .select({ reference: tickets.paymentReference })
          .from(tickets)
          .where(inArray(tickets.id, ticketIds)),
      ),
    )
    .orderBy(asc(tickets.paymentReference), asc(tickets.journey))
    .for('update');
}
