import { Search } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { flushSync } from 'react-dom';
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
const ERROR_ID = 'booking-reference-error';

// The field's message is written out here rather than with #web/components/field-error.tsx:
// this form is on the page's first load, and a shared module would be a chunk of its own.
export function LookupForm({ value, onChange, onSearch, searching }: LookupFormProps) {
  const t = useTexts(LOOKUP_TEXTS);
  const [missing, setMissing] = useState(false);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (value.trim()) return onSearch();
    // The message in place and the field described by it before the focus lands there.
    flushSync(() => setMissing(true));
    document.getElementById(INPUT_ID)?.focus();
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
              setMissing(false);
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
            aria-invalid={missing || undefined}
            aria-describedby={missing ? `${ERROR_ID} ${HINT_ID}` : HINT_ID}
            className="font-mono tracking-wide sm:flex-1"
          />
          <Button type="submit" size="lg" aria-busy={searching} className="sm:h-11 sm:min-w-32">
            {searching ? <Spinner /> : <Search aria-hidden="true" />}
            {searching ? t('lookup.searching') : t('lookup.search')}
          </Button>
        </div>
        {missing ? (
          <p id={ERROR_ID} className="text-sm font-medium text-red-700">
            {t('lookup.referenceRequired')}
          </p>
        ) : null}
        <p id={HINT_ID} className="text-sm text-slate-600">
          {t('lookup.referenceHint')}
        </p>
      </form>
    </search>
  );
}
