import { infiniteQueryOptions, useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { MarkRefunded, Refund, refundListSchema } from '#shared/disruptions.ts';
import { REFUND_MSG } from '#shared/messages/staff.ts';
import { api } from '#web/lib/api-client.ts';
import { useRefresh } from '#web/lib/staff-mutation.ts';
import { toast } from '#web/lib/toast.ts';

export const REFUND_TABS = ['requested', 'refunded'] as const;
export type RefundTab = (typeof REFUND_TABS)[number];

/** A page of the queue, the whole state's totals, and whether the card gateway refunds through its API (`gatewayRefunds`). */
export type RefundList = z.infer<typeof refundListSchema>;

/**
 * The queue in one state, a page at a time: each page names the cursor of the next. Fetched again
 * (a refund made, a departure cancelled), the pages shown are read again from the first.
 */
export const refundListQuery = (status: RefundTab) =>
  infiniteQueryOptions({
    queryKey: ['admin', 'refunds', status],
    queryFn: ({ pageParam, signal }) => {
      const params = new URLSearchParams({ status });
      if (pageParam) params.set('cursor', pageParam);
      return api.get<RefundList>(`/api/admin/refunds?${params}`, { signal });
    },
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next,
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
