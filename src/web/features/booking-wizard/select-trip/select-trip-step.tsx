import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { useTexts } from '#web/i18n/texts.tsx';
import { locationsQuery, tripsQuery } from '../api.ts';
import { runWhenIdle } from '../run-when-idle.ts';
import { StepCard } from '../step-card.tsx';
import { BOOKING_TEXTS } from '../texts.ts';
import { type StepProps, type TripSearch, ticketTotal } from '../wizard-state.ts';
import { forgetSearchInAddress } from './open-search.ts';
import { TripSearchForm } from './search-form.tsx';

// The list of trips is never on the first paint: its code loads once a search can be run, with
// the return's parts (one import: each one more would be bytes on /booking's first load).
const loadTripResults = () => import('./return-choice.tsx');
const TripResults = lazy(() => loadTripResults().then((m) => ({ default: m.TripResults })));
// A failed request is told in the passenger's words, which come with the list (and stay off the first load).
const LoadError = lazy(() => loadTripResults().then((m) => ({ default: m.LoadError })));
// The ticket counters open on demand, with the list's code.
const PartyPanel = lazy(() => loadTripResults().then((m) => ({ default: m.PartyPanel })));
// One way or return, with the list's code once a search can be run; then the way back.
const Returns = lazy(loadTripResults);

export function SelectTripStep(props: StepProps) {
  const { state, dispatch } = props;
  const t = useTexts(BOOKING_TEXTS);
  const { date, fromId, toId, returnDate } = state.search;
  const locations = useQuery(locationsQuery);
  // The search that was run; editing the fields doesn't change the list until Search is pressed again.
  const [submitted, setSubmitted] = useState<TripSearch | null>(() =>
    date && fromId && toId ? { date, fromId, toId } : null,
  );
  // The party's fare follows the counters at once; no tickets chosen yet prices one local adult.
  const party = ticketTotal(state.tickets) > 0 ? state.tickets : undefined;
  const trips = useQuery({
    ...tripsQuery(submitted?.date ?? '', submitted?.fromId ?? '', submitted?.toId ?? '', party),
    enabled: submitted !== null,
  });
  const [partyOpen, setPartyOpen] = useState(false);
  useEffect(forgetSearchInAddress, []);
  const canSearch = Boolean(date && fromId && toId);
  useEffect(() => {
    if (canSearch) return runWhenIdle(() => void loadTripResults());
  }, [canSearch]);

  // Another date offered for a route that has no trips on the one searched.
  const searchOn = (day: string) => {
    dispatch({ type: 'searchChanged', search: { date: day } });
    setSubmitted({ date: day, fromId: submitted?.fromId ?? fromId, toId: submitted?.toId ?? toId });
  };

  return (
    <StepCard title={t('booking.tripTitle')} description={t('booking.tripIntro')}>
      <TripSearchForm
        value={state.search}
        onChange={(search) => dispatch({ type: 'searchChanged', search })}
        onSearch={setSubmitted}
        busy={trips.isFetching}
      >
        {canSearch || returnDate ? (
          <Suspense fallback={null}>
            <Returns {...props} />
          </Suspense>
        ) : null}
        <div className="md:col-span-full">
          <Button
            type="button"
            variant="outline"
            aria-expanded={partyOpen}
            aria-controls={partyOpen ? 'trip-party' : undefined}
            onClick={() => setPartyOpen((open) => !open)}
          >
            {t('booking.party', { n: ticketTotal(state.tickets) || 1 })}
          </Button>
        </div>
        {partyOpen ? (
          <Suspense fallback={null}>
            <PartyPanel
              id="trip-party"
              tickets={state.tickets}
              onChange={(tickets) => dispatch({ type: 'ticketsChanged', tickets })}
            />
          </Suspense>
        ) : null}
      </TripSearchForm>
      {locations.isError ? (
        <Suspense fallback={null}>
          <LoadError error={locations.error} className="mt-4" />
        </Suspense>
      ) : null}

      {submitted ? (
        <Suspense fallback={<p className="mt-6 text-sm text-slate-600">{t('booking.searching')}</p>}>
          <TripResults
            trips={trips}
            search={submitted}
            onSelect={(trip) => dispatch({ type: 'tripSelected', trip })}
            onDate={searchOn}
          />
        </Suspense>
      ) : null}
      {returnDate && state.selectedTrip ? (
        <Suspense fallback={null}>
          <Returns {...props} list />
        </Suspense>
      ) : null}
    </StepCard>
  );
}
