import { queryOptions } from '@tanstack/react-query';
import type { CardPaymentView, PaymentRedirect, SwitchedToTransfer } from '#shared/card-payments.ts';
import { ApiError, api } from '#web/lib/api-client.ts';

/** How often the return page asks again while the gateway has not answered. */
export const POLL_MS = 2000;

const paymentPath = (localId: string) => `/api/payments/${encodeURIComponent(localId)}`;

/**
 * Whether to ask again in POLL_MS: while the payment is open and its seats are still held, and
 * after a failure other than "no such payment" (a phone on the jetty loses its signal).
 */
export function pollInterval(
  view: CardPaymentView | undefined,
  error: unknown,
  now = Date.now(),
): number | false {
  if (!view) return error instanceof ApiError && error.status === 404 ? false : POLL_MS;
  return view.state === 'open' && !holdEnded(view, now) ? POLL_MS : false;
}

/** Whether the booking's hold has ended: an open payment then no longer keeps its seats. */
export const holdEnded = (view: CardPaymentView, now = Date.now()) => Date.parse(view.holdUntil) <= now;

/** GET /api/payments/:localId, asked again by itself until the outcome is known. */
export const cardPaymentQuery = (localId: string) =>
  queryOptions({
    queryKey: ['card-payment', localId],
    queryFn: ({ signal }) => api.get<CardPaymentView>(paymentPath(localId), { signal }),
    staleTime: 0,
    retry: false,
    refetchInterval: (query) => pollInterval(query.state.data, query.state.error),
  });

/** Another payment for the same booking, after a decline: the gateway's page to go to. */
export const retryCardPayment = (localId: string) =>
  api.post<PaymentRedirect>(`${paymentPath(localId)}/retry`);

/** The booking waits for a bank transfer instead, from its manage page. */
export const switchToTransfer = (localId: string) =>
  api.post<SwitchedToTransfer>(`${paymentPath(localId)}/transfer`);
