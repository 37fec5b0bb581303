import { useId } from 'react';
import type { z } from 'zod';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import { paymentSettingsUpdateSchema } from '#shared/setup-api.ts';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Textarea } from '#web/components/ui/textarea.tsx';
import { DHIVEHI_FIELD } from '#web/i18n/operator-text.ts';
import { type ServerFormToasts, useServerForm } from '#web/lib/server-form.ts';
import { useAdminMe } from '#web/lib/use-admin-auth.ts';
import { useUpdatePaymentSettings } from './api.ts';
import { errorId, SettingsField } from './settings-field.tsx';

const schema = paymentSettingsUpdateSchema
  .pick({
    bankName: true,
    bankNameDv: true,
    accountHolder: true,
    accountNumber: true,
    bankNameUsd: true,
    bankNameUsdDv: true,
    accountHolderUsd: true,
    accountNumberUsd: true,
    paymentInstructions: true,
    paymentInstructionsDv: true,
  })
  .required();
const TOASTS: ServerFormToasts = { saved: MSG.bankUpdated, failed: MSG.bankFailed };
type Values = z.input<typeof schema>;
type Field = keyof Values;

/** `dhivehi`: the optional Dhivehi version passengers reading Dhivehi see (empty: the English). */
type BankField = { name: Field; label: string; dhivehi?: true };

const ACCOUNTS: { currency: 'MVR' | 'USD'; fields: BankField[] }[] = [
  {
    currency: 'MVR',
    fields: [
      { name: 'bankName', label: 'Bank name' },
      { name: 'bankNameDv', label: 'Bank name in Dhivehi (optional)', dhivehi: true },
      { name: 'accountHolder', label: 'Account holder' },
      { name: 'accountNumber', label: 'Account number' },
    ],
  },
  {
    currency: 'USD',
    fields: [
      { name: 'bankNameUsd', label: 'Bank name' },
      { name: 'bankNameUsdDv', label: 'Bank name in Dhivehi (optional)', dhivehi: true },
      { name: 'accountHolderUsd', label: 'Account holder' },
      { name: 'accountNumberUsd', label: 'Account number' },
    ],
  },
];
const INSTRUCTIONS: BankField[] = [
  { name: 'paymentInstructions', label: 'Payment instructions' },
  { name: 'paymentInstructionsDv', label: 'Payment instructions in Dhivehi (optional)', dhivehi: true },
];

export function BankDetailsCard({ settings }: { settings: PaymentSettingsView }) {
  const id = useId();
  const update = useUpdatePaymentSettings();
  const { form, onSubmit, serverError } = useServerForm({
    schema,
    source: settings,
    save: update.mutate,
    toasts: TOASTS,
  });
  const { errors } = form.formState;
  // The accounts passengers pay into are the Owner's alone (the server refuses anyone else).
  const mayChange = useAdminMe().data?.user?.permissions.includes('bank.manage') ?? false;

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Bank Account Details"
      description="Shown to passengers at payment, for the currency they choose to pay in. Passengers reading Dhivehi see the Dhivehi versions where you fill them in, else the English."
    >
      {!mayChange && (
        <p className="mb-4 rounded-lg border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-slate-800">
          {STAFF_MSG.bankOwnerOnly}.
        </p>
      )}
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`}>
        <fieldset disabled={!mayChange} className="grid gap-6">
          <div className="grid gap-6 md:grid-cols-2">
            {ACCOUNTS.map((account) => (
              <fieldset key={account.currency} className="grid gap-4 rounded-xl border border-slate-200 p-4">
                <legend className="px-1 text-sm font-semibold text-slate-900">
                  {account.currency} account
                </legend>
                {account.fields.map((field) => (
                  <SettingsField
                    key={field.name}
                    id={`${id}-${field.name}`}
                    label={`${field.label} (${account.currency})`}
                    autoComplete="off"
                    error={errors[field.name]?.message}
                    {...(field.dhivehi ? DHIVEHI_FIELD : {})}
                    {...form.register(field.name)}
                  />
                ))}
              </fieldset>
            ))}
          </div>
          {INSTRUCTIONS.map((field) => {
            const fieldId = `${id}-${field.name}`;
            const error = errors[field.name];
            return (
              <div key={field.name} className="grid gap-2">
                <Label htmlFor={fieldId}>{field.label}</Label>
                <Textarea
                  id={fieldId}
                  rows={4}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId(fieldId) : undefined}
                  {...(field.dhivehi ? DHIVEHI_FIELD : {})}
                  {...form.register(field.name)}
                />
                {error ? (
                  <p id={errorId(fieldId)} className="text-sm text-red-700">
                    {error.message}
                  </p>
                ) : null}
              </div>
            );
          })}
          {mayChange && (
            <SaveButton saving={update.isPending} error={serverError}>
              Save Bank Details
            </SaveButton>
          )}
        </fieldset>
      </form>
    </SettingsCard>
  );
}
