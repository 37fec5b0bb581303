import { ArrowRight, Plus, Trash2 } from 'lucide-react';
import { type FormEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { REFUND_POLICY_LIMITS, type RefundPolicy } from '#shared/refund-policy.ts';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import { REFUND_POLICY_MSG, refundPolicyInputSchema } from '#shared/setup-api.ts';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { ApiError, apiErrorText } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useUpdatePaymentSettings } from './api.ts';
import { describeRefundPolicy } from './refund-policy-text.ts';
import { errorId } from './settings-field.tsx';

// Plain React state rather than react-hook-form: its useFieldArray would land in the chunk the
// passenger's wizard shares with the admin (react-hook-form is one module), 1.5 KB gzipped.

/** The contract's limit (#shared/refund-policy.ts): more is refused with REFUND_POLICY_MSG.tooMany. */
const MAX_TIERS = REFUND_POLICY_LIMITS.maxTiers;

type Row = { key: number; hours: string; percent: string };

const asNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const tiersOf = (rows: Row[]) =>
  rows.map((row) => ({ hoursBefore: asNumber(row.hours), percent: asNumber(row.percent) }));

/**
 * The same check as the server's (the schema of the save), each field's first message keyed
 * as the API keys them: 'refundPolicy.0.hoursBefore', and 'refundPolicy' for the list itself.
 */
function check(rows: Row[]): { policy: RefundPolicy | null; errors: Record<string, string> } {
  const result = refundPolicyInputSchema.safeParse(tiersOf(rows));
  if (result.success) return { policy: result.data, errors: {} };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    errors[['refundPolicy', ...issue.path.map(String)].join('.')] ??= issue.message;
  }
  return { policy: null, errors };
}

/** A tier below the last one: half its notice and half its share, a start the office adjusts. */
function nextTier(rows: Row[]): Omit<Row, 'key'> {
  const last = rows[rows.length - 1];
  if (!last) return { hours: '24', percent: '100' };
  const half = (text: string) => {
    const n = asNumber(text);
    return String(Number.isFinite(n) ? Math.max(0, Math.floor(n / 2)) : 0);
  };
  return { hours: half(last.hours), percent: half(last.percent) };
}

/** What a passenger's own cancellation gives back (docs/decisions/027); step 5 shows it. */
/** A tier's whole number (its hours of notice, its share back), with its problem's id when it has one. */
function TierNumber({
  id,
  max,
  value,
  error,
  onChange,
}: {
  id: string;
  max: number;
  value: string;
  error: string | undefined;
  onChange: (value: string) => void;
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
      value={value}
      onChange={(event) => onChange(event.target.value)}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId(id) : undefined}
    />
  );
}

