import { NATIONALITIES } from '#shared/constants.ts';
import type { Language } from '#shared/languages.ts';
import { ChoiceGroup } from '#web/components/sale/choice-group.tsx';
import { InputField } from '#web/components/sale/field.tsx';
import { type GuestEntries, type GuestEntry, type GuestSlot, nationalityOf } from './guests.ts';

export const GUESTS_ID = 'partner-guests';
/** The id of a guest's field, where the focus goes to mend it. */
export const guestFieldId = (index: number, field: 'name' | 'nationality' | 'email') =>
  `partner-guest-${index}-${field}`;

const NATIONALITY_LIST = 'partner-nationalities';

/**
 * Every guest of the party by name, as on their ID, with their nationality (suggested from the
 * usual list, any other may be typed) and an optional e-mail for a copy of the e-ticket.
 */
export function GuestFields({
  slots,
  entries,
  onChange,
  problems,
  error,
  language,
  onLanguage,
}: {
  slots: readonly GuestSlot[];
  entries: GuestEntries;
  onChange: (entries: GuestEntries) => void;
  /** A problem under a field, by guestFieldId. */
  problems: Partial<Record<string, string>>;
  /** A problem of the party as a whole (a name missing for a ticket, too many infants). */
  error?: string | undefined;
  language: Language;
  onLanguage: (language: Language) => void;
}) {
  const set = (slot: GuestSlot, change: Partial<GuestEntry>) =>
    onChange({ ...entries, [slot.key]: { name: '', email: '', ...entries[slot.key], ...change } });
  return (
    <section aria-labelledby={GUESTS_ID} className="space-y-3">
      <div>
        <h3 id={GUESTS_ID} tabIndex={-1} className="text-sm font-medium text-slate-800 outline-none">
          Guests
        </h3>
        <p className="text-sm text-slate-600">
          Names as on each guest’s ID. The e-ticket goes to your account’s e-mail; a guest’s own e-mail gets a
          copy.
        </p>
      </div>
      {error && (
        <p role="alert" className="text-sm text-red-800">
          {error}
        </p>
      )}
      {slots.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 bg-white p-3 text-sm text-slate-700">
          Add the party’s tickets above: each guest gets a row here.
        </p>
      ) : (
        <ol className="space-y-3">
          {slots.map((slot, index) => (
            <li key={slot.key}>
              <fieldset className="rounded-xl border border-slate-200 bg-white p-3">
                <legend className="px-1 text-sm font-semibold text-slate-900">
                  Guest {index + 1} · {slot.label}
                  {slot.contact ? ' · contact' : ''}
                </legend>
                <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
                  <InputField
                    id={guestFieldId(index, 'name')}
                    label="Full name"
                    error={problems[guestFieldId(index, 'name')]}
                    value={entries[slot.key]?.name ?? ''}
                    onValue={(name) => set(slot, { name })}
                  />
                  <InputField
                    id={guestFieldId(index, 'nationality')}
                    label="Nationality"
                    list={NATIONALITY_LIST}
                    error={problems[guestFieldId(index, 'nationality')]}
                    value={nationalityOf(slot, entries, slots)}
                    onValue={(nationality) => set(slot, { nationality })}
                  />
                  <InputField
                    id={guestFieldId(index, 'email')}
                    label="E-mail (optional)"
                    type="email"
                    inputMode="email"
                    error={problems[guestFieldId(index, 'email')]}
                    value={entries[slot.key]?.email ?? ''}
                    onValue={(email) => set(slot, { email })}
                  />
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
      )}
      <datalist id={NATIONALITY_LIST}>
        {NATIONALITIES.filter((n) => n !== 'Other').map((n) => (
          <option key={n} value={n} />
        ))}
      </datalist>
      <ChoiceGroup
        legend="Language of the guests’ e-mails"
        name="partner-language"
        value={language}
        options={[
          { value: 'en', label: 'English' },
          { value: 'dv', label: 'Dhivehi' },
        ]}
        onChange={onLanguage}
      />
    </section>
  );
}
