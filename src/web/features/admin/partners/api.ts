import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { CounterDay } from '#shared/counter.ts';
import type {
  Allotment,
  AllotmentInput,
  Partner,
  PartnerInput,
  PartnerPatch,
  PartnerPayment,
  PartnerPaymentInput,
  PartnerSeatsQuery,
  PartnerStatement,
  PartnerUsers,
} from '#shared/partners.ts';
import type { SeatMap } from '#shared/schemas.ts';
import { api, apiFetch } from '#web/lib/api-client.ts';
import { useRefresh } from '#web/lib/staff-mutation.ts';

// Partner accounts (docs/decisions/043-partner-accounts.md): the office's screen.

const PARTNERS_KEY = ['admin', 'partners'] as const;

export const partnersQuery = queryOptions({
  queryKey: PARTNERS_KEY,
  queryFn: ({ signal }) => api.get<{ partners: Partner[] }>('/api/admin/partners', { signal }),
  select: (data) => data.partners,
});

const partnerPath = (id: string) => `/api/admin/partners/${encodeURIComponent(id)}`;

/** Puts a partner the server answered with into the list, so its figures show at once. */
function usePutPartner() {
  const queryClient = useQueryClient();
  return (partner: Partner) =>
    queryClient.setQueryData<{ partners: Partner[] }>(PARTNERS_KEY, (list) =>
      list
        ? {
            partners: list.partners.some((p) => p.id === partner.id)
              ? list.partners.map((p) => (p.id === partner.id ? partner : p))
              : [...list.partners, partner],
          }
        : list,
    );
}

/** Every partner change is audited: the audit trail refreshes with the list. */
const useRefreshPartners = () => useRefresh([PARTNERS_KEY, ['admin', 'audit']]);

/** A new partner (`id` null) or a change of one's terms or of whether it may book. */
export function useSavePartner() {
  const put = usePutPartner();
  const refresh = useRefreshPartners();
  return useMutation({
    mutationFn: ({ id, input }: { id: string | null; input: PartnerInput | PartnerPatch }) =>
      id
        ? apiFetch<Partner>(partnerPath(id), { method: 'PATCH', body: input })
        : api.post<Partner>('/api/admin/partners', input),
    onSuccess: (partner) => {
      put(partner);
      return refresh();
    },
  });
}

export function useRecordPayment(partnerId: string) {
  const put = usePutPartner();
  const refresh = useRefresh([PARTNERS_KEY, [...PARTNERS_KEY, partnerId], ['admin', 'audit']]);
  return useMutation({
    mutationFn: (input: PartnerPaymentInput) =>
      api.post<{ payment: PartnerPayment; partner: Partner }>(`${partnerPath(partnerId)}/payments`, input),
    onSuccess: ({ partner }) => {
      put(partner);
      return refresh();
    },
  });
}

// --- Users --------------------------------------------------------------------------------------

export const partnerUsersQuery = (partnerId: string) =>
  queryOptions({
    queryKey: [...PARTNERS_KEY, partnerId, 'users'],
    queryFn: ({ signal }) => api.get<PartnerUsers>(`${partnerPath(partnerId)}/users`, { signal }),
  });

export function useInvitePartnerUser(partnerId: string) {
  const refresh = useRefresh([partnerUsersQuery(partnerId).queryKey, ['admin', 'audit']]);
  return useMutation({
    mutationFn: (input: { email: string }) =>
      api.post<PartnerUsers['invitations'][number]>(`${partnerPath(partnerId)}/users`, input),
    onSuccess: refresh,
  });
}

// --- Allotments -----------------------------------------------------------------------------

export const allotmentsQuery = (partnerId: string) =>
  queryOptions({
    queryKey: [...PARTNERS_KEY, partnerId, 'allotments'],
    queryFn: ({ signal }) =>
      api.get<{ allotments: Allotment[] }>(`${partnerPath(partnerId)}/allotments`, { signal }),
    select: (data) => data.allotments,
  });

// Under ['admin', 'trips']: a booking or a schedule changed elsewhere (the live events) refetches
// the departures and the seat maps an allotment is chosen from.
export const partnerDayQuery = (date: string) =>
  queryOptions({
    queryKey: ['admin', 'trips', 'partner-departures', date],
    queryFn: ({ signal }) =>
      api.get<CounterDay>(`/api/admin/partners/departures?${new URLSearchParams({ date })}`, { signal }),
  });

export const partnerSeatsQuery = (partnerId: string, where: PartnerSeatsQuery) =>
  queryOptions({
    queryKey: ['admin', 'trips', 'partner-seats', partnerId, where.scheduleId, where.date, where.launchId],
    queryFn: ({ signal }) =>
      api.get<SeatMap>(`${partnerPath(partnerId)}/seats?${new URLSearchParams(where)}`, { signal }),
  });

/** Seats set aside or given back change the allotments, the seat maps and the trips' free seats. */
const useRefreshAllotments = (partnerId: string) =>
  useRefresh([allotmentsQuery(partnerId).queryKey, ['admin', 'trips'], ['admin', 'audit']]);

export function useSaveAllotment(partnerId: string) {
  const refresh = useRefreshAllotments(partnerId);
  return useMutation({
    mutationFn: (input: AllotmentInput) => api.post<Allotment>(`${partnerPath(partnerId)}/allotments`, input),
    // A refusal (a seat taken meanwhile) changes the seat map too.
    onSettled: refresh,
  });
}

export function useDeleteAllotment(partnerId: string) {
  const refresh = useRefreshAllotments(partnerId);
  return useMutation({
    mutationFn: (allotment: Allotment) =>
      api.delete<undefined>(`${partnerPath(partnerId)}/allotments/${encodeURIComponent(allotment.id)}`),
    onSettled: refresh,
  });
}

// --- Statements -------------------------------------------------------------------------------

export const statementsQuery = (partnerId: string) =>
  queryOptions({
    queryKey: [...PARTNERS_KEY, partnerId, 'statements'],
    queryFn: ({ signal }) =>
      api.get<{ statements: PartnerStatement[] }>(`${partnerPath(partnerId)}/statements`, { signal }),
    select: (data) => data.statements,
  });

export const STATEMENT_FORMATS = ['pdf', 'xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

/** A month's statement (`YYYY-MM`) as it stands now, as a download. */
export const statementUrl = (partnerId: string, month: string, format: StatementFormat) =>
  `${partnerPath(partnerId)}/statements/${month}.${format}`;
