import { useQuery } from '@tanstack/react-query';
import { ArrowUpDown, Search } from 'lucide-react';
import { type FormEvent, type ReactNode, type RefObject, useEffect, useRef, useState } from 'react';
import type { TextId } from '#shared/messages/catalogues.ts';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { locationsQuery } from '#web/lib/public-queries.ts';
import { BOOKING_TEXTS, usePlaceName } from '../texts.ts';
import type { TripSearch } from '../wizard-state.ts';

type Field = keyof TripSearch;
const FIELDS: ReadonlyArray<[Field, TextId]> = [
  ['date', 'booking.dateMissing'],
  ['fromId', 'booking.fromMissing'],
  ['toId', 'booking.toMissing'],
];
const IDS: Record<Field, string> = { date: 'travel-date', fromId: 'from-location', toId: 'to-location' };

/**
 * The trip search (date, From, To): the booking wizard's first step and the home page's search,
 * one form. A field left empty is marked and told under it when Search is pressed, and the first
 * such field takes the focus. The same place can never be both From and To: each list disables
 * the other's choice, and swapping keeps them apart.
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
  const t = useTexts(BOOKING_TEXTS);
  const locations = useQuery(locationsQuery);
  const today = useOperatorToday();
  const [errors, setErrors] = useState<Partial<Record<Field, TextId>>>({});
  // Bumped on each refused search: the focus moves once the messages are in the page.
  const [refused, setRefused] = useState(0);
  const refs: Record<Field, RefObject<HTMLInputElement | HTMLSelectElement | null>> = {
    date: useRef<HTMLInputElement>(null),
    fromId: useRef<HTMLSelectElement>(null),
    toId: useRef<HTMLSelectElement>(null),
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per refused search, reading that render's errors.
  useEffect(() => {
    const first = FIELDS.find(([field]) => errors[field]);
    if (first) refs[first[0]].current?.focus();
  }, [refused]);

  const change = (patch: Partial<TripSearch>) => {
    const next = { ...value, ...patch };
    // A place chosen as From while it was the To (or the other way round) leaves the other empty.
    if (next.fromId && next.fromId === next.toId) {
      if (patch.fromId !== undefined) next.toId = '';
      else next.fromId = '';
    }
    setErrors((old) => {
      const kept = { ...old };
      for (const field of Object.keys(patch) as Field[]) if (next[field]) delete kept[field];
      return kept;
    });
    onChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const missing: Partial<Record<Field, TextId>> = {};
    for (const [field, text] of FIELDS) if (!value[field]) missing[field] = text;
    setErrors(missing);
    if (Object.keys(missing).length > 0) {
      setRefused((n) => n + 1);
      return;
    }
    onSearch(value);
  };

  const fieldProps = (field: Field) => {
    const error = errors[field];
    return {
      id: IDS[field],
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `${IDS[field]}-error` : undefined,
    };
  };
  const message = (field: Field) => {
    const error = errors[field];
    return error ? (
      <p id={`${IDS[field]}-error`} className="text-sm font-medium text-red-700">
        {t(error)}
      </p>
    ) : null;
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 md:grid-cols-[1fr_1fr_1fr_auto] md:items-start">
      <div className="grid gap-2">
        <Label htmlFor={IDS.date}>{t('booking.date')}</Label>
        <Input
          ref={refs.date as RefObject<HTMLInputElement>}
          type="date"
          min={today}
          value={value.date}
          onChange={(e) => change({ date: e.target.value })}
          {...fieldProps('date')}
        />
        {message('date')}
      </div>
      <LocationSelect
        field="fromId"
        label={t('booking.from')}
        placeholder={t('booking.fromPick')}
        value={value}
        locations={locations.data}
        selectRef={refs.fromId as RefObject<HTMLSelectElement>}
        onChange={(fromId) => change({ fromId })}
        fieldProps={fieldProps}
        message={message}
      />
      <LocationSelect
        field="toId"
        label={t('booking.to')}
        placeholder={t('booking.toPick')}
        value={value}
        locations={locations.data}
        selectRef={refs.toId as RefObject<HTMLSelectElement>}
        onChange={(toId) => change({ toId })}
        fieldProps={fieldProps}
        message={message}
        swap={
          <Button
            type="button"
            variant="ghost"
            size="icon"
            className="-my-2 size-9"
            aria-label={t('booking.swap')}
            onClick={() => change({ fromId: value.toId, toId: value.fromId })}
          >
            <ArrowUpDown aria-hidden="true" className="md:rotate-90" />
          </Button>
        }
      />
      <Button type="submit" disabled={busy} className="h-11 md:mt-[1.625rem]">
        <Search aria-hidden="true" />
        {t('booking.search')}
      </Button>
      {children}
    </form>
  );
}

function LocationSelect(props: {
  field: 'fromId' | 'toId';
  label: string;
  placeholder: string;
  value: TripSearch;
  locations: ReadonlyArray<{ id: string; name: string; nameDv?: string }> | undefined;
  selectRef: RefObject<HTMLSelectElement>;
  onChange: (id: string) => void;
  fieldProps: (field: Field) => Record<string, unknown>;
  message: (field: Field) => ReactNode;
  swap?: ReactNode;
}) {
  const placeName = usePlaceName();
  const other = props.field === 'fromId' ? props.value.toId : props.value.fromId;
  return (
    <div className="grid gap-2">
      <div className="flex items-center justify-between gap-2">
        <Label htmlFor={IDS[props.field]}>{props.label}</Label>
        {props.swap}
      </div>
      <NativeSelect
        ref={props.selectRef}
        className="aria-invalid:border-red-600"
        value={props.value[props.field]}
        onChange={(e) => props.onChange(e.target.value)}
        {...props.fieldProps(props.field)}
      >
        <option value="">{props.placeholder}</option>
        {props.locations?.map((l) => (
          <option key={l.id} value={l.id} disabled={l.id === other}>
            {placeName(l)}
          </option>
        ))}
      </NativeSelect>
      {props.message(props.field)}
    </div>
  );
}
