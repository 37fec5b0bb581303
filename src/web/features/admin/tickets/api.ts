import { infiniteQueryOptions, keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminTicket,
  MarkedStatus,
  RejectPendingResult,
  TicketList,
  TicketTab,
} from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { api } from '#web/lib/api-client.ts';
import { useStaffMutation } from '#web/lib/staff-mutation.ts';
import { offerUndo } from './undo-store.ts';

/** `paidByStatement`: only the bookings a bank statement's line paid (docs/decisions/038). */
export type TicketFilters = { tab: TicketTab; date: string; q: string; paidByStatement: boolean };

// The live-events hook invalidates every query under ['admin', 'tickets'], so the lists
// follow changes made anywhere (another admin, a new booking). An invalidated list fetches the
// pages it shows again from the first, each after the fresh one before it: a booking that came
// or went moves the others along, and none shows twice or drops out between two pages.
export const ticketListQuery = (filters: TicketFilters) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'tickets', filters],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status: filters.tab });
      if (filters.date) params.set('date', filters.date);
      if (filters.q) params.set('q', filters.q);
      if (filters.paidByStatement) params.set('paidBy', 'statement');
      if (pageParam) params.set('cursor', pageParam);
      return api.get<TicketList>(`/api/admin/tickets?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

const ticketPath = (id: string) => `/api/admin/tickets/${encodeURIComponent(id)}`;

/** One booking, for the review view when it is not (or no longer) in the listed queue. */
export const ticketQuery = (id: string) =>
  queryOptions({
    queryKey: ['admin', 'tickets', 'one', id],
    queryFn: ({ signal }) => api.get<AdminTicket>(ticketPath(id), { signal }),
  });

export type TicketAction =
  | { kind: 'approve' }
  | { kind: 'reject'; remarks: string }
  | { kind: 'mark'; status: MarkedStatus; reason?: string }
  | { kind: 'delete' };

function send(id: string, action: TicketAction): Promise<AdminTicket | undefined> {
  switch (action.kind) {
    case 'approve':
      return api.post<AdminTicket>(`${ticketPath(id)}/approve`);
    case 'reject': {
      const remarks = action.remarks.trim();
      return api.post<AdminTicket>(`${ticketPath(id)}/reject`, remarks ? { remarks } : {});
    }
    case 'mark':
      return api.post<AdminTicket>(`${ticketPath(id)}/mark`, {
        status: action.status,
        ...(action.reason ? { reason: action.reason } : {}),
      });
    case 'delete':
      return api.delete<undefined>(ticketPath(id));
  }
}

// docs/product.md section 8, Tickets.
const OUTCOME: Record<TicketAction['kind'], { ok: (a: TicketAction) => string; failed: string }> = {
  approve: { ok: () => MSG.ticketApproved, failed: MSG.ticketApproveFailed },
  reject: { ok: () => MSG.ticketRejected, failed: MSG.ticketRejectFailed },
  mark: { ok: (a) => MSG.ticketMarked(a.kind === 'mark' ? a.status : ''), failed: MSG.ticketMarkFailed },
  delete: { ok: () => MSG.ticketDeleted, failed: MSG.ticketDeleteFailed },
};

/** One ticket's actions; `pending` says which one is running so its button can wait. */
export function useTicketAction(ticketId: string) {
  return useStaffMutation({
    mutationFn: async (action: TicketAction) => {
      const answer = await send(ticketId, action);
      if (action.kind === 'approve' && answer) offerUndo(answer);
      return answer;
    },
    done: (_data, action) => OUTCOME[action.kind].ok(action),
    failed: (action) => OUTCOME[action.kind].failed,
    refresh: TICKET_VIEWS,
  });
}

/** Every admin view a ticket change shows in: the lists, the dashboard's counts, the trips. */
const TICKET_VIEWS = [
  ['admin', 'tickets'],
  ['admin', 'dashboard'],
  ['admin', 'trips'],
];

export type PendingOf = { email: string } | { clientIp: string };

/** How many bookings of one e-mail or one client address wait for review: what a bulk rejection takes. */
export const pendingOfQuery = (who: PendingOf, enabled: boolean) =>
  queryOptions({
    queryKey: ['admin', 'tickets', 'pending-of', who],
    queryFn: ({ signal }) =>
      api.get<TicketList>(`/api/admin/tickets?${new URLSearchParams({ status: 'pending', ...who })}`, {
        signal,
      }),
    enabled,
  });

/** Rejects every pending booking of one e-mail or one client address (clearing a flood). */
export function useRejectPending() {
  return useStaffMutation({
    mutationFn: (body: PendingOf & { remarks?: string }) =>
      api.post<RejectPendingResult>('/api/admin/tickets/reject-pending', body),
    done: (result) => MSG.bulkRejected(result.rejected),
    failed: MSG.bulkRejectFailed,
    refresh: TICKET_VIEWS,
  });
}

/** Takes an approval back while its window is open (the server keeps the window). */
export function useUndoApproval() {
  return useStaffMutation({
    mutationFn: (ticketId: string) => api.post<AdminTicket>(`${ticketPath(ticketId)}/undo-approval`),
    done: () => MSG.approvalUndone,
    failed: MSG.approvalUndoFailed,
    refresh: TICKET_VIEWS,
  });
}
