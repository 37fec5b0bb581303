import { queryOptions } from '@tanstack/react-query';
import type { CounterDay } from '#shared/counter.ts';
import type { PartnerBooking, PartnerBookingRequest, PartnerOwnAccount } from '#shared/partners.ts';
import type { SeatMap } from '#shared/schemas.ts';
import { api, apiFetch } from '#web/lib/api-client.ts';
import { ADMIN_KEY } from '#web/lib/use-admin-auth.ts';

/*
 * Everything the partner's screen reads and changes is under /api/partner/ (docs/decisions/043):
 * a partner's user is refused every /api/admin/ route. Every query key starts with PARTNER_KEY,
 * itself under the signed-in data's ADMIN_KEY: signing out, or another person signing in on this
 * browser, drops it with the rest (use-admin-auth.ts).
 */
export const PARTNER_KEY = [ADMIN_KEY, 'partner'] as const;

export const accountQuery = queryOptions({
  queryKey: [...PARTNER_KEY, 'account'],
  queryFn: ({ signal }) => api.get<PartnerOwnAccount>('/api/partner/account', { signal }),
});

/** The day's departures as the counter sees them (today's when no date is given). */
export const departuresQuery = (date: string | null) =>
  queryOptions({
    queryKey: [...PARTNER_KEY, 'departures', date ?? 'today'],
    queryFn: ({ signal }) =>
      api.get<CounterDay>(`/api/partner/departures${date ? `?${new URLSearchParams({ date })}` : ''}`, {
        signal,
      }),
  });

/** A launch on a departure, seen from the party's From -> To. */
export type SeatsWhere = {
  scheduleId: string;
  date: string;
  launchId: string;
  originId: string;
  destinationId: string;
};

/**
 * A partner holds no seat while it fills in the names: a seat someone else takes meanwhile shows
 * up within this time, before the booking is sent.
 */
const SEAT_MAP_REFRESH_MS = 10_000;

export const seatsQuery = (where: SeatsWhere) =>
  queryOptions({
    queryKey: [
      ...PARTNER_KEY,
      'seats',
      where.scheduleId,
      where.date,
      where.launchId,
      where.originId,
      where.destinationId,
    ],
    queryFn: ({ signal }) => api.get<SeatMap>(`/api/partner/seats?${new URLSearchParams(where)}`, { signal }),
    refetchInterval: SEAT_MAP_REFRESH_MS,
  });

/** The partner's own bookings travelling between two dates (both included; either may be open). */
export const bookingsQuery = (range: { from: string; to: string }) =>
  queryOptions({
    queryKey: [...PARTNER_KEY, 'bookings', range.from, range.to],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams();
      if (range.from) params.set('from', range.from);
      if (range.to) params.set('to', range.to);
      const query = params.size > 0 ? `?${params}` : '';
      return api.get<{ bookings: PartnerBooking[] }>(`/api/partner/bookings${query}`, { signal });
    },
  });

export const book = (booking: PartnerBookingRequest) =>
  api.post<PartnerBooking>('/api/partner/bookings', booking);

const bookingPath = (reference: string) => `/api/partner/bookings/${encodeURIComponent(reference)}`;

export const cancelBooking = (reference: string) =>
  api.post<PartnerBooking>(`${bookingPath(reference)}/cancel`);

export const renameGuest = (
  reference: string,
  position: number,
  guest: { name: string; nationality: string },
) =>
  apiFetch<PartnerBooking>(`${bookingPath(reference)}/passengers/${position}`, {
    method: 'PATCH',
    body: guest,
  });
