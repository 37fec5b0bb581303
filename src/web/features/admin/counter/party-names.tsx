import { NATIONALITIES } from '#shared/constants.ts';
import { Field, InputField } from '#web/components/sale/field.tsx';
import type { PersonNames, PersonSlot } from '#web/components/sale/party-slots.ts';
import { NativeSelect } from '#web/components/ui/native-select.tsx';

/*
 * The counter may name every person of a sale (docs/decisions/035-every-person-named.md): the
 * passenger named above is the contact, the first person; the others are optional, all or none.
 */

export function PartyNames({
  slots,
  names,
  contactNationality,
  onChange,
  error,
}: {
  slots: readonly PersonSlot[];
  names: PersonNames;
  contactNationality: string;
  onChange: (names: PersonNames) => void;
  error?: string | undefined;
}) {
  if (slots.length === 0) return null;
  const set = (key: string, change: Partial<{ name: string; nationality: string }>) =>
    onChange({
      ...names,
      [key]: { name: '', nationality: contactNationality, ...names[key], ...change },
    });
  return (
    <details
      open={Boolean(error) || undefined}
      className="rounded-lg border border-slate-200 bg-white sm:col-span-2"
    >
      <summary
        id="counter-persons"
        tabIndex={-1}
        className="cursor-pointer px-3 py-2.5 text-sm font-medium text-slate-800"
      >
        Name the other {slots.length === 1 ? 'person' : `${slots.length} persons`} (optional)
      </summary>
      <div className="space-y-3 px-3 pb-3">
        {error && (
          <p role="alert" className="text-sm text-red-800">
            {error}
          </p>
        )}
        <ul className="space-y-3">
          {slots.map((slot) => (
            <li key={slot.key} className="grid grid-cols-1 gap-2 sm:grid-cols-2">
              <InputField
                id={`counter-person-${slot.key}`}
                label={`Name, ${slot.label.toLowerCase()}`}
                value={names[slot.key]?.name ?? ''}
                onValue={(name) => set(slot.key, { name })}
              />
              <Field
                id={`counter-person-${slot.key}-nationality`}
                label={`Nationality, ${slot.label.toLowerCase()}`}
              >
                <NativeSelect
                  value={names[slot.key]?.nationality ?? contactNationality}
                  onChange={(e) => set(slot.key, { nationality: e.target.value })}
                >
                  {NATIONALITIES.map((n) => (
                    <option key={n} value={n}>
                      {n}
                    </option>
                  ))}
                </NativeSelect>
              </Field>
            </li>
          ))}
        </ul>
      </div>
    </details>
  );
}
