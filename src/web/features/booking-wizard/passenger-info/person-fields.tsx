import { FieldError, fieldErrorProps } from '#web/components/field-error.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { useLanguage, useTexts } from '#web/i18n/texts.tsx';
import { categoryValues, type PartyPerson, PERSON_NAME_MAX } from '../party.ts';
import { PASSENGER_TEXTS } from '../step-texts.ts';
import type { Person } from '../wizard-state.ts';
import { personFieldId } from './field-errors.ts';
import { NationalitySelect } from './nationality-select.tsx';

/**
 * One person of the party besides the contact: a group named 'Adult 2', 'Infant 1' ..., with
 * their full name and nationality; a screen reader announces the group with each field.
 */
export function PersonFields({
  person,
  error,
  onChange,
}: {
  person: PartyPerson;
  error: string | undefined;
  onChange: (patch: Partial<Person>) => void;
}) {
  const t = useTexts(PASSENGER_TEXTS);
  const language = useLanguage();
  const nameId = personFieldId(person.key);
  const nationalityId = `person-${person.key}-nationality`;
  return (
    <fieldset
      className="grid gap-4 rounded-xl border border-slate-200 p-4 md:grid-cols-2"
      data-testid={`person-${person.key}`}
    >
      <legend className="px-1 font-semibold text-slate-900">
        {t('passenger.personLabel', { ...categoryValues(person, language), n: person.number })}
      </legend>
      <div className="grid gap-2">
        <Label htmlFor={nameId}>{t('passenger.fullName')}</Label>
        <Input
          id={nameId}
          autoComplete="off"
          maxLength={PERSON_NAME_MAX}
          required
          value={person.name}
          {...fieldErrorProps(nameId, error)}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <FieldError fieldId={nameId} error={error} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={nationalityId}>{t('passenger.nationality')}</Label>
        <NationalitySelect
          id={nationalityId}
          value={person.nationality}
          onChange={(e) => onChange({ nationality: e.target.value })}
        />
      </div>
    </fieldset>
  );
}
