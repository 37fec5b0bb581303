import { useId } from 'react';
import type { z } from 'zod';
import { CONTACT_PHONE_MAX, DEFAULT_CONTACT } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { Branding } from '#shared/schemas.ts';
import { pwaSettingsUpdateSchema } from '#shared/setup-api.ts';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { type ServerFormToasts, useServerForm } from '#web/lib/server-form.ts';
import { useSaveBranding } from './api.ts';

const schema = pwaSettingsUpdateSchema
  .pick({ contactPhone: true, bookingEmail: true, supportEmail: true })
  .required();
const TOASTS: ServerFormToasts = { saved: MSG.contactSaved, failed: MSG.contactSaveFailed };
type Values = z.input<typeof schema>;
type Field = keyof Values;

const FIELDS: { name: Field; label: string; type: 'tel' | 'email'; autoComplete: string; hint: string }[] = [
  {
    name: 'contactPhone',
    label: 'Phone',
    type: 'tel',
    autoComplete: 'tel',
    hint: `Digits, spaces and + ( ) -, at most ${CONTACT_PHONE_MAX} characters.`,
  },
  {
    name: 'bookingEmail',
    label: 'Booking e-mail',
    type: 'email',
    autoComplete: 'email',
    hint: 'Shown in the site footer.',
  },
  {
    name: 'supportEmail',
    label: 'Support e-mail',
    type: 'email',
    autoComplete: 'email',
    hint: 'Shown in the footer and on the Check Booking help card.',
  },
];

/** The operator's phone and e-mail addresses of the footer and the lookup help card (docs/product.md section 1). */
export function ContactDetailsCard({ branding }: { branding: Branding }) {
  const id = useId();
  const save = useSaveBranding();
  const { form, onSubmit, serverError } = useServerForm({
    schema,
    source: branding,
    save: save.mutate,
    toasts: TOASTS,
    mode: 'onTouched',
  });
  const { errors } = form.formState;

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Contact details"
      description="How passengers reach you: shown in the site footer, on the Check Booking help card and when payment details are missing. Leave a field empty to go back to the default."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-5">
        <div className="grid gap-5 md:grid-cols-3">
          {FIELDS.map((field) => {
            const inputId = `${id}-${field.name}`;
            const error = errors[field.name]?.message;
            return (
              <div key={field.name} className="grid content-start gap-2">
                <Label htmlFor={inputId}>{field.label}</Label>
                <Input
                  id={inputId}
                  type={field.type}
                  inputMode={field.type}
                  autoComplete={field.autoComplete}
                  spellCheck={false}
                  placeholder={DEFAULT_CONTACT[field.name]}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={`${inputId}-hint${error ? ` ${inputId}-error` : ''}`}
                  {...form.register(field.name)}
                />
                <p id={`${inputId}-hint`} className="text-xs text-slate-600">
                  {field.hint}
                </p>
                {error ? (
                  <p id={`${inputId}-error`} className="text-sm text-red-700">
                    {error}
                  </p>
                ) : null}
              </div>
            );
          })}
        </div>
        <SaveButton saving={save.isPending} error={serverError}>
          Save Contact Details
        </SaveButton>
      </form>
    </SettingsCard>
  );
}
