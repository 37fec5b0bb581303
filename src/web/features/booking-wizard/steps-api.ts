import { queryOptions } from '@tanstack/react-query';
import { SEAT_LOCK_REFRESH_MS } from '#shared/constants.ts';
import { BOOKING_SESSION_HEADER, IDEMPOTENCY_KEY_HEADER } from '#shared/http-headers.ts';
import { isLanguage, type Language } from '#shared/languages.ts';
import type {
  BookingCreated,
  BookingRequest,
  EmailCodeResponse,
  EmailVerifyResponse,
  SeatLockResponse,
  SeatMap,
  Trip,
  TripLaunch,
} from '#shared/schemas.ts';
import { i18n } from '#web/i18n/catalogue.ts';
import { api } from '#web/lib/api-client.ts';
import type { WizardState } from './wizard-state.ts';

// The requests of the wizard's later steps (choose launch, seats, passenger, payment), which load
// this with their own code.

/**
 * The passenger's From and To: a seat is sold for the legs between them, so the launches' free
 * seats and the seat map are read for that stretch of the departure.
 */
export type Stretch = { originId: string; destinationId: string };

/** The stretch as query parameters; none until both stops are known (the whole departure). */
const stretchParams = ({ originId, destinationId }: Stretch): Record<string, string> =>
  originId && destinationId ? { originId, destinationId } : {};

export const launchesQuery = (scheduleId: string, date: string, stretch: Stretch) =>
  queryOptions({
    queryKey: ['trip-launches', scheduleId, date, stretch.originId, stretch.destinationId],
    queryFn: ({ signal }) =>
      api.get<TripLaunch[]>(
        `/api/trips/${scheduleId}/launches?${new URLSearchParams({ date, ...stretchParams(stretch) })}`,
        { signal },
      ),
  });

export const seatMapQuery = (
  scheduleId: string,
  date: string,
  launchId: string,
  stretch: Stretch,
  sessionId: string,
) =>
  queryOptions({
    queryKey: ['seat-map', scheduleId, date, launchId, stretch.originId, stretch.destinationId, sessionId],
    queryFn: ({ signal }) =>
      api.get<SeatMap>(
        `/api/trips/${scheduleId}/seats?${new URLSearchParams({ date, launchId, ...stretchParams(stretch) })}`,
        { signal, headers: { [BOOKING_SESSION_HEADER]: sessionId } },
      ),
    // docs/product.md section 9: other passengers' holds show up within 5 s.
    refetchInterval: SEAT_LOCK_REFRESH_MS,
  });

export type SeatHold = { scheduleId: string; travelDate: string; launchId: string; seats: string[] };

/** Releasing is best effort (docs/product.md section 8): a failure is logged and the wizard moves on. */
export async function releaseSeats(hold: SeatHold, sessionId: string): Promise<void> {
  if (hold.seats.length === 0) return;
  try {
    await api.delete<unknown>('/api/seat-locks', hold, { headers: { [BOOKING_SESSION_HEADER]: sessionId } });
  } catch (error) {
    console.warn('Failed to release seats', error);
  }
}

/** One departure's seats for the passenger's stretch of it, as the seat-lock and booking routes take them. */
export type JourneyHold = SeatHold & Stretch;

/** A return's two departures: the outbound's fields, and the way back's in `return`. */
export type ReturnHold = JourneyHold & { return?: JourneyHold };

const journeyHold = (trip: Trip, launch: TripLaunch, seats: string[]): JourneyHold => ({
  scheduleId: trip.scheduleId,
  travelDate: trip.travelDate,
  launchId: launch.id,
  originId: trip.from.id,
  destinationId: trip.to.id,
  seats,
});

/**
 * The wizard's seats on its departures (by default the ones chosen): the outbound's, with the
 * way back's beside them for a return; null until the outbound's launch is chosen.
 */
export function wizardHold(
  state: WizardState,
  seats = state.selectedSeats,
  returnSeats = state.returnSeats,
): ReturnHold | null {
  const { selectedTrip: trip, selectedLaunch: launch, returnTrip, returnLaunch } = state;
  if (!trip || !launch) return null;
  const hold = journeyHold(trip, launch, seats);
  return returnTrip && returnLaunch
    ? { ...hold, return: journeyHold(returnTrip, returnLaunch, returnSeats) }
    : hold;
}

/**
 * Locking needs step 2's verification; the seats are held for the legs from the From stop to the
 * To stop, and the lock closes when the vessel has left the From stop. A return locks both
 * departures in one call, all or nothing.
 */
export const lockSeats = (hold: ReturnHold, sessionId: string, verificationToken: string | null) =>
  api.post<SeatLockResponse>(
    '/api/seat-locks',
    { ...hold, verificationToken: verificationToken ?? undefined },
    { headers: { [BOOKING_SESSION_HEADER]: sessionId } },
  );

/**
 * Lets the seats of `hold` go, each departure's on its own (either may have none to release, as
 * when a new choice kept all of one's seats); best effort, like releaseSeats.
 */
export async function releaseHold(hold: ReturnHold | null, sessionId: string): Promise<void> {
  if (!hold) return;
  const { return: back, ...out } = hold;
  await Promise.all([releaseSeats(out, sessionId), back ? releaseSeats(back, sessionId) : undefined]);
}

/** The passenger's language ('en', 'dv'): the mails a request causes are written in it. */
const mailLanguage = (): Language | undefined => (isLanguage(i18n.locale) ? i18n.locale : undefined);

export const sendEmailCode = (email: string) =>
  api.post<EmailCodeResponse>('/api/email-codes', { email, language: mailLanguage() });

export const verifyEmailCode = (email: string, code: string) =>
  api.post<EmailVerifyResponse>('/api/email-codes/verify', { email, code });

/**
 * How a booking is paid: with the slip's image now, later by a transfer the bank statement shows,
 * or by card on the gateway's page (docs/decisions/042).
 */
export type BookingPayment = { slip: Blob } | { payLater: true } | { card: true };

/** The booking's JSON for `payment`: a slip's reads as it did before the other ways were offered. */
function withPayment(booking: BookingRequest, payment: BookingPayment): BookingRequest {
  if ('payLater' in payment) return { ...booking, payLater: true };
  // No amount: the server computes what the card is charged.
  if ('card' in payment) return { ...booking, paymentMethod: 'card' };
  return booking;
}

/**
 * The multipart body of POST /api/bookings: the booking's JSON, the slip's image or, paying later
 * (docs/decisions/040-pay-later.md), `payLater: true` in the JSON and no slip part; by card,
 * `paymentMethod: 'card'` and no slip part either.
 */
export function bookingForm(
  booking: BookingRequest & { return?: JourneyHold },
  payment: BookingPayment,
  language: Language | undefined,
): FormData {
  const form = new FormData();
  form.append('booking', JSON.stringify(withPayment(booking, payment)));
  if ('slip' in payment) form.append('slip', payment.slip, 'slip.webp');
  // Beside the booking, not in it: a retry after switching language is still the same request.
  if (language) form.append('language', language);
  return form;
}

/**
 * A booking as POST /api/bookings takes it; a return carries its way back in `return` (one booking,
 * one payment). The same `idempotencyKey` must carry the same body: the wizard makes a new key
 * whenever the slip or the way of paying changes.
 */
export function submitBooking(
  booking: BookingRequest & { return?: JourneyHold },
  payment: BookingPayment,
  sessionId: string,
  idempotencyKey: string,
) {
  return api.post<BookingCreated>('/api/bookings', bookingForm(booking, payment, mailLanguage()), {
    headers: { [BOOKING_SESSION_HEADER]: sessionId, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
