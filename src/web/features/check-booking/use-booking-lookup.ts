import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingLookup } from '#shared/schemas.ts';
import { api } from '#web/lib/api-client.ts';

export const bookingLookupQuery = (reference: string) =>
  queryOptions({
    queryKey: ['booking-lookup', reference.toLowerCase()],
    queryFn: ({ signal }) =>
      api.get<BookingLookup>(`/api/bookings/${encodeURIComponent(reference)}`, { signal }),
    // A booking's status changes when an admin acts: searching again asks the server again.
    staleTime: 0,
    gcTime: 60_000,
  });

/** The public lookup of one reference; idle while the reference is empty. */
export function useBookingLookup(reference: string) {
  return useQuery({ ...bookingLookupQuery(reference), enabled: reference.length > 0 });
}
