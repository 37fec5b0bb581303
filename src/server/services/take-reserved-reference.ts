import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { reservedReferences } from '#server/db/schema.ts';

export type TakeReservedReferenceOptions = {
  db: DbOrTx;
  /** X-Booking-Session of the booking. */
  session: string;
};

/**
 * The reference the session's seat lock reserved, taken for its booking
 * (docs/decisions/039-reference-at-lock.md): the session keeps it no more, so its next booking
 * gets another, while the row stays until the sweep. Null when the session reserved none (a
 * client that books without locking, or one whose reservation was swept). In the booking's
 * transaction: a refused booking leaves the session its reference.
 */
export async function takeReservedReference(opts: TakeReservedReferenceOptions): Promise<string | null> {
  const [taken] = await opts.db
    .update(reservedReferences)
    .set({ userSession: null })
    .where(eq(reservedReferences.userSession, opts.session))
    .returning({ reference: reservedReferences.reference });
  return taken?.reference ?? null;
}
