import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { STATEMENT_MSG } from '#shared/messages/staff.ts';
import { type StatementSettings, statementSettingsSchema } from '#shared/statements.ts';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { Checkbox } from '#web/components/ui/checkbox.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { type ServerFormToasts, useServerForm } from '#web/lib/server-form.ts';
import { statementSettingsQuery, useUpdateStatementSettings } from './api.ts';

const TOASTS: ServerFormToasts = { saved: STATEMENT_MSG.settingsSaved, failed: STATEMENT_MSG.settingsFailed };

function ToleranceField({
  id,
  currency,
  error,
  registered,
}: {
  id: string;
  currency: string;
  error: string | undefined;
  registered: UseFormRegisterReturn;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>In {currency}</Label>
      <div className="relative">
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-y-0 left-3 flex items-center text-xs font-semibold text-slate-500"
        >
          {currency}
        </span>
        <Input
          id={id}
          inputMode="decimal"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="pl-12"
          {...registered}
        />
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A whole number of hours or a percentage, with its unit beside it and its error under it. */
function NumberField({
  id,
  label,
  unit,
  error,
  registered,
}: {
  id: string;
  label: string;
  unit: string;
  error: string | undefined;
  registered: UseFormRegisterReturn;
}) {
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <Input
          id={id}
          inputMode="numeric"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-unit`}
          className="w-24"
          {...registered}
        />
        <span id={`${id}-unit`} className="text-sm text-slate-600">
          {unit}
        </span>
      </div>
      {error ? (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function SettingsForm({ settings }: { settings: StatementSettings }) {
  const id = useId();
  const update = useUpdateStatementSettings();
  const { form, onSubmit, serverError } = useServerForm({
    schema: statementSettingsSchema,
    source: settings,
    save: update.mutate,
    toasts: TOASTS,
  });
  const { errors } = form.formState;
  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Statement settings"
      description="What a matched line does, and how far short of the total a bank’s fee may leave it."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
        <Checkbox
          id={`${id}-approve`}
          label="Approve matched payments"
          description="A line with a waiting booking’s reference and total approves the booking and sends its e-ticket, as approving by hand does. Off: the payment is marked verified and the booking waits for a person."
          {...form.register('approveMatched')}
        />
        <fieldset className="grid gap-2" aria-describedby={`${id}-tolerance-hint`}>
          <legend className="mb-1 text-sm font-medium text-slate-800">Bank fee tolerance</legend>
          <p id={`${id}-tolerance-hint`} className="text-xs text-slate-600">
            How far short of the total a line may fall and still pay its booking. 0: only the exact total.
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <ToleranceField
              id={`${id}-mvr`}
              currency="MVR"
              error={errors.feeToleranceMvr?.message}
              registered={form.register('feeToleranceMvr')}
            />
            <ToleranceField
              id={`${id}-usd`}
              currency="USD"
              error={errors.feeToleranceUsd?.message}
              registered={form.register('feeToleranceUsd')}
            />
          </div>
        </fieldset>
        <fieldset className="grid gap-3" aria-describedby={`${id}-later-hint`}>
          <legend className="mb-1 text-sm font-medium text-slate-800">Pay later by transfer</legend>
          <p id={`${id}-later-hint`} className="text-xs text-slate-600">
            Passengers may book without a slip and pay by transfer with their reference as the remark; the
            statement confirms it. Unpaid bookings are reminded before their hold ends and then released.
          </p>
          <Checkbox
            id={`${id}-later`}
            label="Offer paying later"
            description="Off: every booking needs its payment slip, as before."
            {...form.register('payLaterEnabled')}
          />
          <div className="grid gap-4">
            <NumberField
              id={`${id}-hold`}
              label="Seats held for"
              unit="hours"
              error={errors.payLaterHoldHours?.message}
              registered={form.register('payLaterHoldHours')}
            />
            <NumberField
              id={`${id}-cutoff`}
              label="Ending at the latest"
              unit="hours before departure"
              error={errors.payLaterCutoffHours?.message}
              registered={form.register('payLaterCutoffHours')}
            />
            <NumberField
              id={`${id}-share`}
              label="At most"
              unit="% of a departure’s seats"
              error={errors.payLaterMaxSharePercent?.message}
              registered={form.register('payLaterMaxSharePercent')}
            />
          </div>
        </fieldset>
        <SaveButton saving={update.isPending} error={serverError}>
          Save statement settings
        </SaveButton>
      </form>
    </SettingsCard>
  );
}

/** The statement settings, once read. */
export function StatementSettingsCard() {
  const settings = useQuery(statementSettingsQuery);
  if (settings.isPending) return <Skeleton className="h-72 rounded-2xl" />;
  if (settings.isError) return <ErrorNote error={settings.error} />;
  return <SettingsForm settings={settings.data} />;
}
