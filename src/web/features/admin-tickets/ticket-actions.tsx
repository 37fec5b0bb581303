import { Check, Loader2, Trash2, X } from 'lucide-react';
import { useState } from 'react';
import { type AdminTicket, MARKED_STATUSES, type MarkedStatus } from '#shared/admin-api.ts';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog.tsx';
import { Button } from '../../components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../components/ui/dialog.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { humanize } from '../../lib/admin-format.ts';
import { cn } from '../../lib/utils.ts';
import { type TicketAction, useTicketAction } from './api.ts';

const MARK_TONE: Record<MarkedStatus, string> = {
  present: 'aria-pressed:border-green-700 aria-pressed:bg-green-50 aria-pressed:text-green-900',
  no_show: 'aria-pressed:border-orange-700 aria-pressed:bg-orange-50 aria-pressed:text-orange-900',
  cancelled: 'aria-pressed:border-red-700 aria-pressed:bg-red-50 aria-pressed:text-red-900',
  refunded: 'aria-pressed:border-purple-700 aria-pressed:bg-purple-50 aria-pressed:text-purple-900',
};

function Spinner() {
  return <Loader2 aria-hidden="true" className="animate-spin" />;
}

function RejectDialog({
  reference,
  open,
  onOpenChange,
  busy,
  onReject,
}: {
  reference: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  busy: boolean;
  onReject: (remarks: string) => void;
}) {
  const [remarks, setRemarks] = useState('');
  const fieldId = `reject-remarks-${reference}`;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) setRemarks('');
        onOpenChange(next);
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Reject ticket {reference}</DialogTitle>
          <DialogDescription>
            The booking is cancelled, its payment marked as failed and its seats freed.
          </DialogDescription>
        </DialogHeader>
        <form
          className="grid gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            onReject(remarks);
          }}
        >
          <div className="grid gap-2">
            <Label htmlFor={fieldId}>Remarks (optional)</Label>
            <Textarea
              id={fieldId}
              value={remarks}
              maxLength={1000}
              onChange={(event) => setRemarks(event.target.value)}
              placeholder="Why is this booking rejected?"
            />
          </div>
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="destructive" disabled={busy}>
              {busy ? <Spinner /> : <X aria-hidden="true" />}
              Reject ticket
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/** SPEC.md section 4: approve and reject on pending tickets, mark on confirmed, delete on any. */
export function TicketActions({ ticket }: { ticket: AdminTicket }) {
  const action = useTicketAction(ticket.id);
  const [rejectOpen, setRejectOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);
  const running = action.isPending ? action.variables : undefined;
  const busy = action.isPending;
  const isRunning = (kind: TicketAction['kind'], status?: MarkedStatus) =>
    running?.kind === kind &&
    (status === undefined || (running.kind === 'mark' && running.status === status));

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
              disabled={busy}
              onClick={() => action.mutate({ kind: 'mark', status })}
            >
              {isRunning('mark', status) && <Spinner />}
              {humanize(status)}
            </Button>
          ))}
        </fieldset>
      )}
      <div className="flex flex-wrap gap-2 lg:justify-end">
        {ticket.ticketStatus === 'pending' && (
          <>
            <Button
              size="sm"
              className="bg-green-700 hover:bg-green-800"
              disabled={busy}
              onClick={() => action.mutate({ kind: 'approve' })}
            >
              {isRunning('approve') ? <Spinner /> : <Check aria-hidden="true" />}
              Approve
            </Button>
            <Button size="sm" variant="outline" disabled={busy} onClick={() => setRejectOpen(true)}>
              <X aria-hidden="true" />
              Reject
            </Button>
          </>
        )}
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
      </div>

      <RejectDialog
        reference={ticket.reference}
        open={rejectOpen}
        onOpenChange={setRejectOpen}
        busy={isRunning('reject')}
        onReject={(remarks) =>
          action.mutate({ kind: 'reject', remarks }, { onSuccess: () => setRejectOpen(false) })
        }
      />

      <AlertDialog open={deleteOpen} onOpenChange={setDeleteOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>Delete ticket {ticket.reference}?</AlertDialogTitle>
            <AlertDialogDescription>
              The booking is removed for good and its seats become free again. This cannot be undone.
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>Cancel</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={() => action.mutate({ kind: 'delete' })}>
              Delete ticket
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </div>
  );
}
