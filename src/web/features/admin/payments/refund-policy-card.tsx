import { ArrowRight, Plus, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import { type UseFormRegisterReturn, useFieldArray, useWatch } from 'react-hook-form';
import { REFUND_POLICY_LIMITS, type RefundTier } from '#shared/refund-policy.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import {
  paymentSettingsUpdateSchema,
  REFUND_POLICY_MSG,
  refundPolicyInputSchema,
} from '#shared/setup-api.ts';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { type ServerFormToasts, useServerForm } from '#web/lib/server-form.ts';
import { useUpdatePaymentSettings } from './api.ts';
import { describeRefundPolicy } from './refund-policy-text.ts';
import { errorId } from './settings-field.tsx';

const schema = paymentSettingsUpdateSchema.pick({ refundPolicy: true }).required();
const TOASTS: ServerFormToasts = {
  saved: 'Refund policy updated successfully',
  failed: 'Failed to update refund policy',
};

/** The contract's limit (#shared/refund-policy.ts): more is refused with REFUND_POLICY_MSG.tooMany. */
const MAX_TIERS = REFUND_POLICY_LIMITS.maxTiers;

/** A tier below the last one: half its notice and half its share, a start the office adjusts. */
function nextTier(tiers: readonly RefundTier[]): RefundTier {
  const last = tiers[tiers.length - 1];
  if (!last) return { hoursBefore: 24, percent: 100 };
  const half = (n: number) => (Number.isFinite(n) ? Math.max(0, Math.floor(n / 2)) : 0);
  return { hoursBefore: half(last.hoursBefore), percent: half(last.percent) };
}

/** What a passenger's own cancellation gives back (docs/decisions/027); step 5 shows it. */
/** A tier's whole number (its hours of notice, its share back), with its problem's id when it has one. */
function TierNumber({
  id,
  max,
  error,
  registration,
}: {
  id: string;
  max: number;
  error: string | undefined;
  /** The form's hold on the number (an empty field reads as NaN, which the schema refuses). */
  registration: UseFormRegisterReturn;
}) {
  return (
    <Input
      id={id}
      type="number"
      inputMode="numeric"
      min={0}
      max={max}
      step={1}
      className="w-20 shrink-0 tabular-nums"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId(id) : undefined}
      {...registration}
    />
  );
}

