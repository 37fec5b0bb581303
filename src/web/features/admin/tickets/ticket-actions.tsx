import { Check, ShieldX, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { type AdminTicket, MARKED_STATUSES, type MarkedStatus, markReasonSchema } from '#shared/admin-api.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import { ConfirmDialog } from '#web/components/confirm-dialog.tsx';
import { ReasonDialog } from '#web/components/reason-dialog.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { humanize } from '#web/lib/humanize.ts';
import { Link } from '#web/lib/navigation.tsx';
import { cn } from '#web/lib/utils.ts';
import { type TicketAction, useTicketAction } from './api.ts';
import { RejectPendingDialog } from './reject-pending-dialog.tsx';
import { RemarksDialog } from './remarks-dialog.tsx';

const MARK_TONE: Record<MarkedStatus, string> = {
  present: 'aria-pressed:border-green-700 aria-pressed:bg-green-50 aria-pressed:text-green-900',
  no_show: 'aria-pressed:border-orange-700 aria-pressed:bg-orange-50 aria-pressed:text-orange-900',
  cancelled: 'aria-pressed:border-red-700 aria-pressed:bg-red-50 aria-pressed:text-red-900',
  refunded: 'aria-pressed:border-purple-700 aria-pressed:bg-purple-50 aria-pressed:text-purple-900',
};

/**
 * docs/product.md section 4: approve and reject on pending tickets, mark on confirmed, delete on any but
 * a counter sale (voided instead, docs/decisions/025).
 */
export function TicketActions({
  ticket,
  next,
  onDeleted,
}: {
  ticket: AdminTicket;
  /** In the review queue: approving also moves on (`label` says where). */
  next?: { label: string; go: () => void } | undefined;
  onDeleted?: (() => void) | undefined;
}) {
  const action = useTicketAction(ticket.id);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [rejectAllOpen, setRejectAllOpen] = useState(false);
  const [noShowOpen, setNoShowOpen] = useState(false);
  const running = action.isPending ? action.variables : undefined;
  const busy = action.isPending;
  const isRunning = (kind: TicketAction['kind'], status?: MarkedStatus) =>
    running?.kind === kind &&
    (status === undefined || (running.kind === 'mark' && running.status === status));
  // A refund the queue owes is paid there, with a bank reference, so the passenger is told.
  const queued = ticket.openRefunds > 0;
  const queuedNoteId = `ticket-${ticket.id}-refund-queued`;
  const extra = ticket.extraPayment;
  const refundsOnReject = ticket.ticketStatus === 'pending' && extra?.firstVerified;

  return (
    <div className="flex flex-col gap-3 lg:items-end print:hidden">
      {ticket.ticketStatus === 'confirmed' && (
        <fieldset className="flex flex-wrap items-center gap-2 lg:justify-end">
          <legend className="float-left mb-1 w-full text-xs font-medium uppercase tracking-wide text-slate-500 lg:text-right">
            Mark as
          </legend>
          {MARKED_STATUSES.map((status) => (
            <Button
              key={status}
              variant="outline"
              size="sm"
              aria-pressed={ticket.markedStatus === status}
              className={cn('min-w-20', MARK_TONE[status])}
              disabled={busy || (status === 'refunded' && queued)}
              aria-describedby={status === 'refunded' && queued ? queuedNoteId : undefined}
              onClick={() =>
                // A party that boarded stays boarded: a no-show on it says why (docs/decisions/024).
                status === 'no_show' && ticket.boarded > 0 && ticket.markedStatus !== 'no_show'
                  ? setNoShowOpen(true)
                  : action.mutate({ kind: 'mark', status })
              }
            >
              {isRunning('mark', status) && <Spinner />}
              {humanize(status)}
            </Button>
          ))}
          {queued ? (
            <p id={queuedNoteId} className="w-full text-xs text-slate-700 lg:text-right">
              A refund is waiting in the{' '}
              <Link href="/admin/refunds" className="font-medium text-sky-800 underline underline-offset-2">
                Refunds queue
              </Link>
              : mark it refunded there, with the bank reference, so the passenger is told.
            </p>
          ) : null}
        </fieldset>
      )}
      {ticket.ticketStatus === 'pending' && (
        <div className="flex flex-wrap gap-2 lg:justify-end">
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setRejectAllOpen(true)}>
            <ShieldX aria-hidden="true" />
            Reject all from sender
          </Button>
          <Button size="sm" variant="outline" disabled={busy} onClick={() => setRejectOpen(true)}>
            <X aria-hidden="true" />
            Reject
          </Button>
          <Button
            size={next ? 'default' : 'sm'}
            className="bg-green-700 hover:bg-green-800"
            disabled={busy}
            onClick={() => action.mutate({ kind: 'approve' }, { onSuccess: () => next?.go() })}
          >
            {isRunning('approve') ? <Spinner /> : <Check aria-hidden="true" />}
            {next?.label ?? 'Approve'}
          </Button>
        </div>
      )}
      {/* Delete stays apart from Approve: on the other side, under a rule, small, and confirmed. */}
      <div className="flex border-t border-slate-100 pt-3 lg:w-full lg:justify-start">
        {ticket.channel === 'counter' ? (
          // The server refuses it too: the cash-up counts every counter sale and its void.
          <p className="text-xs text-slate-700">{COUNTER_MSG.counterSaleKept}</p>
        ) : (
          <Button
            size="sm"
            variant="ghost"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            disabled={busy}
            onClick={() => setDeleteOpen(true)}
          >
            {isRunning('delete') ? <Spinner /> : <Trash2 aria-hidden="true" />}
            Delete
          </Button>
        )}
      </div>

      <RemarksDialog
        open={rejectOpen}
        onOpenChange={setRejectOpen}
        title={`Reject ticket ${ticket.reference}`}
        description={
          refundsOnReject && extra
            ? `The booking is cancelled, its payment marked as failed and its seats freed. The first payment, ${formatAmount(extra.firstAmount, ticket.currency)}, was verified before the rebooking: its full refund goes to the Refunds queue.`
            : 'The booking is cancelled, its payment marked as failed and its seats freed.'
        }
        placeholder="Why is this booking rejected?"
        busy={isRunning('reject')}
        icon={<X aria-hidden="true" />}
        submitLabel="Reject ticket"
        onSubmit={(remarks) =>
          action.mutate({ kind: 'reject', remarks }, { onSuccess: () => setRejectOpen(false) })
        }
      />

      <ReasonDialog
        open={noShowOpen}
        onOpenChange={setNoShowOpen}
        title={`Mark ${ticket.reference} a no-show?`}
        description={`${ticket.boarded} of the party boarded. The boarding stays on record, so they still count as boarded and the booking cannot board again; the reason goes into the audit trail.`}
        reasonRule={markReasonSchema}
        cancelLabel="Keep the marking"
        submitLabel="Mark no-show"
        pending={isRunning('mark', 'no_show')}
        error={null}
        onSubmit={(reason) =>
          action.mutate(
            { kind: 'mark', status: 'no_show', reason },
            { onSuccess: () => setNoShowOpen(false) },
          )
        }
      />

      {ticket.ticketStatus === 'pending' && (
        <RejectPendingDialog ticket={ticket} open={rejectAllOpen} onOpenChange={setRejectAllOpen} />
      )}

      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title={`Delete ticket ${ticket.reference}?`}
        description="The booking is removed for good and its seats become free again. This cannot be undone."
        confirmLabel="Delete ticket"
        destructive
        onConfirm={() => action.mutate({ kind: 'delete' }, { onSuccess: () => onDeleted?.() })}
      />
    </div>
  );
}
