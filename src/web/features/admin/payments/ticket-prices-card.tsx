import { Save } from 'lucide-react';
import { useId } from 'react';
import type { z } from 'zod';
import { MSG } from '#shared/messages.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import { paymentSettingsUpdateSchema } from '#shared/setup-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiErrorText } from '#web/lib/api-client.ts';
import { showServerFieldErrors, useServerForm } from '#web/lib/server-form.ts';
import { toast } from '#web/lib/toast.ts';
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
  .required();
type Values = z.input<typeof schema>;

const FIELDS = [
  { name: 'localAdultPrice', label: 'Local adult', currency: 'MVR' },
  { name: 'localChildPrice', label: 'Local child', currency: 'MVR' },
  { name: 'foreignerAdultPrice', label: 'Foreigner adult', currency: 'USD' },
  { name: 'foreignerChildPrice', label: 'Foreigner child', currency: 'USD' },
] as const satisfies readonly { name: keyof Values; label: string; currency: string }[];

const valuesOf = (s: PaymentSettingsView): Values => ({
  localAdultPrice: s.localAdultPrice,
  localChildPrice: s.localChildPrice,
  foreignerAdultPrice: s.foreignerAdultPrice,
  foreignerChildPrice: s.foreignerChildPrice,
});

export function TicketPricesCard({ settings }: { settings: PaymentSettingsView }) {
  const id = useId();
  const update = useUpdatePaymentSettings();
  const form = useServerForm({ schema, source: settings, valuesOf });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((prices) =>
    update.mutate(prices, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast.success(MSG.pricesUpdated);
      },
      onError: (error) => {
        showServerFieldErrors(
          error,
          FIELDS.map((f) => f.name),
          form.setError,
        );
        toast.error(MSG.pricesFailed, { description: apiErrorText(error) });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Ticket Prices
        </h2>
        <CardDescription>Local passengers pay in MVR, foreigners in USD.</CardDescription>
      </CardHeader>
      <CardContent>
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
          </div>
          <div>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              {update.isPending ? 'Saving...' : 'Save Prices'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
