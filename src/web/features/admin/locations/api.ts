import { queryOptions, useMutation } from '@tanstack/react-query';
import type { Location } from '#shared/schemas.ts';
import type { LocationInput, LocationList } from '#shared/setup-api.ts';
import { api } from '#web/lib/api-client.ts';
import { useRefresh } from '#web/lib/staff-mutation.ts';

export const adminLocationsQuery = queryOptions({
  queryKey: ['admin', 'locations'],
  queryFn: ({ signal }) => api.get<LocationList>('/api/admin/locations', { signal }),
  select: (data) => data.locations,
});

const locationPath = (id: string) => `/api/admin/locations/${encodeURIComponent(id)}`;

/** Location names show in schedules, trips and the public search, so those refresh too. */
const CHANGED_VIEWS = [
  ['admin', 'locations'],
  ['admin', 'schedules'],
  ['admin', 'trips'],
  ['admin', 'dashboard'],
  ['locations'],
];

export function useSaveLocation() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: LocationInput }) =>
      id ? api.put<Location>(locationPath(id), input) : api.post<Location>('/api/admin/locations', input),
    onSuccess: refresh,
  });
}

export function useDeleteLocation() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: (id: string) => api.delete<undefined>(locationPath(id)),
    onSettled: refresh,
  });
}
