import { zodResolver } from '@hookform/resolvers/zod';
import { Save } from 'lucide-react';
import { useEffect, useId } from 'react';
import { type FieldPath, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { type LocationInput, locationInputSchema } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import type { Location } from '#shared/schemas.ts';
import { Button } from '#web/components/ui/button.tsx';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '#web/components/ui/dialog.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { DHIVEHI_FIELD } from '#web/i18n/operator-text.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
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
  const form = useForm<FormValues, unknown, LocationInput>({
    resolver: zodResolver(locationInputSchema),
    defaultValues: EMPTY,
  });
  const { errors } = form.formState;

  useEffect(() => {
    if (open) {
      form.reset(
        location
          ? { name: location.name, nameDv: location.nameDv, code: location.code, country: location.country }
          : EMPTY,
      );
      save.reset();
    }
  }, [open, location, form.reset, save.reset]);

  const onSubmit = form.handleSubmit((input) =>
    save.mutate(
      { id: location?.id ?? null, input },
      {
        onSuccess: () => {
          toast.success(location ? MSG.locationUpdated : MSG.locationAdded);
          onOpenChange(false);
        },
        onError: (error) => {
          const message = errorMessage(error);
          for (const [field, fieldMessage] of Object.entries(
            error instanceof ApiError ? (error.fields ?? {}) : {},
          )) {
            if (field in EMPTY) form.setError(field as FieldPath<FormValues>, { message: fieldMessage });
          }
          toast.error(MSG.locationSaveFailed, { description: message });
        },
      },
    ),
  );

  // Every field shares docs/product.md's one message, so it is said once for the whole form.
  const messages = [...new Set(FIELDS.map((f) => errors[f.name]?.message).filter(Boolean))];
  const serverMessage = save.error instanceof ApiError && !save.error.fields ? save.error.message : null;
  const errorId = `${id}-error`;

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{location ? 'Edit Location' : 'Add Location'}</DialogTitle>
          <DialogDescription>
            {location ? `Change the details of ${location.name}.` : 'A stop that schedules can visit.'}
          </DialogDescription>
        </DialogHeader>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          {FIELDS.map((field) => (
            <div key={field.name} className="grid gap-2">
              <Label htmlFor={`${id}-${field.name}`}>{field.label}</Label>
              <Input
                id={`${id}-${field.name}`}
                placeholder={field.placeholder}
                autoComplete="off"
                aria-invalid={errors[field.name] ? true : undefined}
                aria-describedby={errors[field.name] ? errorId : undefined}
                {...(field.dhivehi ? DHIVEHI_FIELD : {})}
                {...form.register(field.name)}
              />
            </div>
          ))}
          {messages.length > 0 || serverMessage ? (
            <p
              id={errorId}
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
            >
              {messages.length > 0 ? messages.join(' ') : serverMessage}
            </p>
          ) : null}
          <DialogFooter>
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? <Spinner /> : <Save aria-hidden="true" />}
              {save.isPending ? 'Saving...' : location ? 'Save Changes' : 'Add Location'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
