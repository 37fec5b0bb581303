import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import type { TextId } from '#shared/messages/catalogues.ts';
import { FieldError, fieldErrorProps, showFieldErrors } from '#web/components/field-error.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { LOOKUP_TEXTS } from './texts.ts';

type LookupFormProps = {
  value: string;
  onChange: (value: string) => void;
  onSearch: () => void;
  searching: boolean;
};

const INPUT_ID = 'booking-reference';
const HINT_ID = 'booking-reference-hint';

/** What a reference can hold: digits and letters (older references were not all digits). */
const REFERENCE_FORM = /^[\p{L}\p{N}-]+$/u;

/** What Search finds wrong with the field, if anything. */
export function referenceProblem(value: string): TextId | null {
  const reference = value.trim();
  if (!reference) return 'lookup.referenceRequired';
  return REFERENCE_FORM.test(reference) ? null : 'lookup.referenceFormat';
}

export function LookupForm({ value, onChange, onSearch, searching }: LookupFormProps) {
  const t = useTexts(LOOKUP_TEXTS);
  const [problem, setProblem] = useState<TextId | null>(null);
  const error = problem ? t(problem) : null;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = referenceProblem(value);
    if (found) return showFieldErrors(() => setProblem(found), INPUT_ID);
    setProblem(null);
    onSearch();
  };

  return (
    <search aria-label={t('lookup.lookupRegion')}>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor="booking-reference">{t('lookup.reference')}</Label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Input
            id={INPUT_ID}
            name="ref"
            value={value}
            onChange={(event) => {
              setProblem(null);
              onChange(event.target.value);
            }}
            placeholder={t('lookup.referencePlaceholder')}
            dir="ltr"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={64}
            {...fieldErrorProps(INPUT_ID, error, HINT_ID)}
            className="font-mono tracking-wide sm:flex-1"
          />
          <Button type="submit" size="lg" aria-busy={searching} className="sm:h-11 sm:min-w-32">
            {searching ? <Spinner /> : <Search aria-hidden="true" />}
            {searching ? t('lookup.searching') : t('lookup.search')}
          </Button>
        </div>
        <FieldError fieldId={INPUT_ID} error={error} />
        <p id={HINT_ID} className="text-sm text-slate-600">
          {t('lookup.referenceHint')}
        </p>
      </form>
    </search>
  );
}
