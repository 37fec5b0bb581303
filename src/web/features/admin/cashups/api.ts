import { queryOptions } from '@tanstack/react-query';
import type { CashUp } from '#shared/counter.ts';
import { api } from '#web/lib/api-client.ts';

export const cashUpDayQuery = (date: string | undefined) =>
  queryOptions({
    queryKey: ['admin', 'cashups', 'day', date ?? 'today'],
    queryFn: ({ signal }) =>
      api.get<{ date: string; cashups: CashUp[] }>(
        `/api/admin/cashups${date ? `?${new URLSearchParams({ date })}` : ''}`,
        { signal },
      ),
  });

export const cashUpQuery = (shiftId: string) =>
  queryOptions({
    queryKey: ['admin', 'cashups', 'shift', shiftId],
    queryFn: ({ signal }) => api.get<CashUp>(`/api/admin/cashups/${encodeURIComponent(shiftId)}`, { signal }),
  });
