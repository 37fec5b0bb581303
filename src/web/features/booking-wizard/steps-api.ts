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
  TripLaunch,
} from '#shared/schemas.ts';
import { i18n } from '#web/i18n/catalogue.ts';
import { api } from '#web/lib/api-client.ts';
import type { SeatHold } from './api.ts';

// The requests of the wizard's later steps (choose launch, seats, passenger, payment), which load
// this with their own code.

export const launchesQuery = (scheduleId: string, date: string) =>
  queryOptions({
    queryKey: ['trip-launches', scheduleId, date],
    queryFn: ({ signal }) =>
      api.get<TripLaunch[]>(`/api/trips/${scheduleId}/launches?${new URLSearchParams({ date })}`, { signal }),
  });

export const seatMapQuery = (scheduleId: string, date: string, launchId: string, sessionId: string) =>
  queryOptions({
    queryKey: ['seat-map', scheduleId, date, launchId, sessionId],
    queryFn: ({ signal }) =>
      api.get<SeatMap>(`/api/trips/${scheduleId}/seats?${new URLSearchParams({ date, launchId })}`, {
        signal,
        headers: { [BOOKING_SESSION_HEADER]: sessionId },
      }),
    // docs/product.md section 9: other passengers' holds show up within 5 s.
    refetchInterval: SEAT_LOCK_REFRESH_MS,
  });

/** Locking needs step 2's verification; the From stop closes the lock when the vessel has left it. */
export const lockSeats = (
  hold: SeatHold,
  sessionId: string,
  passenger: { verificationToken: string | null; originId: string },
) =>
  api.post<SeatLockResponse>(
    '/api/seat-locks',
    { ...hold, originId: passenger.originId, verificationToken: passenger.verificationToken ?? undefined },
    { headers: { [BOOKING_SESSION_HEADER]: sessionId } },
  );

/** The passenger's language ('en', 'dv'): the mails a request causes are written in it. */
const mailLanguage = (): Language | undefined => (isLanguage(i18n.locale) ? i18n.locale : undefined);

export const sendEmailCode = (email: string) =>
  api.post<EmailCodeResponse>('/api/email-codes', { email, language: mailLanguage() });

export const verifyEmailCode = (email: string, code: string) =>
  api.post<EmailVerifyResponse>('/api/email-codes/verify', { email, code });

export function submitBooking(
  booking: BookingRequest,
  slip: Blob,
  sessionId: string,
  idempotencyKey: string,
) {
  const form = new FormData();
  form.append('booking', JSON.stringify(booking));
  form.append('slip', slip, 'slip.webp');
  // Beside the booking, not in it: a retry after switching language is still the same request.
  const language = mailLanguage();
  if (language) form.append('language', language);
  return api.post<BookingCreated>('/api/bookings', form, {
    headers: { [BOOKING_SESSION_HEADER]: sessionId, [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}
