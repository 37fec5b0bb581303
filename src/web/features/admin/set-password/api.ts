import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { AuthMe, CompleteStaffLink, StaffLink } from '#shared/admin-api.ts';
import { api } from '#web/lib/api-client.ts';
import { ADMIN_KEY, adminMeQuery } from '#web/lib/use-admin-auth.ts';

/**
 * What an e-mailed link is for. Not under the admin key: it is read before anyone is signed in
 * and must outlive the sign-in that completing the link brings (which drops the admin data).
 * Read once: a link checked again after it was used would answer "already used".
 */
export const staffLinkQuery = (token: string) =>
  queryOptions({
    queryKey: ['staff-link', token],
    queryFn: ({ signal }) => api.post<StaffLink>('/api/auth/links/check', { token }, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    // The token is a password in all but name: it is not kept once the page has gone.
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

/** Sets the password, uses the link up and signs the person in, as useLogin does. */
export function useCompleteStaffLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CompleteStaffLink) => api.post<AuthMe>('/api/auth/links/complete', body),
    onSuccess: (me) => {
      // Data cached for someone signed in before on this browser must not show for this person.
      queryClient.removeQueries({ queryKey: [ADMIN_KEY] });
      queryClient.setQueryData(adminMeQuery.queryKey, me);
    },
  });
}
