import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { type CounterSale, counterVoidSchema } from '#shared/counter.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { api, errorMessage } from '#web/lib/api-client.ts';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';

/** What the dialog needs of a counter sale: the receipt's sale or a cash-up's line. */
export type VoidableSale = Pick<CounterSale, 'ticketId' | 'reference' | 'paymentMethod'>;

const voidSale = (ticketId: string, reason: string) =>
  api.post<CounterSale>(`/api/admin/counter/sales/${encodeURIComponent(ticketId)}/void`, { reason });

/**
 * Whether the signed-in person may ask to void counter sales at all: the seller their own recent
 * ones (counter.void), Office and Owner any (cashups.all), as routes/admin/counter.ts allows.
 */
export function useMayVoidSales(): { own: boolean; any: boolean } {
  const permissions = useAdminMe().data?.user?.permissions ?? [];
  const any = permissions.includes('cashups.all');
  return { any, own: any || permissions.includes('counter.void') };
}

/**
 * Voiding a counter sale, with the reason the cash-up shows: from the seller's receipt and from
 * the office's cash-ups. The server decides whether this person may void it now (their own sale
 * for a while, or the office; never once the party has boarded): a refusal is shown in its words.
 */
export function VoidSaleDialog({
  sale,
  open,
  onOpenChange,
  onVoided,
}: {
  sale: VoidableSale;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onVoided: (sale: CounterSale) => void;
}) {
  const queryClient = useQueryClient();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const voiding = useMutation({
    mutationFn: (why: string) => voidSale(sale.ticketId, why),
    onSuccess: (voided) => {
      // The seats are free again, the shift's sums change and the day's counts with them.
      for (const queryKey of [
        ['admin', 'counter'],
        ['admin', 'cashups'],
        ['admin', 'trips'],
        ['admin', 'tickets'],
        ['admin', 'dashboard'],
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
      change(false);
      onVoided(voided);
    },
  });

  function change(next: boolean) {
    if (!next) {
      setReason('');
      setProblem(null);
      voiding.reset();
    }
    onOpenChange(next);
  }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = counterVoidSchema.safeParse({ reason });
    if (!parsed.success) {
      setProblem(parsed.error.issues[0]?.message ?? null);
      document.getElementById(reasonId)?.focus();
      return;
    }
    setProblem(null);
    voiding.mutate(parsed.data.reason);
  };

  return (
    <Dialog open={open} onOpenChange={(next) => !voiding.isPending && change(next)}>
      <DialogContent>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <DialogHeader>
            <DialogTitle>Void ticket {sale.reference}?</DialogTitle>
            <DialogDescription>
              The seats are freed and the sale counts as voided in the cash-up. Give back the{' '}
              {sale.paymentMethod === 'Cash' ? 'cash' : 'payment'} before voiding.
            </DialogDescription>
          </DialogHeader>
          <div>
            <Label htmlFor={reasonId}>Reason</Label>
            <Textarea
              id={reasonId}
              className="mt-1.5 min-h-20"
              value={reason}
              maxLength={300}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${reasonId}-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem(null);
              }}
            />
            {problem && (
              <p id={`${reasonId}-error`} role="alert" className="mt-1 text-sm text-red-800">
                {problem}
              </p>
            )}
          </div>
          {voiding.isError && (
            <p role="alert" className="rounded-xl border border-red-200 bg-red-50 p-3 text-sm text-red-900">
              {errorMessage(voiding.error)}
            </p>
          )}
          <DialogFooter>
            <Button variant="outline" disabled={voiding.isPending} onClick={() => change(false)}>
              Keep the sale
            </Button>
            <Button type="submit" variant="destructive" disabled={voiding.isPending}>
              {voiding.isPending ? <Spinner className="size-4" /> : null}
              Void sale
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

/**
 * A Void button beside a sale (the office's cash-ups) with its reason dialog. The caller shows
 * it only where the sale may still be voided, and says what happened through `onVoided`.
 */
export function VoidSaleButton({
  sale,
  onVoided,
}: {
  sale: VoidableSale;
  onVoided: (sale: CounterSale) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outline" size="sm" className="text-red-800 print:hidden" onClick={() => setOpen(true)}>
        <Ban aria-hidden="true" />
        Void<span className="sr-only"> ticket {sale.reference}</span>
      </Button>
      <VoidSaleDialog sale={sale} open={open} onOpenChange={setOpen} onVoided={onVoided} />
    </>
  );
}
