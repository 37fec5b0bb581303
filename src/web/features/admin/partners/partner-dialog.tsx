import { Save, UserPlus } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import type { z } from 'zod';
import { CURRENCIES } from '#shared/constants.ts';
import { type Partner, partnerInputSchema } from '#shared/partners.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { type FieldControlProps, FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { showServerFieldErrors } from '#web/lib/server-form.ts';
import { toast } from '#web/lib/toast.ts';
import { useSavePartner } from './api.ts';
import { partnerTexts } from './partner-texts.ts';

type FormValues = z.input<typeof partnerInputSchema>;
const FIELD_NAMES = [
  'name',
  'contactEmail',
  'currency',
  'commissionPercent',
  'creditLimit',
  'paymentTermsDays',
  'cancelHours',
] as const satisfies readonly (keyof FormValues)[];

const EMPTY: FormValues = {
  name: '',
  contactEmail: '',
  currency: 'USD',
  commissionPercent: '0',
  creditLimit: '',
  paymentTermsDays: '30',
  cancelHours: '24',
};

const valuesOf = (partner: Partner): FormValues => ({
  name: partner.name,
  contactEmail: partner.contactEmail,
  currency: partner.currency,
  commissionPercent: partner.commissionPercent,
  creditLimit: partner.creditLimit,
  paymentTermsDays: String(partner.paymentTermsDays),
  cancelHours: String(partner.cancelHours),
});

/** A number whose unit ('%', 'days', 'hours') its label says. */
function UnitField({
  id,
  label,
  unit,
  hint,
  error,
  children,
}: {
  id: string;
  label: string;
  unit: string;
  hint?: string;
  error: string | undefined;
  children: (control: FieldControlProps) => ReactNode;
}) {
  return (
    <FormField id={id} label={`${label} (${unit})`} hint={hint} error={error}>
      {children}
    </FormField>
  );
}

/**
 * A new partner (`partner` null) or its terms changed: name, contact, currency, commission,
 * credit limit, payment terms and how long before departure it may cancel itself.
 */
export function PartnerDialog({
  partner,
  open,
  onOpenChange,
  onSaved,
}: {
  partner: Partner | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After the dialog closed on a save: the partner as the server keeps it. */
  onSaved?: (partner: Partner) => void;
}) {
  const id = useId();
  const save = useSavePartner();
  const form = useDialogForm({
    schema: partnerInputSchema,
    open,
    subject: partner,
    values: partner ? valuesOf(partner) : EMPTY,
    request: save,
  });
  const { errors } = form.formState;
  const currency = form.watch('currency');

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { id: partner?.id ?? null, input },
      {
        onSuccess: (saved) => {
          toast.success(partner ? partnerTexts.saved(saved.name) : partnerTexts.added(saved.name));
          onOpenChange(false);
          onSaved?.(saved);
        },
        onError: (error) => {
          const shown = showServerFieldErrors(error, FIELD_NAMES, form.setError);
          // 409 partner_exists is about the name: said under it.
          if (error instanceof ApiError && error.code === 'partner_exists')
            form.setError('name', { message: error.message }, { shouldFocus: true });
          else if (!shown) form.setError('root', { message: errorMessage(error) });
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      holdWhilePending
      contentClassName="max-w-2xl"
      title={partner ? `Edit the terms of ${partner.name}` : 'New partner'}
      description={
        partner
          ? 'New terms apply to bookings made from now on; bookings already made keep theirs.'
          : 'A resort or an agent that books on account at the public fare less its commission, within its credit limit, and pays against a monthly statement.'
      }
      onSubmit={onSubmit}
      error={errors.root?.message}
      pending={save.isPending}
      submitIcon={partner ? <Save aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
      submitLabel={partner ? 'Save terms' : 'Add partner'}
      pendingLabel="Saving..."
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id={`${id}-name`} label="Name" error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="off"
              placeholder="e.g. Sun Island Resort"
              {...form.register('name')}
            />
          )}
        </FormField>
        <FormField
          id={`${id}-email`}
          label="Contact e-mail"
          hint="Statements and booking e-mails go here."
          error={errors.contactEmail?.message}
        >
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="off"
              placeholder="transfers@example.com"
              {...form.register('contactEmail')}
            />
          )}
        </FormField>
      </div>
      <fieldset className="grid gap-2">
        <legend className="mb-2 text-sm font-medium text-slate-800">Currency of the account</legend>
        <div className="flex flex-wrap gap-2">
          {CURRENCIES.map((code) => (
            <label
              key={code}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-xl border border-slate-300 px-4 has-checked:border-sky-600 has-checked:bg-sky-50"
            >
              <input
                type="radio"
                value={code}
                className="size-4 accent-sky-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
                {...form.register('currency')}
              />
              <span className="text-sm font-semibold text-slate-900">{code}</span>
            </label>
          ))}
        </div>
        {errors.currency ? (
          <p role="alert" className="text-sm text-red-800">
            {errors.currency.message}
          </p>
        ) : null}
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <UnitField
          id={`${id}-commission`}
          label="Commission"
          unit="%"
          hint="Off the public fare: the partner pays the rest."
          error={errors.commissionPercent?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="decimal"
              autoComplete="off"
              {...form.register('commissionPercent')}
            />
          )}
        </UnitField>
        <UnitField
          id={`${id}-credit`}
          label="Credit limit"
          unit={currency ?? 'USD'}
          hint="The most it may owe at once."
          error={errors.creditLimit?.message}
        >
          {(control) => (
            <Input {...control} inputMode="decimal" autoComplete="off" {...form.register('creditLimit')} />
          )}
        </UnitField>
        <UnitField
          id={`${id}-terms`}
          label="Payment terms"
          unit="days"
          hint="After the statement, until it is due."
          error={errors.paymentTermsDays?.message}
        >
          {(control) => (
            <Input
              {...control}
              inputMode="numeric"
              autoComplete="off"
              {...form.register('paymentTermsDays')}
            />
          )}
        </UnitField>
        <UnitField
          id={`${id}-cancel`}
          label="Cancels itself until"
          unit="hours"
          hint="Before departure; after that only the office cancels."
          error={errors.cancelHours?.message}
        >
          {(control) => (
            <Input {...control} inputMode="numeric" autoComplete="off" {...form.register('cancelHours')} />
          )}
        </UnitField>
      </div>
    </FormDialog>
  );
}
