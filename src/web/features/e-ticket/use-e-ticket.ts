import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ETicket } from '#shared/e-ticket-api.ts';
import { api } from '#web/lib/api-client.ts';
import { keepOffline } from './keep-offline.ts';

/** The e-ticket a link's token opens; never kept after the page has gone. */
export function useETicket(token: string) {
  const query = useQuery({
    queryKey: ['e-ticket', token],
    queryFn: ({ signal }) => api.get<ETicket>(`/api/t/${encodeURIComponent(token)}`, { signal }),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  // Once shown, kept for the jetty (the service worker serves it offline).
  const shown = query.isSuccess;
  useEffect(() => {
    if (shown) void keepOffline(token);
  }, [shown, token]);
  return query;
}
