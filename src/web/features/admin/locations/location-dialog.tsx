import { Save } from 'lucide-react';
import { useId } from 'react';
import type { z } from 'zod';
import { MSG } from '#shared/messages/api.ts';
import type { Location } from '#shared/schemas.ts';
import { locationInputSchema } from '#shared/setup-api.ts';
import { FormDialog } from '#web/components/form-dialog.tsx';
import { FormField } from '#web/components/form-field.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { DHIVEHI_FIELD } from '#web/i18n/operator-text.ts';
import { errorMessage } from '#web/lib/api-client.ts';
import { useDialogForm } from '#web/lib/dialog-form.ts';
import { showServerFieldErrors } from '#web/lib/server-form.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveLocation } from './api.ts';

type FormValues = z.input<typeof locationInputSchema>;
const FIELDS: { name: keyof FormValues; label: string; placeholder: string; dhivehi?: true }[] = [
  { name: 'name', label: 'Name', placeholder: 'e.g. Maafushi' },
  // Shown to passengers reading Dhivehi; empty shows the name above.
  { name: 'nameDv', label: 'Name in Dhivehi (optional)', placeholder: 'e.g. މާފުށި', dhivehi: true },
  { name: 'code', label: 'Code', placeholder: 'e.g. MAF' },
  { name: 'country', label: 'Country', placeholder: 'e.g. Maldives' },
];
const FIELD_NAMES = FIELDS.map((field) => field.name);
const EMPTY: FormValues = { name: '', nameDv: '', code: '', country: '' };

type Props = {
  /** The location being edited; null adds a new one. */
  location: Location | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function LocationDialog({ location, open, onOpenChange }: Props) {
  const id = useId();
  const save = useSaveLocation();
  const form = useDialogForm({
    schema: locationInputSchema,
    open,
    subject: location,
    values: location
      ? { name: location.name, nameDv: location.nameDv, code: location.code, country: location.country }
      : EMPTY,
    request: save,
  });
  const { errors } = form.formState;

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { id: location?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(location ? MSG.locationUpdated : MSG.locationAdded);
          onOpenChange(false);
        },
        onError: (error) => {
          // A refusal about a field is said under it; any other in the form. The toast adds to both.
          if (!showServerFieldErrors(error, FIELD_NAMES, form.setError))
            form.setError('root', { message: errorMessage(error) });
          toast.error(MSG.locationSaveFailed, { description: errorMessage(error) });
        },
      },
    ),
  );

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={location ? 'Edit Location' : 'Add Location'}
      description={location ? `Change the details of ${location.name}.` : 'A stop that schedules can visit.'}
      onSubmit={onSubmit}
      error={errors.root?.message}
      pending={save.isPending}
      submitIcon={<Save aria-hidden="true" />}
      submitLabel={location ? 'Save Changes' : 'Add Location'}
      pendingLabel="Saving..."
    >
      {FIELDS.map((field) => (
        <FormField
          key={field.name}
          id={`${id}-${field.name}`}
          label={field.label}
          error={errors[field.name]?.message}
        >
          {(control) => (
            <Input
              {...control}
              placeholder={field.placeholder}
              autoComplete="off"
              {...(field.dhivehi ? DHIVEHI_FIELD : {})}
              {...form.register(field.name)}
            />
          )}
        </FormField>
      ))}
    </FormDialog>
  );
}
