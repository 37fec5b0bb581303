import { useQuery } from '@tanstack/react-query';
import type { ClientInfo } from '#shared/admin-api.ts';
import { api } from '#web/lib/api-client.ts';

export function useClientInfo() {
  return useQuery({
    queryKey: ['admin', 'client-info'],
    queryFn: ({ signal }) => api.get<ClientInfo>('/api/client-info', { signal }),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
