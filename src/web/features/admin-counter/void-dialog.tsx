import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
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
import { errorMessage } from '#web/lib/api-client.ts';
import { shiftQuery, voidSale } from './api.ts';

/**
 * Voiding a sale, with the reason the cash-up shows. The server decides whether this person
 * may void it now (their own sale for a while, or the office): a refusal is shown in its words.
 */
export function VoidDialog({
  sale,
  open,
  onOpenChange,
  onVoided,
}: {
  sale: CounterSale;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onVoided: (sale: CounterSale) => void;
}) {
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const voiding = useMutation({
    mutationFn: (why: string) => voidSale(sale.ticketId, why),
    onSuccess: (voided) => {
      // The seats are free again and the shift's sums change.
      for (const queryKey of [shiftQuery.queryKey, ['admin', 'trips'], ['admin', 'tickets']]) {
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
      document.getElementById('void-reason')?.focus();
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
            <Label htmlFor="void-reason">Reason</Label>
            <Textarea
              id="void-reason"
              className="mt-1.5 min-h-20"
              value={reason}
              maxLength={300}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? 'void-reason-error' : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setProblem(null);
              }}
            />
            {problem && (
              <p id="void-reason-error" role="alert" className="mt-1 text-sm text-red-800">
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
