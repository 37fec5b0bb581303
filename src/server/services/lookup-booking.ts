import { and, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { normalizeReference } from '#server/lib/reference.ts';
import { MSG } from '#shared/messages/api.ts';
import type { BookingLookup } from '#shared/schemas.ts';
import { readBookingView } from './read-booking-view.ts';

// Longer than any reference the product makes; longer input cannot match and is not queried.
const MAX_REFERENCE_LENGTH = 64;

const notFound = () => new AppError('booking_not_found', MSG.bookingNotFound, 404);

/** 'Jane van Dyke' -> 'J*** v*** D***': enough to recognise one's own booking, not to learn a name. */
function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => `${Array.from(word)[0] ?? ''}***`)
    .join(' ');
}

export type LookupBookingOptions = { db: DbOrTx; reference: string };

/**
 * The public lookup (docs/product.md section 11.7): the whole reference, trimmed, in any case;
 * a privacy-minimal view with no e-mail, phone or slip. One statement: the trip's stops come
 * along as a JSON array, so a lookup costs the database one round trip.
 */
export async function lookupBooking(opts: LookupBookingOptions): Promise<BookingLookup> {
  const reference = normalizeReference(opts.reference);
  if (!reference || reference.length > MAX_REFERENCE_LENGTH) throw notFound();
  // Served by the lower(payment_reference) index. A return's outbound row answers, with both
  // journeys beside it (docs/decisions/037-return-trips.md).
  const found = await readBookingView({
    db: opts.db,
    where: and(eq(sql`lower(${tickets.paymentReference})`, reference), eq(tickets.journey, 1)),
  });
  if (!found) throw notFound();
  return {
    ...found.view,
    passengerName: maskName(found.view.passengerName),
    persons: found.view.persons.map((p) => ({ ...p, name: maskName(p.name), nationality: '' })),
  };
}
