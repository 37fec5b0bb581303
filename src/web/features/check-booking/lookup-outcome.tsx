import { MSG } from '#shared/messages.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { BookingResultCard } from './booking-result-card.tsx';
import { BookingNotFoundCard, LookupErrorCard } from './lookup-messages.tsx';
import type { useBookingLookup } from './use-booking-lookup.ts';

// What a lookup found, as a card and as one sentence for screen readers. Never on the page's
// first paint: check-booking-view.tsx loads this once there is a reference to look up.

type Lookup = ReturnType<typeof useBookingLookup>;

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'booking_not_found';
}

/**
 * One short sentence for the live region: screen readers hear the outcome once, without the
 * whole card being read out each time it changes.
 */
export function announcement(lookup: Lookup): string {
  if (lookup.isError) return isNotFound(lookup.error) ? MSG.bookingNotFound : errorMessage(lookup.error);
  if (lookup.data) {
    const b = lookup.data;
    return `Booking ${b.reference} found: ${b.ticketStatusLabel}, ${b.paymentStatusLabel}.`;
  }
  return '';
}

export function LookupOutcome({
  lookup,
  reference,
  searching,
}: {
  lookup: Lookup;
  reference: string;
  searching: boolean;
}) {
  if (!searching && lookup.isError) {
    return isNotFound(lookup.error) ? (
      <BookingNotFoundCard reference={reference} />
    ) : (
      <LookupErrorCard message={errorMessage(lookup.error)} />
    );
  }
  return lookup.data && reference ? <BookingResultCard booking={lookup.data} /> : null;
}
