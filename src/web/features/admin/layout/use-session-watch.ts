import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { ApiError } from '#web/lib/api-client.ts';
import { ADMIN_KEY, adminMeQuery } from '#web/lib/use-admin-auth.ts';

/**
 * A session can end while a screen is open (expired, or the password was changed on another
 * device): the first admin request answered 401 calls `onUnauthorized` (the boarding device's
 * wipe) and re-checks who is signed in, and the layout then sends the visitor to the login page.
 */
export function useSessionWatch(onUnauthorized: () => void) {
  const queryClient = useQueryClient();
  const latest = useRef(onUnauthorized);
  latest.current = onUnauthorized;
  useEffect(() => {
    const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;
    const signedOut = () => {
      latest.current();
      void queryClient.invalidateQueries({ queryKey: adminMeQuery.queryKey });
    };
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] !== ADMIN_KEY || !isUnauthorized(event.action.error)) return;
      signedOut();
    });
    const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error' || !isUnauthorized(event.action.error))
        return;
      signedOut();
    });
    return () => {
      unsubscribeQueries();
      unsubscribeMutations();
    };
  }, [queryClient]);
}
