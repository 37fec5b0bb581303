import { queryOptions } from '@tanstack/react-query';
import type { ScheduleStatus } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type {
  AdminSchedule,
  LaunchList,
  LocationList,
  ScheduleInput,
  ScheduleList,
  ScheduleRepeatInput,
} from '#shared/setup-api.ts';
import { api, errorMessage } from '#web/lib/api-client.ts';
import { formatDay } from '#web/lib/dates.ts';
import { useStaffMutation } from '#web/lib/staff-mutation.ts';

const path = (id: string, action = '') => `/api/admin/schedules/${encodeURIComponent(id)}${action}`;

/**
 * One day's schedules, or without a date those from today on (the operator's today, the next
 * date first) or, `past`, the days before it (the latest first), as the server sorts them.
 */
export const scheduleListQuery = (date: string | null, past = false) =>
  queryOptions({
    queryKey: ['admin', 'schedules', date ?? (past ? 'past' : 'upcoming')],
    queryFn: ({ signal }) =>
      api.get<ScheduleList>(
        `/api/admin/schedules?${date ? `date=${encodeURIComponent(date)}` : `when=${past ? 'past' : 'upcoming'}`}`,
        { signal },
      ),
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
const CHANGED_VIEWS = [
  ['admin', 'schedules'],
  ['admin', 'trips'],
  ['admin', 'dashboard'],
];

export function useSaveSchedule() {
  return useStaffMutation({
    mutationFn: ({ id, input }: { id: string | null; input: ScheduleInput }) =>
      id ? api.put<AdminSchedule>(path(id), input) : api.post<AdminSchedule>('/api/admin/schedules', input),
    done: (_schedule, { id }) => (id ? MSG.scheduleUpdated : MSG.scheduleCreated),
    // The dialog stays open and shows the reason too (e.g. a stop an active booking uses).
    failed: MSG.scheduleSaveFailed,
    reason: errorMessage,
    refresh: CHANGED_VIEWS,
  });
}

export function useDuplicateSchedule() {
  return useStaffMutation({
    mutationFn: (id: string) => api.post<AdminSchedule>(path(id, '/duplicate')),
    done: (copy) => MSG.scheduleDuplicated(formatDay(copy.travelDate)),
    failed: MSG.scheduleDuplicateFailed,
    reason: errorMessage,
    refresh: CHANGED_VIEWS,
  });
}

export function useScheduleStatus() {
  return useStaffMutation({
    mutationFn: ({ id, status }: { id: string; status: ScheduleStatus }) =>
      api.post<unknown>(path(id, '/status'), { status }),
    done: (_result, { status }) => MSG.scheduleMarked(status),
    failed: MSG.scheduleStatusFailed,
    reason: errorMessage,
    refresh: CHANGED_VIEWS,
  });
}

export function useDeleteSchedule() {
  return useStaffMutation({
    mutationFn: (id: string) => api.delete<void>(path(id)),
    done: () => MSG.scheduleDeleted,
    failed: MSG.scheduleDeleteFailed,
    reason: errorMessage,
    refresh: CHANGED_VIEWS,
  });
}

/** One departure per matching date (all or none); the dialog stays open with the reason if refused. */
export function useRepeatSchedule() {
  return useStaffMutation({
    mutationFn: (input: ScheduleRepeatInput) => api.post<ScheduleList>('/api/admin/schedules/repeat', input),
    done: (list) => STAFF_MSG.repeatCreated(list.schedules.length),
    failed: MSG.scheduleSaveFailed,
    reason: errorMessage,
    refresh: CHANGED_VIEWS,
  });
}
