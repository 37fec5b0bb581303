import { CircleDollarSign } from 'lucide-react';
import { useId } from 'react';
import type { z } from 'zod';
import { markRefundedSchema, type Refund } from '#shared/disruptions.ts';
import { gatewayName } from '#web/components/card-payment-facts.tsx';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { formatAmount } from '#web/lib/admin-format.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { showServerFieldErrors } from '#web/lib/server-form.ts';
import { useMarkRefunded } from './api.ts';
import { CardRefundFacts, isCardRefund } from './card-refund.tsx';
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
  const form = useDialogForm({
    schema: markRefundedSchema,
    open: refund !== null,
    subject: refund,
    values: EMPTY,
    request: mark,
  });
  const { errors } = form.formState;

  if (!refund) return null;

  const onSubmit = form.handleSubmit((body) =>
    mark.mutate(
      { refund, body },
      {
        onSuccess: () => onOpenChange(false),
        onError: (error) => {
          if (!showServerFieldErrors(error, ['bankReference'], form.setError))
            form.setError('root', { message: errorMessage(error) });
        },
      },
    ),
  );

  const amount = formatAmount(refund.amount, refund.currency);
  // A card-paid booking's refund made in the gateway's merchant portal, with the portal's reference.
  const card = isCardRefund(refund) ? refund : null;
  return (
    <FormDialog
      open
      onOpenChange={onOpenChange}
      holdWhilePending
      title={`Mark ${refund.reference} refunded?`}
      description={`Only once ${amount} has been ${
        card
          ? `refunded to ${refund.passengerName}’s card in ${gatewayName(card.card.provider)}’s merchant portal`
          : `paid back to ${refund.passengerName}`
      }. The refund moves to Refunded${
        refund.email ? ' and the passenger is told by e-mail.' : '; they have no e-mail: tell them by phone.'
      }`}
      onSubmit={onSubmit}
      error={errors.root?.message}
      pending={mark.isPending}
      submitIcon={<CircleDollarSign aria-hidden="true" />}
      submitLabel="Mark refunded"
    >
      {card ? <CardRefundFacts refund={card} /> : <RefundAccount refund={refund} />}
      {!card && !refund.paymentVerified && (
        <p className="rounded-xl border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          The payment of this booking was never verified: check its slip before paying anything back.
        </p>
      )}
      <FormField
        id={`${id}-reference`}
        label={card ? 'Refund reference' : 'Bank reference'}
        hint={
          card
            ? 'The refund’s reference in the card gateway’s merchant portal. The passenger’s e-mail gives it.'
            : 'The reference of the transfer, as the bank’s receipt shows it. The passenger’s e-mail gives it.'
        }
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
