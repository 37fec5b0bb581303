import { queryOptions } from '@tanstack/react-query';
import { SEAT_LOCK_REFRESH_MS } from '#shared/constants.ts';
import type {
  BookingCreated,
  BookingRequest,
  EmailCodeResponse,
  EmailVerifyResponse,
  Location,
  PublicSettings,
  SeatLockResponse,
  SeatMap,
  Trip,
  TripLaunch,
} from '#shared/schemas.ts';
import { ApiError, api } from '../../lib/api-client.ts';

const SESSION_HEADER = 'X-Booking-Session';

export const locationsQuery = queryOptions({
  queryKey: ['locations'],
  queryFn: ({ signal }) => api.get<Location[]>('/api/locations', { signal }),
  staleTime: 5 * 60_000,
});

export const publicSettingsQuery = queryOptions({
  queryKey: ['settings', 'public'],
  queryFn: ({ signal }) => api.get<PublicSettings>('/api/settings/public', { signal }),
  staleTime: 60_000,
});

export const tripsQuery = (date: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['trips', date, from, to],
    queryFn: ({ signal }) =>
      api.get<Trip[]>(`/api/trips?${new URLSearchParams({ date, from, to })}`, { signal }),
  });

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
        headers: { [SESSION_HEADER]: sessionId },
      }),
    // SPEC.md section 9: other passengers' holds show up within 5 s.
    refetchInterval: SEAT_LOCK_REFRESH_MS,
  });

export type SeatHold = { scheduleId: string; travelDate: string; launchId: string; seats: string[] };

export const lockSeats = (hold: SeatHold, sessionId: string) =>
  api.post<SeatLockResponse>('/api/seat-locks', hold, { headers: { [SESSION_HEADER]: sessionId } });

/** Releasing is best effort (SPEC.md section 8): a failure is logged and the wizard moves on. */
export async function releaseSeats(hold: SeatHold, sessionId: string): Promise<void> {
  if (hold.seats.length === 0) return;
  try {
    await api.delete<unknown>('/api/seat-locks', hold, { headers: { [SESSION_HEADER]: sessionId } });
  } catch (error) {
    console.warn('Failed to release seats', error);
  }
}

/** The labels a 409 `seats_unavailable` names ("...: A1, B2"). */
export function takenSeats(error: ApiError): string[] {
  const list = error.message.split(':').at(-1) ?? '';
  return list
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

export const sendEmailCode = (email: string) => api.post<EmailCodeResponse>('/api/email-codes', { email });

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
  return api.post<BookingCreated>('/api/bookings', form, {
    headers: { [SESSION_HEADER]: sessionId, 'Idempotency-Key': idempotencyKey },
  });
}

export { ApiError };
