import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Save } from 'lucide-react';
import { useEffect, useId } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { paymentSettingsUpdateSchema } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import type { PublicSettings } from '#shared/schemas.ts';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useUpdatePaymentSettings } from './api.ts';
import { numericOrZero } from './numbers.ts';
import { showServerFieldErrors } from './server-errors.ts';
import { SettingsField } from './settings-field.tsx';

const schema = paymentSettingsUpdateSchema
  .pick({
    localAdultPrice: true,
    localChildPrice: true,
    foreignerAdultPrice: true,
    foreignerChildPrice: true,
  })
  .required();
type Output = z.output<typeof schema>;
type Values = z.input<typeof schema>;

const FIELDS = [
  { name: 'localAdultPrice', label: 'Local adult', currency: 'MVR' },
  { name: 'localChildPrice', label: 'Local child', currency: 'MVR' },
  { name: 'foreignerAdultPrice', label: 'Foreigner adult', currency: 'USD' },
  { name: 'foreignerChildPrice', label: 'Foreigner child', currency: 'USD' },
] as const satisfies readonly { name: keyof Values; label: string; currency: string }[];

const valuesOf = (s: PublicSettings): Values => ({
  localAdultPrice: s.localAdultPrice,
  localChildPrice: s.localChildPrice,
  foreignerAdultPrice: s.foreignerAdultPrice,
  foreignerChildPrice: s.foreignerChildPrice,
});

export function TicketPricesCard({ settings }: { settings: PublicSettings }) {
  const id = useId();
  const update = useUpdatePaymentSettings();
  const form = useForm<Values, unknown, Output>({
    resolver: zodResolver(schema),
    defaultValues: valuesOf(settings),
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (!form.formState.isDirty) form.reset(valuesOf(settings));
  }, [settings, form]);

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
        toast.error(MSG.pricesFailed, { description: error instanceof ApiError ? error.message : undefined });
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
              {update.isPending ? (
                <Loader2 aria-hidden="true" className="animate-spin" />
              ) : (
                <Save aria-hidden="true" />
              )}
              {update.isPending ? 'Saving...' : 'Save Prices'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
