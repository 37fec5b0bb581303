import { queryOptions, useMutation } from '@tanstack/react-query';
import type { MarkRefunded, Refund } from '#shared/disruptions.ts';
import { REFUND_MSG } from '#shared/messages/staff.ts';
import { api } from '#web/lib/api-client.ts';
import { useRefresh } from '#web/lib/staff-mutation.ts';
import { toast } from '#web/lib/toast.ts';

export const REFUND_TABS = ['requested', 'refunded'] as const;
export type RefundTab = (typeof REFUND_TABS)[number];

export const refundListQuery = (status: RefundTab) =>
  queryOptions({
    queryKey: ['admin', 'refunds', status],
    queryFn: ({ signal }) =>
      api.get<{ refunds: Refund[] }>(`/api/admin/refunds?status=${status}`, { signal }),
    staleTime: 10_000,
  });

/** The queue in one state as a CSV download (for the bank run). */
export const refundsCsvUrl = (status: RefundTab) => `/api/admin/refunds.csv?status=${status}`;

/** The refund was paid back: closes its request with the bank's reference (docs/decisions/026). */
export function useMarkRefunded() {
  const refresh = useRefresh([
    ['admin', 'refunds'],
    ['admin', 'tickets'],
    ['admin', 'trips'],
  ]);
  return useMutation({
    mutationFn: ({ refund, body }: { refund: Refund; body: MarkRefunded }) =>
      api.post<Refund>(`/api/admin/refunds/${encodeURIComponent(refund.id)}/refunded`, body),
    onSuccess: (_done, { refund }) => {
      toast.success(REFUND_MSG.markedRefunded(refund.reference));
    },
    onSettled: refresh,
  });
}