export function RefundPolicyCard({ settings }: { settings: PaymentSettingsView }) {
  const id = useId();
  const update = useUpdatePaymentSettings();
  const keys = useRef(0);
  const rowsOf = (policy: RefundPolicy): Row[] =>
    policy.map((tier) => ({
      key: keys.current++,
      hours: String(tier.hoursBefore),
      percent: String(tier.percent),
    }));
  const [rows, setRows] = useState(() => rowsOf(settings.refundPolicy));
  const [dirty, setDirty] = useState(false);
  // After the first save, the messages follow the typing (as the other cards' forms do).
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const addButton = useRef<HTMLButtonElement>(null);

  // Untouched, the card shows what the server holds (another tab saved, or this save came back).
  // biome-ignore lint/correctness/useExhaustiveDependencies: rowsOf only numbers the rows.
  useEffect(() => {
    if (!dirty) setRows(rowsOf(settings.refundPolicy));
  }, [settings, dirty]);

  const checked = useMemo(() => check(rows), [rows]);
  const errors = { ...(submitted ? checked.errors : {}), ...serverErrors };
  const listError = errors.refundPolicy;
  const listErrorId = `${id}-list-error`;
  const hoursId = (row: Row) => `${id}-tier-${row.key}-hours`;
  const percentId = (row: Row) => `${id}-tier-${row.key}-percent`;

  const edit = (next: Row[]) => {
    setRows(next);
    setDirty(true);
    setServerErrors({});
  };
  const change = (key: number, field: 'hours' | 'percent', value: string) =>
    edit(rows.map((row) => (row.key === key ? { ...row, [field]: value } : row)));
  // Focus moves once React has drawn the change (a new row, or the add button enabled again).
  const focusLater = (elementId: string) =>
    requestAnimationFrame(() => document.getElementById(elementId)?.focus());

  const add = () => {
    const row = { key: keys.current++, ...nextTier(rows) };
    edit([...rows, row]);
    focusLater(hoursId(row));
  };
  const remove = (key: number) => {
    edit(rows.filter((row) => row.key !== key));
    requestAnimationFrame(() => addButton.current?.focus());
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (!checked.policy) {
      const firstInvalid = rows
        .flatMap((row, i) => [
          { field: `refundPolicy.${i}.hoursBefore`, elementId: hoursId(row) },
          { field: `refundPolicy.${i}.percent`, elementId: percentId(row) },
        ])
        .find(({ field }) => checked.errors[field]);
      if (firstInvalid) document.getElementById(firstInvalid.elementId)?.focus();
      return;
    }
    update.mutate(
      { refundPolicy: checked.policy },
      {
        onSuccess: () => {
          // Untouched again: the effect above shows what the server kept.
          setDirty(false);
          setSubmitted(false);
          toast.success('Refund policy updated successfully');
        },
        onError: (error) => {
          // The form checks what the server does; a refusal here is a rule the page did not know.
          if (error instanceof ApiError && error.fields) setServerErrors(error.fields);
          toast.error('Failed to update refund policy', { description: apiErrorText(error) });
        },
      },
    );
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
              const hoursError = errors[`refundPolicy.${index}.hoursBefore`];
              const percentError = errors[`refundPolicy.${index}.percent`];
              return (
                <li
                  key={row.key}
                  className="grid gap-2 rounded-xl border border-slate-200 p-3"
                  data-testid="refund-tier"
                >
                  {/* Two halves that wrap as wholes on a phone: the notice, then the share. */}
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-2 text-sm text-slate-800">
                    <span className="flex min-w-0 items-center gap-2">
                      <label htmlFor={hoursId(row)} className="shrink-0">
                        <span className="sr-only">Tier {n}: </span>At least
                      </label>
                      <TierNumber
                        id={hoursId(row)}
                        max={REFUND_POLICY_LIMITS.maxHours}
                        value={row.hours}
                        error={hoursError}
                        onChange={(value) => change(row.key, 'hours', value)}
                      />
                      <label htmlFor={hoursId(row)}>hours before departure</label>
                    </span>
                    <span className="flex items-center gap-2">
                      <ArrowRight aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                      <TierNumber
                        id={percentId(row)}
                        max={REFUND_POLICY_LIMITS.maxPercent}
                        value={row.percent}
                        error={percentError}
                        onChange={(value) => change(row.key, 'percent', value)}
                      />
                      <label htmlFor={percentId(row)}>
                        <span className="sr-only">Tier {n}: </span>% back
                      </label>
                    </span>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ms-auto text-red-700 hover:text-red-800"
                      aria-label={`Remove tier ${n}`}
                      onClick={() => remove(row.key)}
                    >
                      <Trash2 aria-hidden="true" />
                      {/* A phone has room for the icon only; the button's name says it all. */}
                      <span className="max-sm:sr-only">Remove</span>
                    </Button>
                  </div>
                  {hoursError ? (
                    <p id={errorId(hoursId(row))} className="text-sm text-red-700">
                      {hoursError}
                    </p>
                  ) : null}
                  {percentError ? (
                    <p id={errorId(percentId(row))} className="text-sm text-red-700">
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
            {checked.policy
              ? describeRefundPolicy(checked.policy)
              : 'Correct the tiers above to see the policy in words.'}
          </p>
        </section>
        <SaveButton saving={update.isPending}>Save Refund Policy</SaveButton>
      </form>
    </SettingsCard>
  );
}
