import type { DbOrTx } from '#server/db/client.ts';
import { reservedReferences, tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { makeReference, REFERENCE_ATTEMPTS, REFERENCE_RESERVED_MS } from '#server/lib/reference.ts';
import { MSG } from '#shared/messages/api.ts';

type TicketRow = typeof tickets.$inferInsert;

export type InsertTicketOptions = {
  db: DbOrTx;
  now: Date;
  /** The operator's time zone: a reference carries the operator's date. */
  timeZone: string;
  /** The row for a reference: what an online booking or a counter sale writes. */
  row: (reference: string) => Omit<TicketRow, 'paymentReference' | 'createdAt' | 'updatedAt'>;
  /**
   * The reference the booking session's seat lock reserved (services/take-reserved-reference.ts),
   * already the session's alone; without it a fresh one is made.
   */
  reference?: string | null | undefined;
};

/** The new ticket's id, its reference and where its payment slip goes (an online booking's). */
export type InsertedTicket = { id: string; reference: string; slipKey: string | null };

/**
 * Inserts a ticket under a fresh reference, or under the one its session reserved: online
 * bookings and counter sales alike. A fresh reference is claimed among the reserved ones first
 * (docs/decisions/039-reference-at-lock.md), so it can be nobody's reservation. Only a reference
 * collision is retried; any other constraint is a real error. After REFERENCE_ATTEMPTS
 * collisions, or when a reserved reference is somehow on a ticket already, it answers 409
 * `reference_exists`.
 */
export async function insertTicket(opts: InsertTicketOptions): Promise<InsertedTicket> {
  const insertAs = async (reference: string) => {
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
    return inserted;
  };
  if (opts.reference) {
    const inserted = await insertAs(opts.reference);
    if (inserted) return inserted;
  } else {
    for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
      const reference = makeReference(opts.now, opts.timeZone);
      const [claimed] = await opts.db
        .insert(reservedReferences)
        .values({
          reference,
          userSession: null,
          // Kept past the operator's day, the only day a fresh reference can repeat it.
          reservedUntil: new Date(opts.now.getTime() + REFERENCE_RESERVED_MS),
          createdAt: opts.now,
        })
        .onConflictDoNothing()
        .returning({ reference: reservedReferences.reference });
      if (!claimed) continue;
      const inserted = await insertAs(reference);
      if (inserted) return inserted;
    }
  }
  throw new AppError('reference_exists', MSG.referenceExists, 409);
}
