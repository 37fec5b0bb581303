import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InviteStaff, StaffList, StaffMember, UpdateStaff } from '#shared/admin-api.ts';
import { api, apiFetch } from '#web/lib/api-client.ts';
import { useRefresh } from '#web/lib/staff-mutation.ts';
import { ADMIN_KEY } from '#web/lib/use-admin-auth.ts';

export const adminStaffQuery = queryOptions({
  queryKey: [ADMIN_KEY, 'staff'],
  queryFn: ({ signal }) => api.get<StaffList>('/api/admin/staff', { signal }),
});

const staffPath = (id: string) => `/api/admin/staff/${encodeURIComponent(id)}`;
const invitationPath = (id: string) => `/api/admin/staff/invitations/${encodeURIComponent(id)}`;

/** Every staff change is written to the audit trail, so that screen refreshes too. */
const useRefreshStaff = () => useRefresh([adminStaffQuery.queryKey, [ADMIN_KEY, 'audit']]);

export function useInviteStaff() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (body: InviteStaff) => api.post<Invitation>('/api/admin/staff/invitations', body),
    onSuccess: refresh,
  });
}

/** A new link and a new expiry; the old link stops working. */
export function useResendInvitation() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (invitation: Invitation) => api.post<Invitation>(`${invitationPath(invitation.id)}/resend`),
    onSuccess: refresh,
  });
}

export function useRevokeInvitation() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (invitation: Invitation) => api.delete<undefined>(invitationPath(invitation.id)),
    // Revoked here or already gone (used, revoked in another tab): the list says which.
    onSettled: refresh,
  });
}

/** A role change, a deactivation or a reactivation. */
export function useUpdateStaff() {
  const queryClient = useQueryClient();
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: ({ member, change }: { member: StaffMember; change: UpdateStaff }) =>
      apiFetch<StaffMember>(staffPath(member.id), { method: 'PATCH', body: change }),
    onSuccess: (updated) => {
      queryClient.setQueryData<StaffList>(adminStaffQuery.queryKey, (list) =>
        list ? { ...list, staff: list.staff.map((m) => (m.id === updated.id ? updated : m)) } : list,
      );
      return refresh();
    },
  });
}

/** E-mails the person a single-use reset link and ends their sessions. */
export function useResetStaffPassword() {
  const refresh = useRefreshStaff();
  return useMutation({
    mutationFn: (member: StaffMember) => api.post<undefined>(`${staffPath(member.id)}/reset-password`),
    onSuccess: refresh,
  });
}
