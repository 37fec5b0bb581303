import { Save } from 'lucide-react';
import { useId } from 'react';
import type { z } from 'zod';
import { CONTACT_PHONE_MAX, DEFAULT_CONTACT } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { Branding } from '#shared/schemas.ts';
import { pwaSettingsUpdateSchema } from '#shared/setup-api.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader } from '#web/components/ui/card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { apiErrorText } from '#web/lib/api-client.ts';
import { showServerFieldErrors, useServerForm } from '#web/lib/server-form.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveBranding } from './api.ts';

const schema = pwaSettingsUpdateSchema
  .pick({ contactPhone: true, bookingEmail: true, supportEmail: true })
  .required();
type Values = z.input<typeof schema>;
type Field = keyof Values;

const valuesOf = (b: Branding): Values => ({
  contactPhone: b.contactPhone,
  bookingEmail: b.bookingEmail,
  supportEmail: b.supportEmail,
});

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
  const form = useServerForm({ schema, source: branding, valuesOf, mode: 'onTouched' });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((contact) =>
    save.mutate(contact, {
      onSuccess: (saved) => {
        form.reset(valuesOf(saved));
        toast.success(MSG.contactSaved);
      },
      onError: (error) => {
        showServerFieldErrors(
          error,
          FIELDS.map((field) => field.name),
          form.setError,
        );
        toast.error(MSG.contactSaveFailed, {
          description: apiErrorText(error),
        });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
          Contact details
        </h2>
        <CardDescription>
          How passengers reach you: shown in the site footer, on the Check Booking help card and when payment
          details are missing. Leave a field empty to go back to the default.
        </CardDescription>
      </CardHeader>
      <CardContent>
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
          <div>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              {save.isPending ? 'Saving...' : 'Save Contact Details'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
