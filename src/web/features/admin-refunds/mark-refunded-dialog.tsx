import { zodResolver } from '@hookform/resolvers/zod';
import { CircleDollarSign } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type MarkRefunded, markRefundedSchema, type Refund } from '#shared/disruptions.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useMarkRefunded } from './api.ts';
import { RefundAccount } from './refund-account.tsx';

type FormValues = z.input<typeof markRefundedSchema>;
const EMPTY: FormValues = { bankReference: '' };

/**
 * Marking one refund paid back: the account it should have gone to, and the bank's reference of
 * the payment, which the passenger's e-mail carries. Closes itself once the server agrees.
 */
export function MarkRefundedDialog({
  refund,
  onOpenChange,
}: {
  /** The request being marked; null: closed. */
  refund: Refund | null;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const mark = useMarkRefunded();
  const form = useForm<FormValues, unknown, MarkRefunded>({
    resolver: zodResolver(markRefundedSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (refund) {
      form.reset(EMPTY);
      mark.reset();
    }
  }, [refund, form.reset, mark.reset]);

  if (!refund) return null;

  const onSubmit = form.handleSubmit((body) =>
    mark.mutate(
      { refund, body },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          const field = error instanceof ApiError ? error.fields?.bankReference : undefined;
          if (field) form.setError('bankReference', { message: field });
          else form.setError('root', { message: errorMessage(error) });
        },
      },
    ),
  );

  const amount = formatAmount(refund.amount, refund.currency);
  const fieldError = `${id}-error`;
  const hint = `${id}-hint`;
  return (
    <Dialog open onOpenChange={(next) => (next || !mark.isPending) && onOpenChange(next)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Mark {refund.reference} refunded?</DialogTitle>
          <DialogDescription>
            Only once {amount} has been paid back to {refund.passengerName}. The refund moves to Refunded
            {refund.email
              ? ' and the passenger is told by e-mail.'
              : '; they have no e-mail: tell them by phone.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <RefundAccount refund={refund} />
          {!refund.paymentVerified && (
            <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
              The payment of this booking was never verified: check its slip before paying anything back.
            </p>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-reference`}>Bank reference</Label>
            <Input
              id={`${id}-reference`}
              autoComplete="off"
              maxLength={100}
              aria-required="true"
              aria-invalid={errors.bankReference ? true : undefined}
              aria-describedby={errors.bankReference ? `${hint} ${fieldError}` : hint}
              {...form.register('bankReference')}
            />
            <p id={hint} className="text-xs text-slate-600">
              The reference of the transfer, as the bank’s receipt shows it. The passenger’s e-mail gives it.
            </p>
            {errors.bankReference ? (
              <p id={fieldError} role="alert" className="text-sm text-red-800">
                {errors.bankReference.message}
              </p>
            ) : null}
          </div>
          {errors.root ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {errors.root.message}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" disabled={mark.isPending} onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={mark.isPending}>
              {mark.isPending ? <Spinner /> : <CircleDollarSign aria-hidden="true" />}
              Mark refunded
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
