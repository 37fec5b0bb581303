import { Info, TriangleAlert, WalletCards } from 'lucide-react';
import { useId } from 'react';
import type { Refund } from '#shared/disruptions.ts';
import { REFUND_MSG } from '#shared/messages/staff.ts';
import { gatewayName, TransactionId } from '#web/components/card-payment-facts.tsx';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { cn } from '#web/lib/utils.ts';
import { useRefundToCard } from './api.ts';

type CardRefund = Refund & { card: NonNullable<Refund['card']> };

export const isCardRefund = (refund: Refund): refund is CardRefund => refund.card !== null;

/** What `gatewayError` reads while the gateway is being asked: the refund is on its way, not refused. */
const IN_PROGRESS = REFUND_MSG.cardRefundSending;

/** Where a card-paid booking's refund goes: back to the card, found by its transaction at the gateway. */
export function CardRefundFacts({ refund, className }: { refund: CardRefund; className?: string }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className={cn('min-w-0 rounded-xl border border-slate-200 bg-slate-50 p-3 text-sm', className)}
    >
      <h3 id={headingId} className="flex items-center gap-1.5 text-xs font-semibold text-slate-700">
        <WalletCards aria-hidden="true" className="size-3.5 text-sky-700" />
        Paid by card online: refund to the card
      </h3>
      <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-3 gap-y-1">
        <dt className="text-slate-600">Gateway</dt>
        <dd className="text-slate-900">{gatewayName(refund.card.provider)}</dd>
        <dt className="text-slate-600">Transaction</dt>
        <dd className="min-w-0 text-slate-900">
          <TransactionId id={refund.card.transactionId} />
        </dd>
      </dl>
    </section>
  );
}

/** The gateway's refusal of the last refund tried through it, kept on the request until one succeeds. */
export function GatewayErrorNote({ refund }: { refund: Refund }) {
  if (!refund.gatewayError || refund.status !== 'requested') return null;
  if (refund.gatewayError === IN_PROGRESS) {
    return (
      <p
        data-testid="gateway-error"
        className="flex items-start gap-1.5 rounded-xl border border-sky-200 bg-sky-50 px-3 py-2 text-sm text-sky-950"
      >
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-sky-700" />
        Being sent to the card gateway: wait for its answer before trying again.
      </p>
    );
  }
  return (
    <p
      data-testid="gateway-error"
      className="flex items-start gap-1.5 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
    >
      <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
      <span className="min-w-0 break-words">
        <span className="font-semibold">The card gateway refused the last refund: </span>
        {refund.gatewayError}
      </span>
    </p>
  );
}

/**
 * "Refund to card?": the amount and where it goes, then the gateway is asked. The dialog waits
 * while it answers (a second click cannot send it twice) and shows a refusal in the gateway's
 * words, for another try or a refund in its merchant portal.
 */
export function RefundToCardDialog({
  refund,
  onOpenChange,
  onRefunded,
}: {
  /** The request being refunded; null: closed. */
  refund: CardRefund | null;
  onOpenChange: (open: boolean) => void;
  /** After the gateway refunded it: the request has left the list. */
  onRefunded: () => void;
}) {
  const send = useRefundToCard();
  if (!refund) return null;
  const amount = formatAmount(refund.amount, refund.currency);
  const told = refund.email
    ? 'The refund moves to Refunded and the passenger is told by e-mail.'
    : 'The refund moves to Refunded; they have no e-mail: tell them by phone.';
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => {
        if (!open) send.reset();
        onOpenChange(open);
      }}
      title={`Refund ${amount} to the card?`}
      description={`${amount} goes back to the card that paid for booking ${refund.reference} (${refund.passengerName}), through ${gatewayName(refund.card.provider)}. ${told}`}
      confirmLabel={send.isPending ? 'Refunding…' : `Refund ${amount}`}
      busy={send.isPending}
      onConfirm={() =>
        send.mutate(refund, {
          onSuccess: () => {
            send.reset();
            onRefunded();
          },
        })
      }
    >
      {send.isError ? (
        <p
          role="alert"
          className="flex items-start gap-1.5 rounded-xl border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900"
        >
          <TriangleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-red-700" />
          <span className="min-w-0 break-words">{errorMessage(send.error)}</span>
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
