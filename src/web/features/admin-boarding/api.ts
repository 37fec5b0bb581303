import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { BoardingDay, TripPassengers } from '#shared/admin-api.ts';
import { api } from '#web/lib/api-client.ts';

export const boardingDayQuery = queryOptions({
  queryKey: ['admin', 'trips', 'boarding'],
  queryFn: ({ signal }) => api.get<BoardingDay>('/api/admin/boarding', { signal }),
});

export const boardingTripQuery = (scheduleId: string) =>
  queryOptions({
    queryKey: ['admin', 'trips', 'boarding', scheduleId],
    queryFn: ({ signal }) =>
      api.get<TripPassengers>(`/api/admin/boarding/${encodeURIComponent(scheduleId)}`, { signal }),
  });

/** Marks one passenger on board or a no-show; the answer is the departure's list as it now is. */
export function useMarkBoarding(scheduleId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ticketId, status }: { ticketId: string; status: 'present' | 'no_show' }) =>
      api.post<TripPassengers>(
        `/api/admin/boarding/${encodeURIComponent(scheduleId)}/tickets/${encodeURIComponent(ticketId)}`,
        { status },
      ),
    onSuccess: (list) => queryClient.setQueryData(boardingTripQuery(scheduleId).queryKey, list),
  });
}
