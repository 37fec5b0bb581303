import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminTrip, TripPassengers } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages.ts';
import { api, apiErrorText } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';

// Under ['admin', 'trips']: the live-events hook refreshes them when a ticket or schedule changes.
export const tripListQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'trips', { date }],
    queryFn: ({ signal }) =>
      api.get<{ trips: AdminTrip[] }>(`/api/admin/trips?date=${encodeURIComponent(date)}`, { signal }),
    staleTime: 10_000,
  });

export const tripPassengersQuery = (scheduleId: string) =>
  queryOptions({
    queryKey: ['admin', 'trips', scheduleId, 'passengers'],
    queryFn: ({ signal }) =>
      api.get<TripPassengers>(`/api/admin/trips/${encodeURIComponent(scheduleId)}/passengers`, { signal }),
    staleTime: 10_000,
  });

export const manifestUrl = (scheduleId: string) =>
  `/api/admin/trips/${encodeURIComponent(scheduleId)}/manifest.csv`;

export type TripStatus = 'scheduled' | 'completed';

export function useTripStatus(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (status: TripStatus) =>
      api.post<AdminTrip>(`/api/admin/schedules/${encodeURIComponent(scheduleId)}/status`, { status }),
    onSuccess: (_trip, status) => {
      toast.success(MSG.tripMarked(status));
    },
    onError: (error) => {
      toast.error(MSG.tripStatusFailed, {
        description: apiErrorText(error),
      });
    },
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin', 'trips'] }),
        queryClient.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      ]),
  });
}
