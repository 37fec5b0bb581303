import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { locationsQuery, tripsQuery } from '../api.ts';
import { runWhenIdle } from '../run-when-idle.ts';
import { StepCard } from '../step-card.tsx';
import { BOOKING_TEXTS, usePlaceName } from '../texts.ts';
import type { StepProps } from '../wizard-state.ts';

// The list of trips is never on the first paint: its code loads once a search can be run.
const loadTripResults = () => import('./trip-results.tsx');
const TripResults = lazy(() => loadTripResults().then((m) => ({ default: m.TripResults })));
// A failed request is told in the passenger's words, which come with the list (and stay off the first load).
const LoadError = lazy(() => loadTripResults().then((m) => ({ default: m.LoadError })));

export function SelectTripStep({ state, dispatch }: StepProps) {
  const t = useTexts(BOOKING_TEXTS);
  const { date, fromId, toId } = state.search;
  const locations = useQuery(locationsQuery);
  // The search that was run; editing the fields doesn't change the list until Search is pressed again.
  const [submitted, setSubmitted] = useState<{ date: string; fromId: string; toId: string } | null>(() =>
    date && fromId && toId ? { date, fromId, toId } : null,
  );
  const trips = useQuery({
    ...tripsQuery(submitted?.date ?? '', submitted?.fromId ?? '', submitted?.toId ?? ''),
    enabled: submitted !== null,
  });
  const canSearch = Boolean(date && fromId && toId);
  const today = useOperatorToday();
  useEffect(() => {
    if (canSearch) return runWhenIdle(() => void loadTripResults());
  }, [canSearch]);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSearch) return;
    setSubmitted({ date, fromId, toId });
  };

  return (
    <StepCard title={t('booking.tripTitle')} description={t('booking.tripIntro')}>
      <form onSubmit={onSubmit} className="grid gap-4 md:grid-cols-[1fr_1fr_1fr_auto] md:items-end">
        <div className="grid gap-2">
          <Label htmlFor="travel-date">{t('booking.date')}</Label>
          <Input
            id="travel-date"
            type="date"
            min={today}
            value={date}
            onChange={(e) => dispatch({ type: 'searchChanged', search: { date: e.target.value } })}
          />
        </div>
        <LocationSelect
          id="from-location"
          label={t('booking.from')}
          placeholder={t('booking.fromPick')}
          value={fromId}
          locations={locations.data}
          onChange={(fromId) => dispatch({ type: 'searchChanged', search: { fromId } })}
        />
        <LocationSelect
          id="to-location"
          label={t('booking.to')}
          placeholder={t('booking.toPick')}
          value={toId}
          locations={locations.data}
          onChange={(toId) => dispatch({ type: 'searchChanged', search: { toId } })}
        />
        <Button type="submit" disabled={!canSearch || trips.isFetching} className="h-11">
          <Search aria-hidden="true" />
          {t('booking.search')}
        </Button>
      </form>
      {locations.isError ? (
        <Suspense fallback={null}>
          <LoadError error={locations.error} className="mt-4" />
        </Suspense>
      ) : null}

      {submitted ? (
        <Suspense fallback={<p className="mt-6 text-sm text-slate-600">{t('booking.searching')}</p>}>
          <TripResults trips={trips} onSelect={(trip) => dispatch({ type: 'tripSelected', trip })} />
        </Suspense>
      ) : null}
    </StepCard>
  );
}

function LocationSelect(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  locations: ReadonlyArray<{ id: string; name: string; nameDv?: string }> | undefined;
  onChange: (id: string) => void;
}) {
  const placeName = usePlaceName();
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <NativeSelect id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.placeholder}</option>
        {props.locations?.map((l) => (
          <option key={l.id} value={l.id}>
            {placeName(l)}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
