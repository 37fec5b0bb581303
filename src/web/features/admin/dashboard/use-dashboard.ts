import { useQuery } from '@tanstack/react-query';
import type { Dashboard } from '#shared/admin-api.ts';
import { api } from '#web/lib/api-client.ts';

export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: ({ signal }) => api.get<Dashboard>('/api/admin/dashboard', { signal }),
    // Kept fresh by the live events stream; a revisit still re-checks.
    staleTime: 0,
  });
}
