import { ArrowDown, ArrowUp, EyeOff, Plus, RotateCcw, Trash2 } from 'lucide-react';
import { useId, useMemo, useRef } from 'react';
import { useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { HOME_CLAIM_LIMITS, HOME_CLAIMS, type HomeClaim } from '#shared/constants.ts';
import homeDv from '#shared/locales/dv/home.ts';
import { MSG } from '#shared/messages/api.ts';
import homeEn from '#shared/messages/home.ts';
import type { Branding } from '#shared/schemas.ts';
import { homeClaimsInputSchema, type PwaSettingsUpdate } from '#shared/setup-api.ts';
import { SaveButton, SettingsCard } from '#web/components/settings-card.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { DHIVEHI_FIELD } from '#web/i18n/operator-text.ts';
import { apiErrorText } from '#web/lib/api-client.ts';
import { type ServerFormToasts, useServerForm } from '#web/lib/server-form.ts';
import { toast } from '#web/lib/toast.ts';
import { useSaveBranding } from './api.ts';

const schema = z.object({ homeClaims: homeClaimsInputSchema.unwrap() });
const TOASTS: ServerFormToasts = { saved: MSG.homeClaimsSaved, failed: MSG.homeClaimsSaveFailed };
type Editable = { homeClaims: HomeClaim[] };

/** The defaults as the home page words them (its catalogues), a start the operator can edit. */
const DEFAULT_CLAIMS: HomeClaim[] = HOME_CLAIMS.map(({ value, label }) => {
  const key = label.slice('home.'.length) as keyof typeof homeEn;
  return { value, label: homeEn[key], labelDv: homeDv[key] };
});

const editable = (branding: Branding): Editable => ({ homeClaims: branding.homeClaims ?? DEFAULT_CLAIMS });

function shown(claims: Branding['homeClaims']): string {
  if (claims === null) return 'The home page shows the default claims.';
  if (claims.length === 0) return 'The home page shows no claims.';
  return `The home page shows your ${claims.length === 1 ? 'claim' : `${claims.length} claims`}.`;
}

/** The home page's claims ('20+ Daily routes'...): the operator's own, the defaults, or none. */
export function HomeClaimsCard({ branding }: { branding: Branding }) {
  const id = useId();
  const save = useSaveBranding();
  const source = useMemo(() => editable(branding), [branding]);
  const { form, onSubmit } = useServerForm({
    schema,
    source,
    save: (values, callbacks) =>
      save.mutate(values, {
        onSuccess: (saved) => callbacks.onSuccess(editable(saved)),
        onError: callbacks.onError,
      }),
    toasts: TOASTS,
    mode: 'onTouched',
  });
  const claims = useFieldArray({ control: form.control, name: 'homeClaims' });
  const rows = claims.fields;
  const { errors } = form.formState;
  const addButton = useRef<HTMLButtonElement>(null);
  const full = rows.length >= HOME_CLAIM_LIMITS.claims;

  /** Hide all, or back to the defaults: saved at once. */
  const saveNow = (homeClaims: PwaSettingsUpdate['homeClaims'], done: string) =>
    save.mutate(
      { homeClaims },
      {
        onSuccess: (saved) => {
          form.reset(editable(saved));
          toast.success(done);
        },
        onError: (error) => toast.error(TOASTS.failed, { description: apiErrorText(error) }),
      },
    );

  const field = (index: number, name: keyof HomeClaim) => {
    const inputId = `${id}-${index}-${name}`;
    const error = errors.homeClaims?.[index]?.[name]?.message;
    return {
      inputId,
      error,
      props: {
        id: inputId,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? `${inputId}-error` : undefined,
        ...form.register(`homeClaims.${index}.${name}`),
      },
    };
  };

  return (
    <SettingsCard
      titleId={`${id}-title`}
      title="Home page claims"
      testId="home-claims-card"
      description={`The figures under the welcome on the home page, such as “20+ Daily routes”. Up to ${HOME_CLAIM_LIMITS.claims} claims: a value of at most ${HOME_CLAIM_LIMITS.value} characters and a label of at most ${HOME_CLAIM_LIMITS.label}, in English and, if you like, in Dhivehi (empty shows the English one).`}
    >
      <form onSubmit={onSubmit} noValidate aria-labelledby={`${id}-title`} className="grid gap-4">
        <p className="text-sm font-medium text-slate-800" data-testid="home-claims-status">
          {shown(branding.homeClaims)}
        </p>
        {rows.length > 0 ? (
          <ol className="grid gap-3" aria-label="Claims">
            {rows.map((row, index) => {
              const n = index + 1;
              const value = field(index, 'value');
              const label = field(index, 'label');
              const labelDv = field(index, 'labelDv');
              return (
                <li key={row.id} className="grid gap-3 rounded-xl border border-slate-200 p-3">
                  <div className="grid gap-3 md:grid-cols-[8rem_minmax(0,1fr)_minmax(0,1fr)]">
                    <div className="grid content-start gap-1.5">
                      <Label htmlFor={value.inputId}>Claim {n}: value</Label>
                      <Input spellCheck={false} {...value.props} />
                    </div>
                    <div className="grid content-start gap-1.5">
                      <Label htmlFor={label.inputId}>Claim {n}: label</Label>
                      <Input {...label.props} />
                    </div>
                    <div className="grid content-start gap-1.5">
                      <Label htmlFor={labelDv.inputId}>Claim {n}: label in Dhivehi</Label>
                      <Input {...labelDv.props} {...DHIVEHI_FIELD} />
                    </div>
                  </div>
                  {[value, label, labelDv].map((f) =>
                    f.error ? (
                      <p key={f.inputId} id={`${f.inputId}-error`} className="text-sm text-red-700">
                        {f.error}
                      </p>
                    ) : null,
                  )}
                  <div className="flex flex-wrap gap-2">
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={index === 0}
                      aria-label={`Move claim ${n} up`}
                      onClick={() => claims.move(index, index - 1)}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      disabled={index === rows.length - 1}
                      aria-label={`Move claim ${n} down`}
                      onClick={() => claims.move(index, index + 1)}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                    <Button
                      variant="ghost"
                      size="sm"
                      className="ms-auto text-red-700 hover:text-red-800"
                      aria-label={`Remove claim ${n}`}
                      onClick={() => {
                        claims.remove(index);
                        requestAnimationFrame(() => addButton.current?.focus());
                      }}
                    >
                      <Trash2 aria-hidden="true" />
                      <span className="max-sm:sr-only">Remove</span>
                    </Button>
                  </div>
                </li>
              );
            })}
          </ol>
        ) : (
          <p className="rounded-xl border border-dashed border-slate-300 p-3 text-sm text-slate-700">
            No claims: saved like this, the home page shows none.
          </p>
        )}
        <div className="flex flex-wrap items-center gap-3">
          <Button
            ref={addButton}
            variant="outline"
            disabled={full}
            aria-describedby={full ? `${id}-max` : undefined}
            onClick={() =>
              claims.append(
                { value: '', label: '', labelDv: '' },
                { focusName: `homeClaims.${rows.length}.value` },
              )
            }
          >
            <Plus aria-hidden="true" /> Add claim
          </Button>
          {full ? (
            <p id={`${id}-max`} className="text-sm text-slate-600">
              {MSG.homeClaimsTooMany}.
            </p>
          ) : null}
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <SaveButton saving={save.isPending}>Save Claims</SaveButton>
          <Button
            variant="outline"
            disabled={save.isPending || branding.homeClaims?.length === 0}
            onClick={() => saveNow([], 'The home page shows no claims')}
          >
            <EyeOff aria-hidden="true" /> Hide all
          </Button>
          <Button
            variant="outline"
            disabled={save.isPending || branding.homeClaims === null}
            onClick={() => saveNow(null, 'The home page shows the default claims')}
          >
            <RotateCcw aria-hidden="true" /> Restore defaults
          </Button>
        </div>
      </form>
    </SettingsCard>
  );
}
