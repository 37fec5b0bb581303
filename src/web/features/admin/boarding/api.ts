import { queryOptions } from '@tanstack/react-query';
import type { BoardingDay } from '#shared/admin-api.ts';
import { api } from '#web/lib/api-client.ts';

export const boardingDayQuery = queryOptions({
  queryKey: ['admin', 'trips', 'boarding'],
  queryFn: ({ signal }) => api.get<BoardingDay>('/api/admin/boarding', { signal }),
});
