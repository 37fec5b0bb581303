import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { AuthMe } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { ApiError, api } from '#web/lib/api-client.ts';
import { useNavigate } from '#web/lib/navigation.tsx';
import { toast } from '#web/lib/toast.ts';
import { adminMeQuery } from '#web/lib/use-admin-auth.ts';
import { PARTNER_KEY } from './api.ts';

const SIGNED_OUT: AuthMe = { user: null, partner: null };

/**
 * A session can end while the screen is open (expired, or the partner's user turned off): the
 * first partner request answered 401 re-checks who is signed in, and the page then sends the
 * visitor to the sign-in, to come back here after.
 */
export function usePartnerSessionWatch() {
  const queryClient = useQueryClient();
  useEffect(() => {
    const ended = (error: unknown) => error instanceof ApiError && error.status === 401;
    const recheck = () => void queryClient.invalidateQueries({ queryKey: adminMeQuery.queryKey });
    const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      if (event.query.queryKey[0] === PARTNER_KEY && ended(event.action.error)) recheck();
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

/** Signs out: the sign-in page, then the partner's data is dropped (nothing refetches it unsigned). */
export function usePartnerSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: () => api.post<undefined>('/api/auth/logout'),
    onSuccess: async () => {
      toast.success(MSG.loggedOut);
      await queryClient.cancelQueries({ queryKey: [PARTNER_KEY] });
      queryClient.setQueryData(adminMeQuery.queryKey, SIGNED_OUT);
      navigate('/admin/login', { replace: true });
      queryClient.removeQueries({ queryKey: [PARTNER_KEY] });
    },
    // docs/product.md section 8: 'Failed to logout' (the server's message may show).
    onError: (error) => {
      const detail =
        error instanceof ApiError && error.message !== MSG.logoutFailed ? error.message : undefined;
      toast.error(MSG.logoutFailed, { description: detail });
    },
  });
}
