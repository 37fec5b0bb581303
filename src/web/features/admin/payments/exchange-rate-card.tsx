import { ArrowRightLeft } from 'lucide-react';
import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import { MSG } from '#shared/messages/api.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import { paymentSettingsUpdateSchema } from '#shared/setup-api.ts';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { type ServerFormToasts, useServerForm } from '#web/lib/server-form.ts';
import { useUpdatePaymentSettings } from './api.ts';
import { numericOrZero, toMvr } from './numbers.ts';
import { SettingsField } from './settings-field.tsx';

const schema = paymentSettingsUpdateSchema.pick({ exchangeRate: true }).required();
const TOASTS: ServerFormToasts = { saved: MSG.rateUpdated, failed: MSG.rateFailed };

const usd = (value: string) => (Number.isFinite(Number(value)) ? Number(value).toFixed(2) : value);

export function ExchangeRateCard({ settings }: { settings: PaymentSettingsView }) {
  const id = useId();
  const update = useUpdatePaymentSettings();
  const { form, onSubmit, serverError } = useServerForm({
    schema,
    source: settings,
    save: update.mutate,
    toasts: TOASTS,
  });
  const { errors } = form.formState;
  const rate = useWatch({ control: form.control, name: 'exchangeRate' });

  const registered = form.register('exchangeRate');
  const previews = [
    { key: 'adult', label: 'Foreigner adult', usd: settings.foreignerAdultPrice },
    { key: 'child', label: 'Foreigner child', usd: settings.foreignerChildPrice },
  ];

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Currency Conversion"
      description="How many Maldivian rufiyaa one US dollar buys."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
        <SettingsField
          id={`${id}-rate`}
          label="Exchange rate (MVR per USD)"
          prefix="MVR"
          type="number"
          inputMode="decimal"
          min={0}
          step={0.01}
          error={errors.exchangeRate?.message}
          {...registered}
          onBlur={(event) => {
            form.setValue('exchangeRate', numericOrZero(event.target.value));
            return registered.onBlur(event);
          }}
        />
        <section
          aria-labelledby={`${id}-preview`}
          className="rounded-xl border border-sky-100 bg-sky-50/60 p-4"
        >
          <h3 id={`${id}-preview`} className="flex items-center gap-2 text-sm font-semibold text-sky-900">
            <ArrowRightLeft aria-hidden="true" className="size-4" />
            Foreigner prices in MVR
          </h3>
          <dl className="mt-3 grid gap-2 text-sm" aria-live="polite">
            {previews.map((p) => {
              const mvr = toMvr(p.usd, String(rate ?? ''));
              return (
                <div key={p.key} className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <dt className="text-slate-700">
                    {p.label} (USD {usd(p.usd)})
                  </dt>
                  <dd className="font-semibold text-slate-900 tabular-nums" data-testid={`preview-${p.key}`}>
                    {mvr === null ? '—' : `MVR ${mvr}`}
                  </dd>
                </div>
              );
            })}
          </dl>
        </section>
        <SaveButton saving={update.isPending} error={serverError}>
          Save Rate
        </SaveButton>
      </form>
    </SettingsCard>
  );
}
