import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import type { TextId } from '#shared/messages/catalogues.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { useLanguage, useTexts } from '#web/i18n/texts.tsx';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { locationsQuery } from '#web/lib/public-queries.ts';
import type { TripSearch } from '../wizard-state.ts';
import { SEARCH_TEXTS } from './search-texts.ts';

type Field = keyof TripSearch;
/** Each field's element id and the text under it when it is left empty ('Select departure'), in the form's order. */
const FIELDS: ReadonlyArray<[Field, string, TextId]> = [
  ['date', 'travel-date', 'search.dateMissing'],
  ['fromId', 'from-location', 'search.fromPick'],
  ['toId', 'to-location', 'search.toPick'],
];

/**
 * The trip search (date, From, To): the booking wizard's first step and the home page's search,
 * one form, on both pages' first load (keep it small). A field left empty is marked and told
 * under it when Search is pressed, and the first such field takes the focus. The same place is
 * never both From and To: each list disables the other's choice, and swapping keeps them apart.
 */
export function TripSearchForm({
  value,
  onChange,
  onSearch,
  busy = false,
  children,
}: {
  value: TripSearch;
  onChange: (search: TripSearch) => void;
  onSearch: (search: TripSearch) => void;
  busy?: boolean;
  /** Shown under the fields, inside the form (the wizard's party). */
  children?: ReactNode;
}) {
  const t = useTexts(SEARCH_TEXTS);
  const language = useLanguage();
  const locations = useQuery(locationsQuery).data ?? [];
  const today = useOperatorToday();
  // The fields left empty at the last Search, and how many times Search was refused.
  const [missing, setMissing] = useState<Field[]>([]);
  const [refused, setRefused] = useState(0);

  // Once the messages are in the page, the first field in error takes the focus.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per refused search.
  useEffect(() => {
    const first = FIELDS.find(([field]) => missing.includes(field));
    if (first) document.getElementById(first[1])?.focus();
  }, [refused]);

  const change = (patch: Partial<TripSearch>) => {
    const next = { ...value, ...patch };
    setMissing(missing.filter((field) => !next[field]));
    onChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = FIELDS.map(([field]) => field).filter((field) => !value[field]);
    setMissing(empty);
    if (empty.length > 0) setRefused(refused + 1);
    else onSearch(value);
  };

  // The label, the control and, when it was left empty, the text under it (named by the control).
  const field = (index: number, label: string, control: (props: object) => ReactNode, extra?: ReactNode) => {
    const [name, id, text] = FIELDS[index] as [Field, string, TextId];
    const invalid = missing.includes(name);
    return (
      <div className="grid gap-2">
        <div className="flex items-center justify-between gap-2">
          <Label htmlFor={id}>{label}</Label>
          {extra}
        </div>
        {control({
          id,
          value: value[name],
          'aria-invalid': invalid || undefined,
          'aria-describedby': invalid ? `${id}-error` : undefined,
        })}
        {invalid ? (
          <p id={`${id}-error`} className="text-sm font-medium text-red-700">
            {t(text)}
          </p>
        ) : null}
      </div>
    );
  };

  // A place's list: the other field's choice is there but cannot be picked.
  const places = (name: 'fromId' | 'toId', other: string) => (props: object) => (
    <NativeSelect
      {...props}
      className="aria-invalid:border-red-600"
      onChange={(e) => change({ [name]: e.target.value })}
    >
      <option value="">{t(FIELDS[name === 'fromId' ? 1 : 2]?.[2] as TextId)}</option>
      {locations.map((l) => (
        <option key={l.id} value={l.id} disabled={l.id === other}>
          {language === 'dv' && l.nameDv?.trim() ? l.nameDv : l.name}
        </option>
      ))}
    </NativeSelect>
  );

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-[1fr_1fr_1fr_auto] md:items-start">
      {field(0, t('search.date'), (props) => (
        <Input {...props} type="date" min={today} onChange={(e) => change({ date: e.target.value })} />
      ))}
      {field(1, t('search.from'), places('fromId', value.toId))}
      {field(
        2,
        t('search.to'),
        places('toId', value.fromId),
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-my-3 size-8"
          aria-label={t('search.swap')}
          onClick={() => change({ fromId: value.toId, toId: value.fromId })}
        >
          {/* A character, not an icon: one icon less on two pages' first load. */}
          <span aria-hidden="true" className="text-lg md:rotate-90">
            ⇅
          </span>
        </Button>,
      )}
      <Button type="submit" disabled={busy} className="h-11 md:mt-7">
        <Search aria-hidden="true" />
        {t('search.search')}
      </Button>
      {children}
    </form>
  );
}
