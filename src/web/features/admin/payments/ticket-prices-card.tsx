import { useId } from 'react';
import type { z } from 'zod';
import { MSG } from '#shared/messages/api.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import { paymentSettingsUpdateSchema } from '#shared/setup-api.ts';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { type ServerFormToasts, useServerForm } from '#web/lib/server-form.ts';
import { useUpdatePaymentSettings } from './api.ts';
import { numericOrZero } from './numbers.ts';
import { SettingsField } from './settings-field.tsx';

const schema = paymentSettingsUpdateSchema
  .pick({
    localAdultPrice: true,
    localChildPrice: true,
    foreignerAdultPrice: true,
    foreignerChildPrice: true,
  })
  .required()
  // An infant's price: empty is free (docs/decisions/036-fare-categories.md).
  .extend({
    infantLocalPrice: paymentSettingsUpdateSchema.shape.infantLocalPrice.optional(),
    infantForeignerPrice: paymentSettingsUpdateSchema.shape.infantForeignerPrice.optional(),
  });
const TOASTS: ServerFormToasts = { saved: MSG.pricesUpdated, failed: MSG.pricesFailed };
type Values = z.input<typeof schema>;

const FIELDS = [
  { name: 'localAdultPrice', label: 'Local adult', currency: 'MVR' },
  { name: 'localChildPrice', label: 'Local child', currency: 'MVR' },
  { name: 'foreignerAdultPrice', label: 'Foreigner adult', currency: 'USD' },
  { name: 'foreignerChildPrice', label: 'Foreigner child', currency: 'USD' },
] as const satisfies readonly { name: keyof Values; label: string; currency: string }[];

const INFANT_FIELDS = [
  { name: 'infantLocalPrice', label: 'Local infant', currency: 'MVR' },
  { name: 'infantForeignerPrice', label: 'Foreigner infant', currency: 'USD' },
] as const satisfies readonly { name: keyof Values; label: string; currency: string }[];

export function TicketPricesCard({ settings }: { settings: PaymentSettingsView }) {
  const id = useId();
  const update = useUpdatePaymentSettings();
  const { form, onSubmit, serverError } = useServerForm({
    schema,
    source: settings,
    save: update.mutate,
    toasts: TOASTS,
  });
  const { errors } = form.formState;

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Ticket Prices"
      description="Local passengers pay in MVR, foreigners in USD."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          {FIELDS.map((field) => {
            const registered = form.register(field.name);
            return (
              <SettingsField
                key={field.name}
                id={`${id}-${field.name}`}
                label={`${field.label} (${field.currency})`}
                prefix={field.currency}
                type="number"
                inputMode="decimal"
                min={0}
                step={0.01}
                error={errors[field.name]?.message}
                {...registered}
                onBlur={(event) => {
                  form.setValue(field.name, numericOrZero(event.target.value));
                  return registered.onBlur(event);
                }}
              />
            );
          })}
          {INFANT_FIELDS.map((field) => (
            <SettingsField
              key={field.name}
              id={`${id}-${field.name}`}
              label={`${field.label} (${field.currency})`}
              prefix={field.currency}
              inputMode="decimal"
              placeholder="Free"
              hint="Empty: an infant travels free"
              error={errors[field.name]?.message}
              {...form.register(field.name)}
            />
          ))}
        </div>
        <SaveButton saving={update.isPending} error={serverError}>
          Save Prices
        </SaveButton>
      </form>
    </SettingsCard>
  );
}
