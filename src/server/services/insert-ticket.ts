import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { makeReference, REFERENCE_ATTEMPTS } from '#server/lib/reference.ts';
import { MSG } from '#shared/messages/api.ts';

type TicketRow = typeof tickets.$inferInsert;

export type InsertTicketOptions = {
  db: DbOrTx;
  now: Date;
  /** The operator's time zone: a reference carries the operator's date. */
  timeZone: string;
  /** The row for a reference: what an online booking or a counter sale writes. */
  row: (reference: string) => Omit<TicketRow, 'paymentReference' | 'createdAt' | 'updatedAt'>;
};

/** The new ticket's id, its reference and where its payment slip goes (an online booking's). */
export type InsertedTicket = { id: string; reference: string; slipKey: string | null };

/**
 * Inserts a ticket under a fresh reference: online bookings and counter sales alike. Only a
 * reference collision is retried; any other constraint is a real error. After
 * REFERENCE_ATTEMPTS collisions it answers 409 `reference_exists`.
 */
export async function insertTicket(opts: InsertTicketOptions): Promise<InsertedTicket> {
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const reference = makeReference(opts.now, opts.timeZone);
    const [inserted] = await opts.db
      .insert(tickets)
      .values({
        ...opts.row(reference),
        paymentReference: reference,
        createdAt: opts.now,
        updatedAt: opts.now,
      })
      .onConflictDoNothing({ target: [tickets.paymentReference, tickets.journey] })
      .returning({ id: tickets.id, reference: tickets.paymentReference, slipKey: tickets.paymentSlipKey });
    if (inserted) return inserted;
  }
  throw new AppError('reference_exists', MSG.referenceExists, 409);
}
