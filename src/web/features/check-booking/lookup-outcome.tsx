import { apiErrorText } from '#web/i18n/msg.ts';
import type { Translate } from '#web/i18n/texts.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { BookingResultCard } from './booking-result-card.tsx';
import { statusTexts } from './format.ts';
import { BookingNotFoundCard, LookupErrorCard } from './lookup-messages.tsx';
import { useOutcomeTexts } from './outcome-texts.ts';
import { ManageBookingLink, ResendETicket } from './resend-e-ticket.tsx';
import type { useBookingLookup } from './use-booking-lookup.ts';

// What a lookup found, as a card and as one sentence for screen readers. Never on the page's
// first paint: check-booking-view.tsx loads this once there is a reference to look up.

type Lookup = ReturnType<typeof useBookingLookup>;

/** The states a passenger may still change: rebook, cancel, or correct the name. */
const MANAGEABLE: ReadonlySet<string> = new Set(['pending', 'confirmed', 'cancelled_by_operator']);

function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.code === 'booking_not_found';
}

/**
 * One short sentence for the live region: screen readers hear the outcome once, without the
 * whole card being read out each time it changes.
 */
function announcement(lookup: Lookup, t: Translate): string {
  if (lookup.isError)
    return isNotFound(lookup.error) ? t('msg.bookingNotFound') : apiErrorText(t, lookup.error);
  if (lookup.data) {
    const { ticketStatus, paymentStatus } = statusTexts(lookup.data, t);
    return t('lookup.announceFound', { reference: lookup.data.reference, ticketStatus, paymentStatus });
  }
  return '';
}

/** The announcement, in the passenger's language (it waits for the outcome's texts). */
export function LookupAnnouncement({ lookup }: { lookup: Lookup }) {
  const t = useOutcomeTexts();
  return announcement(lookup, t);
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
  const t = useOutcomeTexts();
  if (!searching && lookup.isError) {
    return isNotFound(lookup.error) ? (
      <BookingNotFoundCard reference={reference} />
    ) : (
      <LookupErrorCard message={apiErrorText(t, lookup.error)} />
    );
  }
  if (!lookup.data || !reference) return null;
  return (
    <div className="space-y-4">
      <BookingResultCard booking={lookup.data} />
      {lookup.data.ticketStatus === 'confirmed' && <ResendETicket reference={lookup.data.reference} />}
      {MANAGEABLE.has(lookup.data.ticketStatus) && <ManageBookingLink reference={lookup.data.reference} />}
    </div>
  );
}
