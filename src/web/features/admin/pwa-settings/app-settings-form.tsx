import { Ship } from 'lucide-react';
import { useId } from 'react';
import { type Control, type UseFormRegister, useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { PWA_SHORT_NAME_MAX } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { Branding } from '#shared/schemas.ts';
import { pwaSettingsUpdateSchema } from '#shared/setup-api.ts';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { type ServerFormToasts, useServerForm } from '#web/lib/server-form.ts';
import { cn } from '#web/lib/utils.ts';
import { useSaveBranding } from './api.ts';

// The contact details have their own card (contact-details-card.tsx).
const schema = pwaSettingsUpdateSchema
  .pick({ appName: true, shortName: true, themeColor: true, backgroundColor: true })
  .required();
const TOASTS: ServerFormToasts = { saved: MSG.settingsSaved, failed: MSG.pwaSaveFailed };
type Values = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = ['appName', 'shortName', 'themeColor', 'backgroundColor'] as const;

const COLOURS = [
  { name: 'themeColor', label: 'Theme colour' },
  { name: 'backgroundColor', label: 'Background colour' },
] as const;

/** `<input type="color">` takes only #rrggbb; #abc is widened, anything else shows black. */
function toPickerValue(hex: string): string {
  const value = hex.trim();
  if (/^#[0-9a-f]{6}$/i.test(value)) return value.toLowerCase();
  if (/^#[0-9a-f]{3}$/i.test(value)) {
    return `#${[...value.slice(1)].map((c) => c + c).join('')}`.toLowerCase();
  }
  return '#000000';
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  ) : null;
}

function ColourField({
  id,
  name,
  label,
  control,
  register,
  error,
  onPick,
}: {
  id: string;
  name: 'themeColor' | 'backgroundColor';
  label: string;
  control: Control<Values, unknown, Output>;
  register: UseFormRegister<Values>;
  error: string | undefined;
  onPick: (value: string) => void;
}) {
  const value = useWatch({ control, name }) ?? '';
  return (
    <div className="grid content-start gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={toPickerValue(value)}
          onChange={(e) => onPick(e.target.value)}
          className="h-11 w-14 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-sky-600"
        />
        <Input
          id={id}
          className="font-mono"
          spellCheck={false}
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          {...register(name)}
        />
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

export function AppSettingsForm({ branding }: { branding: Branding }) {
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
  const [appName, shortName, themeColor, backgroundColor] = useWatch({ control: form.control, name: FIELDS });
  const shortLength = (shortName ?? '').length;

  const pick = (name: 'themeColor' | 'backgroundColor') => (value: string) =>
    form.setValue(name, value, { shouldDirty: true, shouldValidate: true });

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="App Configuration"
      description="The name and colours of the installed app and the site."
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-5">
        <div className="grid gap-5 sm:grid-cols-2">
          <div className="grid content-start gap-2">
            <Label htmlFor={`${id}-appName`}>App name</Label>
            <Input
              id={`${id}-appName`}
              autoComplete="off"
              aria-invalid={errors.appName ? true : undefined}
              aria-describedby={errors.appName ? `${id}-appName-error` : undefined}
              {...form.register('appName')}
            />
            <FieldError id={`${id}-appName-error`} message={errors.appName?.message} />
          </div>
          <div className="grid content-start gap-2">
            <div className="flex items-baseline justify-between gap-2">
              <Label htmlFor={`${id}-shortName`}>Short name</Label>
              <span
                id={`${id}-shortName-count`}
                className={cn(
                  'text-xs tabular-nums',
                  shortLength > PWA_SHORT_NAME_MAX ? 'font-semibold text-red-700' : 'text-slate-600',
                )}
              >
                {shortLength}/{PWA_SHORT_NAME_MAX}
                <span className="sr-only"> characters</span>
              </span>
            </div>
            <Input
              id={`${id}-shortName`}
              autoComplete="off"
              aria-invalid={errors.shortName ? true : undefined}
              aria-describedby={[`${id}-shortName-count`, errors.shortName ? `${id}-shortName-error` : '']
                .join(' ')
                .trim()}
              {...form.register('shortName')}
            />
            <FieldError id={`${id}-shortName-error`} message={errors.shortName?.message} />
          </div>
          {COLOURS.map(({ name, label }) => (
            <ColourField
              key={name}
              id={`${id}-${name}`}
              name={name}
              label={label}
              control={form.control}
              register={form.register}
              error={errors[name]?.message}
              onPick={pick(name)}
            />
          ))}
        </div>

        <div className="grid gap-2">
          <p className="text-sm font-medium text-slate-800">Preview</p>
          <div
            className="flex items-center gap-3 rounded-xl border border-slate-200 p-4"
            style={{ backgroundColor: toPickerValue(backgroundColor ?? '') }}
          >
            <span
              className="grid size-12 shrink-0 place-items-center rounded-2xl text-white shadow-sm"
              style={{ backgroundColor: toPickerValue(themeColor ?? '') }}
              aria-hidden="true"
            >
              <Ship className="size-6" />
            </span>
            <span className="min-w-0 rounded-lg bg-white/90 px-2 py-1">
              <span className="block truncate text-sm font-semibold text-slate-900">{appName || '—'}</span>
              <span className="block truncate text-xs text-slate-700">{shortName || '—'}</span>
            </span>
          </div>
        </div>

        <SaveButton saving={save.isPending} error={serverError}>
          Save Settings
        </SaveButton>
      </form>
    </SettingsCard>
  );
}
