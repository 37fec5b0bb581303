import { queryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MarkRefunded, Refund, refundListSchema } from '#shared/disruptions.ts';
import { REFUND_MSG } from '#shared/messages/staff.ts';
import { api } from '#web/lib/api-client.ts';
import { useRefresh } from '#web/lib/staff-mutation.ts';
import { toast } from '#web/lib/toast.ts';

export const REFUND_TABS = ['requested', 'refunded'] as const;
export type RefundTab = (typeof REFUND_TABS)[number];

/** The queue, and whether the card gateway refunds through its API (`gatewayRefunds`). */
export type RefundList = z.infer<typeof refundListSchema>;

export const refundListQuery = (status: RefundTab) =>
  queryOptions({
    queryKey: ['admin', 'refunds', status],
    queryFn: ({ signal }) => api.get<RefundList>(`/api/admin/refunds?status=${status}`, { signal }),
    staleTime: 10_000,
  });

/** The queue in one state as a CSV download (for the bank run). */
export const refundsCsvUrl = (status: RefundTab) => `/api/admin/refunds.csv?status=${status}`;

/** Every view a refund made shows in: the queue, the booking's card and the trips. */
const REFUND_VIEWS = [
  ['admin', 'refunds'],
  ['admin', 'tickets'],
  ['admin', 'trips'],
];

/** The refund was paid back: closes its request with the bank's reference (docs/decisions/026). */
export function useMarkRefunded() {
  const refresh = useRefresh(REFUND_VIEWS);
  return useMutation({
    mutationFn: ({ refund, body }: { refund: Refund; body: MarkRefunded }) =>
      api.post<Refund>(`/api/admin/refunds/${encodeURIComponent(refund.id)}/refunded`, body),
    onSuccess: (_done, { refund }) => {
      toast.success(REFUND_MSG.markedRefunded(refund.reference));
    },
    onSettled: refresh,
  });
}

/**
 * A card-paid booking's refund sent back to the card through the gateway (docs/decisions/042):
 * the gateway's refund id closes the request. A refusal (502) keeps the gateway's words on the
 * request, so the queue shows them too; the caller shows them beside the button.
 */
export function useRefundToCard() {
  const refresh = useRefresh(REFUND_VIEWS);
  return useMutation({
    mutationFn: (refund: Refund) =>
      api.post<Refund>(`/api/admin/refunds/${encodeURIComponent(refund.id)}/refund-card`),
    onSuccess: (_done, refund) => {
      toast.success(REFUND_MSG.refundedToCard(refund.reference));
    },
    onSettled: refresh,
  });
}
