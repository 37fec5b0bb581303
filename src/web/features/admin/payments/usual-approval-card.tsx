import { useId } from 'react';
import { useWatch } from 'react-hook-form';
import type { PaymentSettingsView } from '#shared/schemas.ts';
import { paymentSettingsUpdateSchema, USUAL_APPROVAL_LIMITS } from '#shared/setup-api.ts';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { type ServerFormToasts, useServerForm } from '#web/lib/server-form.ts';
import { useUpdatePaymentSettings } from './api.ts';
import { SettingsField } from './settings-field.tsx';

const schema = paymentSettingsUpdateSchema.pick({ usualApprovalMinutes: true }).required();
const TOASTS: ServerFormToasts = {
  saved: 'Usual approval time updated successfully',
  failed: 'Failed to update the usual approval time',
};

/** 90 -> '1 hour 30 minutes', as the passengers' English pages say it. */
export function describeMinutes(total: number): string {
  const hours = Math.floor(total / 60);
  const minutes = total % 60;
  const h = hours === 1 ? '1 hour' : `${hours} hours`;
  const m = minutes === 1 ? '1 minute' : `${minutes} minutes`;
  return hours === 0 ? m : minutes === 0 ? h : `${h} ${m}`;
}

/**
 * How long a payment slip usually waits for the office: passengers read it once their slip is
 * in (the confirmation, Check Your Booking), so it should say what the office really manages.
 */
export function UsualApprovalCard({ settings }: { settings: PaymentSettingsView }) {
  const id = useId();
  const update = useUpdatePaymentSettings();
  const { form, onSubmit } = useServerForm({ schema, source: settings, save: update.mutate, toasts: TOASTS });
  const { errors } = form.formState;
  const minutes = useWatch({ control: form.control, name: 'usualApprovalMinutes' });
  const valid =
    Number.isInteger(minutes) && minutes >= USUAL_APPROVAL_LIMITS.min && minutes <= USUAL_APPROVAL_LIMITS.max;

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Usual Approval Time"
      description="How long a payment slip usually waits before the office approves the booking."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
        <SettingsField
          id={`${id}-minutes`}
          label="Usual time to approval (minutes)"
          type="number"
          inputMode="numeric"
          min={USUAL_APPROVAL_LIMITS.min}
          max={USUAL_APPROVAL_LIMITS.max}
          step={1}
          error={errors.usualApprovalMinutes?.message}
          hint={
            valid
              ? `Passengers read: “Slip received, being checked — usually approved within ${describeMinutes(minutes)}”.`
              : `Whole minutes from ${USUAL_APPROVAL_LIMITS.min} to ${USUAL_APPROVAL_LIMITS.max} (a week).`
          }
          {...form.register('usualApprovalMinutes', { valueAsNumber: true })}
        />
        <SaveButton saving={update.isPending}>Save Approval Time</SaveButton>
      </form>
    </SettingsCard>
  );
}