export function RefundPolicyCard({ settings }: { settings: PaymentSettingsView }) {
  const id = useId();
  const update = useUpdatePaymentSettings();
  // Untouched, the card shows what the server holds (another tab saved, or this save came back).
  const { form, onSubmit, serverError } = useServerForm({
    schema,
    source: settings,
    save: update.mutate,
    toasts: TOASTS,
  });
  const tiers = useFieldArray({ control: form.control, name: 'refundPolicy' });
  const rows = tiers.fields;
  const values = useWatch({ control: form.control, name: 'refundPolicy' });
  const { errors, isSubmitted } = form.formState;
  const addButton = useRef<HTMLButtonElement>(null);

  // After the first save, the messages follow each change (a number typed, a tier added or
  // removed), the list's as well as its tiers': the order of the tiers is checked once each of
  // them reads well. Keyed by what the tiers read: a check alone changes nothing.
  const typed = JSON.stringify(values);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `typed` is the change checked again.
  useEffect(() => {
    if (isSubmitted) void form.trigger('refundPolicy');
  }, [typed, isSubmitted, form]);

  const preview = refundPolicyInputSchema.safeParse(values);
  const listError = errors.refundPolicy?.root?.message ?? errors.refundPolicy?.message;
  const listErrorId = `${id}-list-error`;
  const hoursId = (key: string) => `${id}-tier-${key}-hours`;
  const percentId = (key: string) => `${id}-tier-${key}-percent`;
  const asNumber = { valueAsNumber: true } as const;

  // The new row comes with its hours field focused.
  const add = () =>
    tiers.append(nextTier(form.getValues('refundPolicy')), {
      focusName: `refundPolicy.${rows.length}.hoursBefore`,
    });
  const remove = (index: number) => {
    tiers.remove(index);
    // Once React has drawn the change (the add button enabled again).
    requestAnimationFrame(() => addButton.current?.focus());
  };

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Cancellation refunds"
      description={`What passengers get back when they cancel a booking themselves, by how long before departure they cancel. Passengers see this before they submit a booking. Up to ${MAX_TIERS} tiers, the longest notice first.`}
      testId="refund-policy-card"
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
        {rows.length > 0 ? (
          <ol
            className="grid gap-3"
            aria-label="Refund tiers"
            aria-describedby={listError ? listErrorId : undefined}
          >
            {rows.map((row, index) => {
              const n = index + 1;
              const hoursError = errors.refundPolicy?.[index]?.hoursBefore?.message;
              const percentError = errors.refundPolicy?.[index]?.percent?.message;
              return (
                <li
                  key={row.id}
                  className="grid gap-2 rounded-xl border border-slate-200 p-3"
                  data-testid="refund-tier"
                >
                  {/* Two halves that wrap as wholes on a phone: the notice, then the share. */}
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-800">
                    <span className="flex min-w-0 items-center gap-2">
                      <label htmlFor={hoursId(row.id)} className="shrink-0">
                        <span className="sr-only">Tier {n}: </span>At least
                      </label>
                      <TierNumber
                        id={hoursId(row.id)}
                        max={REFUND_POLICY_LIMITS.maxHours}
                        error={hoursError}
                        registration={form.register(`refundPolicy.${index}.hoursBefore`, asNumber)}
                      />
                      <label htmlFor={hoursId(row.id)}>hours before departure</label>
                    </span>
                    <span className="flex items-center gap-2">
                      <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                      <TierNumber
                        id={percentId(row.id)}
                        max={REFUND_POLICY_LIMITS.maxPercent}
                        error={percentError}
                        registration={form.register(`refundPolicy.${index}.percent`, asNumber)}
                      />
                      <label htmlFor={percentId(row.id)}>
                        <span className="sr-only">Tier {n}: </span>% back
                      </label>
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ms-auto text-red-700 hover:text-red-800"
                      aria-label={`Remove tier ${n}`}
                      onClick={() => remove(index)}
                    >
                      <Trash2 aria-hidden="true" />
                      {/* A phone has room for the icon only; the button's name says it all. */}
                      <span className="max-sm:sr-only">Remove</span>
                    </Button>
                  </div>
                  {hoursError ? (
                    <p id={errorId(hoursId(row.id))} className="text-sm text-red-700">
                      {hoursError}
                    </p>
                  ) : null}
                  {percentError ? (
                    <p id={errorId(percentId(row.id))} className="text-sm text-red-700">
                      {percentError}
                    </p>
                  ) : null}
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-3 text-sm text-slate-700">
            No tiers: a cancellation gives nothing back.
          </p>
        )}
        {listError ? (
          <p id={listErrorId} role="alert" className="text-sm text-red-700">
            {listError}
          </p>
        ) : null}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={addButton}
            variant="outline"
            disabled={rows.length >= MAX_TIERS}
            aria-describedby={rows.length >= MAX_TIERS ? `${id}-max` : undefined}
            onClick={add}
          >
            <Plus aria-hidden="true" /> Add tier
          </Button>
          {rows.length >= MAX_TIERS ? (
            <p id={`${id}-max`} className="text-sm text-slate-600">
              {REFUND_POLICY_MSG.tooMany}.
            </p>
          ) : null}
        </div>
        <section
          aria-labelledby={`${id}-preview`}
          className="rounded-xl border border-sky-100 bg-sky-50/60 p-4"
        >
          <h3 id={`${id}-preview`} className="text-sm font-semibold text-sky-900">
            What passengers read
          </h3>
          <p className="mt-2 text-sm text-slate-800" aria-live="polite" data-testid="refund-preview">
            {preview.success
              ? describeRefundPolicy(preview.data)
              : 'Correct the tiers above to see the policy in words.'}
          </p>
        </section>
        <SaveButton saving={update.isPending} error={serverError}>
          Save Refund Policy
        </SaveButton>
      </form>
    </SettingsCard>
  );
}
