import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { reservedReferences, tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { makeReference, REFERENCE_ATTEMPTS, REFERENCE_RESERVED_MS } from '#server/lib/reference.ts';
import { MSG } from '#shared/messages/api.ts';

export type ReserveReferenceOptions = {
  db: DbOrTx;
  /** X-Booking-Session: the wizard run the reference is kept for. */
  session: string;
  now: Date;
  /** The operator's time zone: a reference carries the operator's date. */
  timeZone: string;
};

/**
 * The booking session's reference (docs/decisions/039-reference-at-lock.md): the one it already
 * keeps, for another day from now, else a fresh one. The primary key decides a collision with
 * any other reserved or fresh reference, retried as insertTicket does; a reference already on a
 * ticket is skipped too. One the session kept past its day is let go (kept by nobody until the
 * sweep), so a late lock starts a new one.
 */
export async function reserveReference(opts: ReserveReferenceOptions): Promise<string> {
  const { db, session, now } = opts;
  const until = new Date(now.getTime() + REFERENCE_RESERVED_MS);
  await db
    .update(reservedReferences)
    .set({ userSession: null })
    .where(and(eq(reservedReferences.userSession, session), lte(reservedReferences.reservedUntil, now)));
  for (let attempt = 0; attempt < REFERENCE_ATTEMPTS; attempt++) {
    const [kept] = await db
      .update(reservedReferences)
      .set({ reservedUntil: until })
      .where(and(eq(reservedReferences.userSession, session), gt(reservedReferences.reservedUntil, now)))
      .returning({ reference: reservedReferences.reference });
    if (kept) return kept.reference;

    const reference = makeReference(now, opts.timeZone);
    const [booked] = await db
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.paymentReference, reference))
      .limit(1);
    if (booked) continue;
    // Either unique index may refuse: the reference (someone else's) or the session (a
    // concurrent lock of this session reserved first, read back on the next turn).
    const [reserved] = await db
      .insert(reservedReferences)
      .values({ reference, userSession: session, reservedUntil: until, createdAt: now })
      .onConflictDoNothing()
      .returning({ reference: reservedReferences.reference });
    if (reserved) return reserved.reference;
  }
  throw new AppError('reference_exists', MSG.referenceExists, 409);
}
