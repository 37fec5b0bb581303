import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { adminMeQuery } from '#web/lib/use-admin-auth.ts';
import { PARTNER_KEY } from './api.ts';

const isPartnerKey = (key: readonly unknown[]) => PARTNER_KEY.every((part, i) => key[i] === part);

/**
 * A session can end while the screen is open (expired, or the partner's user turned off): the
 * first partner request answered 401 re-checks who is signed in, and the page then sends the
 * visitor to the sign-in, to come back here after. (The admin layout's watch is the admin's: it
 * also wipes a boarding device.)
 */
export function usePartnerSessionWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ended = (error: unknown) => error instanceof ApiError && error.status === 401;
    const recheck = () => void queryClient.invalidateQueries({ queryKey: adminMeQuery.queryKey });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (isPartnerKey(event.query.queryKey) && ended(event.action.error)) recheck();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'error' && ended(event.action.error)) recheck();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
