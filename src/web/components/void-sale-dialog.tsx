import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Ban } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type CounterSale, counterVoidSchema } from '#shared/counter.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { api, errorMessage } from '#web/lib/api-client.ts';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';

/** What the dialog needs of a counter sale: the receipt's sale or a cash-up's line. */
export type VoidableSale = Pick<CounterSale, 'ticketId' | 'reference' | 'paymentMethod'>;

type VoidValues = z.input<typeof counterVoidSchema>;
const NO_REASON: VoidValues = { reason: '' };

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
  const id = useId();
  const form = useForm<VoidValues, unknown, z.output<typeof counterVoidSchema>>({
    resolver: zodResolver(counterVoidSchema),
    defaultValues: NO_REASON,
  });
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
      form.reset(NO_REASON);
      voiding.reset();
    }
    onOpenChange(next);
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={change}
      holdWhilePending
      title={`Void ticket ${sale.reference}?`}
      description={`The seats are freed and the sale counts as voided in the cash-up. Give back the ${
        sale.paymentMethod === 'Cash' ? 'cash' : 'payment'
      } before voiding.`}
      onSubmit={form.handleSubmit((input) => voiding.mutate(input.reason))}
      error={voiding.isError ? errorMessage(voiding.error) : null}
      pending={voiding.isPending}
      submitVariant="destructive"
      submitLabel="Void sale"
      cancelLabel="Keep the sale"
    >
      <FormField id={`${id}-reason`} label="Reason" error={form.formState.errors.reason?.message}>
        {(control) => (
          <Textarea {...control} className="min-h-20" maxLength={300} {...form.register('reason')} />
        )}
      </FormField>
    </FormDialog>
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
