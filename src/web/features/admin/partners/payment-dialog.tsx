import { CircleDollarSign } from 'lucide-react';
import { useId } from 'react';
import type { z } from 'zod';
import { type Partner, partnerPaymentInputSchema } from '#shared/partners.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { showServerFieldErrors } from '#web/lib/server-form.ts';
import { toast } from '#web/lib/toast.ts';
import { useRecordPayment } from './api.ts';
import { partnerTexts } from './partner-texts.ts';

type FormValues = z.input<typeof partnerPaymentInputSchema>;
const FIELD_NAMES = ['amount', 'paidOn', 'bankReference'] as const;

/** A payment the partner made, as the bank shows it: its balance goes down by the amount. */
export function PaymentDialog({
  partner,
  open,
  onOpenChange,
}: {
  partner: Partner;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const id = useId();
  const today = useOperatorToday() ?? '';
  const record = useRecordPayment(partner.id);
  const empty: FormValues = { amount: '', paidOn: today, bankReference: '' };
  const form = useDialogForm({ schema: partnerPaymentInputSchema, open, values: empty, request: record });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    record.mutate(input, {
      onSuccess: ({ payment, partner: updated }) => {
        toast.success(
          partnerTexts.paymentRecorded(formatAmount(payment.amount, payment.currency), updated.name),
        );
        onOpenChange(false);
      },
      onError: (error) => {
        if (!showServerFieldErrors(error, FIELD_NAMES, form.setError))
          form.setError('root', { message: errorMessage(error) });
      },
    }),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      holdWhilePending
      title={`Record a payment from ${partner.name}`}
      description={`In ${partner.currency}, the account’s currency. It owes ${formatAmount(partner.balance, partner.currency)} now.`}
      onSubmit={onSubmit}
      error={errors.root?.message}
      pending={record.isPending}
      submitIcon={<CircleDollarSign aria-hidden="true" />}
      submitLabel="Record payment"
      pendingLabel="Recording..."
    >
      <FormField id={`${id}-amount`} label={`Amount (${partner.currency})`} error={errors.amount?.message}>
        {(control) => (
          <Input
            {...control}
            inputMode="decimal"
            autoComplete="off"
            aria-required="true"
            {...form.register('amount')}
          />
        )}
      </FormField>
      <FormField id={`${id}-paid-on`} label="Paid on" error={errors.paidOn?.message}>
        {(control) => (
          <Input
            {...control}
            type="date"
            max={today || undefined}
            className="w-48"
            {...form.register('paidOn')}
          />
        )}
      </FormField>
      <FormField
        id={`${id}-reference`}
        label="Bank reference"
        hint="The transfer’s reference, as the bank statement shows it."
        error={errors.bankReference?.message}
      >
        {(control) => (
          <Input
            {...control}
            autoComplete="off"
            maxLength={100}
            aria-required="true"
            {...form.register('bankReference')}
          />
        )}
      </FormField>
    </FormDialog>
  );
}
