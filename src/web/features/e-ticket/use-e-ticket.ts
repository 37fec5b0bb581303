import { useQuery } from '@tanstack/react-query';
import type { ETicket } from '#shared/schemas.ts';
import { api } from '#web/lib/api-client.ts';

/** The e-ticket a link's token opens; never kept after the page has gone. */
export function useETicket(token: string) {
  return useQuery({
    queryKey: ['e-ticket', token],
    queryFn: ({ signal }) => api.get<ETicket>(`/api/t/${encodeURIComponent(token)}`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}
