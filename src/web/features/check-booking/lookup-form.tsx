import { Search } from 'lucide-react';
import type { FormEvent } from 'react';
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

export function LookupForm({ value, onChange, onSearch, searching }: LookupFormProps) {
  const t = useTexts(LOOKUP_TEXTS);
  const empty = value.trim().length === 0;
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!empty) onSearch();
  };

  return (
    <search aria-label={t('lookup.lookupRegion')}>
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor="booking-reference">{t('lookup.reference')}</Label>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Input
            id="booking-reference"
            name="ref"
            value={value}
            onChange={(event) => onChange(event.target.value)}
            placeholder={t('lookup.referencePlaceholder')}
            dir="ltr"
            inputMode="text"
            autoComplete="off"
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            maxLength={64}
            aria-describedby="booking-reference-hint"
            className="font-mono tracking-wide sm:flex-1"
          />
          <Button
            type="submit"
            size="lg"
            disabled={empty}
            aria-busy={searching}
            className="sm:h-11 sm:min-w-32"
          >
            {searching ? <Spinner /> : <Search aria-hidden="true" />}
            {searching ? t('lookup.searching') : t('lookup.search')}
          </Button>
        </div>
        <p id="booking-reference-hint" className="text-sm text-slate-600">
          {t('lookup.referenceHint')}
        </p>
      </form>
    </search>
  );
}
