import { type QueryClient, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ScheduleStatus } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type {
  AdminSchedule,
  LaunchList,
  LocationList,
  ScheduleInput,
  ScheduleList,
} from '#shared/setup-api.ts';
import { api, errorMessage } from '#web/lib/api-client.ts';
import { formatDay } from '#web/lib/dates.ts';
import { toast } from '#web/lib/toast.ts';

const path = (id: string, action = '') => `/api/admin/schedules/${encodeURIComponent(id)}${action}`;

/** All schedules (newest travel date first, as the server sorts them), or one day's. */
export const scheduleListQuery = (date: string | null) =>
  queryOptions({
    queryKey: ['admin', 'schedules', date ?? 'all'],
    queryFn: ({ signal }) =>
      api.get<ScheduleList>(`/api/admin/schedules${date ? `?date=${encodeURIComponent(date)}` : ''}`, {
        signal,
      }),
    staleTime: 10_000,
  });

// The same keys and shapes as the launch and location screens, so the caches are shared.
export const launchOptionsQuery = queryOptions({
  queryKey: ['admin', 'launches'],
  queryFn: ({ signal }) => api.get<LaunchList>('/api/admin/launches', { signal }),
  staleTime: 30_000,
});

export const locationOptionsQuery = queryOptions({
  queryKey: ['admin', 'locations'],
  queryFn: ({ signal }) => api.get<LocationList>('/api/admin/locations', { signal }),
  staleTime: 30_000,
});

/** A schedule change shows on the trip screens and the dashboard too. */
const refreshAfterChange = (queryClient: QueryClient) =>
  Promise.all(
    [
      ['admin', 'schedules'],
      ['admin', 'trips'],
      ['admin', 'dashboard'],
    ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );

export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ScheduleInput }) =>
      id ? api.put<AdminSchedule>(path(id), input) : api.post<AdminSchedule>('/api/admin/schedules', input),
    onSuccess: (_schedule, { id }) => {
      toast.success(id ? MSG.scheduleUpdated : MSG.scheduleCreated);
    },
    // The dialog stays open and shows the reason too (e.g. a stop an active booking uses).
    onError: (error) => {
      toast.error(MSG.scheduleSaveFailed, { description: errorMessage(error) });
    },
    onSettled: () => refreshAfterChange(queryClient),
  });
}

export function useDuplicateSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<AdminSchedule>(path(id, '/duplicate')),
    onSuccess: (copy) => {
      toast.success(MSG.scheduleDuplicated(formatDay(copy.travelDate)));
    },
    onError: (error) => {
      toast.error(MSG.scheduleDuplicateFailed, { description: errorMessage(error) });
    },
    onSettled: () => refreshAfterChange(queryClient),
  });
}

export function useScheduleStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: ScheduleStatus }) =>
      api.post<unknown>(path(id, '/status'), { status }),
    onSuccess: (_result, { status }) => {
      toast.success(MSG.scheduleMarked(status));
    },
    onError: (error) => {
      toast.error(MSG.scheduleStatusFailed, { description: errorMessage(error) });
    },
    onSettled: () => refreshAfterChange(queryClient),
  });
}

export function useDeleteSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<void>(path(id)),
    onSuccess: () => {
      toast.success(MSG.scheduleDeleted);
    },
    onError: (error) => {
      toast.error(MSG.scheduleDeleteFailed, { description: errorMessage(error) });
    },
    onSettled: () => refreshAfterChange(queryClient),
  });
}
