import { queryOptions, useMutation } from '@tanstack/react-query';
import type { FareCategoryAdmin, fareCategoryBody } from '#shared/fare-categories.ts';
import { api } from '#web/lib/api-client.ts';
import { useRefresh } from '#web/lib/staff-mutation.ts';

/** The operator's concessions (docs/decisions/036-fare-categories.md), inactive ones too. */
export const adminFareCategoriesQuery = queryOptions({
  queryKey: ['admin', 'fare-categories'],
  queryFn: ({ signal }) =>
    api.get<{ categories: FareCategoryAdmin[] }>('/api/admin/fare-categories', { signal }),
  select: (data) => data.categories,
});

/**
 * Prices show in the search, the wizard and the counter: those refresh too, and the fares by
 * route (a deleted concession's pair fares go with it; the dialog lists the priced ones).
 */
const CHANGED_VIEWS = [['admin', 'fare-categories'], ['admin', 'fares'], ['admin', 'trips'], ['trips']];
const path = (code: string) => `/api/admin/fare-categories/${encodeURIComponent(code)}`;

type Body = ReturnType<typeof fareCategoryBody>;

/** Creates a concession (`create`) or saves one. */
export function useSaveFareCategory() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: ({ code, create, body }: { code: string; create: boolean; body: Body }) =>
      create
        ? api.post<FareCategoryAdmin>('/api/admin/fare-categories', { code, ...body })
        : api.put<FareCategoryAdmin>(path(code), body),
    onSettled: refresh,
  });
}

/** Deletes a concession, or deactivates it when bookings used it (the answer says which). */
export function useDeleteFareCategory() {
  const refresh = useRefresh(CHANGED_VIEWS);
  return useMutation({
    mutationFn: (code: string) => api.delete<{ outcome: 'deleted' | 'deactivated' }>(path(code)),
    onSettled: refresh,
  });
}
