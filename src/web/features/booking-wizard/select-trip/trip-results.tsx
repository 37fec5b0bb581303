import { queryOptions, type UseQueryResult, useQuery } from '@tanstack/react-query';
import { ArrowRight, CalendarDays, Clock, MapPin, Ticket, Timer, Users } from 'lucide-react';
import { Fragment } from 'react';
import type { Trip, TripDates } from '#shared/schemas.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { VESSEL_TEXTS } from '#web/components/seat-map/vessel-texts.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { T, type Translate, useTexts } from '#web/i18n/texts.tsx';
import { api } from '#web/lib/api-client.ts';
import { DATES_TEXTS, formatTravelDate } from '#web/lib/dates.ts';
import { formatMoney } from '#web/lib/money.ts';
import { BOOKING_TEXTS, usePlaceName } from '../texts.ts';
import type { TripSearch } from '../wizard-state.ts';

export { default as PartyPanel } from './party-panel.tsx';
// Step 1 tells a failed request with the list's code, off the first load (select-trip-step.tsx),
// and opens the party's ticket counters with it.
export { LoadError };

/** The nearest dates with trips between two places, for a date that has none (here: off the first load). */
const tripDatesQuery = (date: string, from: string, to: string) =>
  queryOptions({
    queryKey: ['trip-dates', date, from, to],
    queryFn: ({ signal }) =>
      api.get<TripDates>(`/api/trips/nearest-dates?${new URLSearchParams({ date, from, to })}`, { signal }),
  });

/** The outcome of a trip search: the trips found, none (with the nearest dates that have some), or what went wrong. */
export function TripResults({
  trips,
  search,
  onSelect,
  onDate,
}: {
  trips: UseQueryResult<Trip[]>;
  /** The search that was run. */
  search: TripSearch;
  onSelect: (trip: Trip) => void;
  /** Searches the same places on another date. */
  onDate: (date: string) => void;
}) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS, MSG_TEXTS);
  return (
    <section aria-label={t('vessel.trips')} aria-busy={trips.isFetching} className="mt-6">
      {trips.isPending ? <p className="text-sm text-slate-600">{t('booking.searching')}</p> : null}
      {trips.isError ? <LoadError error={trips.error} /> : null}
      {trips.data && trips.data.length === 0 ? (
        <div className="grid gap-4 rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          <p>{t('msg.noTrips')}</p>
          <NearestDates search={search} onDate={onDate} />
        </div>
      ) : null}
      {trips.data && trips.data.length > 0 ? (
        <ul className="grid gap-3">
          {trips.data.map((trip) => (
            <TripRow key={trip.scheduleId} trip={trip} onSelect={() => onSelect(trip)} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** The dates nearest the one searched that have trips between the same places, each one tap away. */
function NearestDates({ search, onDate }: { search: TripSearch; onDate: (date: string) => void }) {
  const t = useTexts(VESSEL_TEXTS, DATES_TEXTS);
  const dates = useQuery(tripDatesQuery(search.date, search.fromId, search.toId));
  if (dates.isError) return <LoadError error={dates.error} />;
  if (!dates.data) return null;
  const all = [...dates.data.before, ...dates.data.after];
  if (all.length === 0) return <p className="text-sm">{t('vessel.noNearDates')}</p>;
  return (
    <div className="grid gap-3">
      <h3 id="nearest-dates" className="font-medium text-slate-900">
        {t('vessel.nearestDates')}
      </h3>
      <ul aria-labelledby="nearest-dates" className="flex flex-wrap justify-center gap-2">
        {all.map((day) => {
          const label = formatTravelDate(day);
          return (
            <li key={day}>
              <Button
                variant="outline"
                onClick={() => onDate(day)}
                aria-label={t('vessel.searchOn', { date: label })}
              >
                <CalendarDays aria-hidden="true" />
                {label}
              </Button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** '1 h 20 min', '45 min' or '2 h', in the page's language. */
export function durationText(t: Translate, minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return t('vessel.durationMinutes', { m });
  if (m === 0) return t('vessel.durationHours', { h });
  return t('vessel.duration', { h, m });
}

function TripRow({ trip, onSelect }: { trip: Trip; onSelect: () => void }) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS, DATES_TEXTS);
  const placeName = usePlaceName();
  const from = placeName(trip.from);
  const to = placeName(trip.to);
  const soldOut = trip.availableSeats <= 0;
  // Each name isolated, so the arrows follow the reading direction whatever script the names are in.
  const stops = trip.stops.map((s, index) => (
    <Fragment key={s.stopOrder}>
      {index > 0 ? ` ${t('vessel.stopArrow')} ` : null}
      <bdi>{placeName(s)}</bdi>
    </Fragment>
  ));
  // Old answers (a wizard saved before fares were told) have none.
  const fare = trip.fare ? formatMoney(trip.fare.amount, trip.fare.currency, '') : '';
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1.5">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <MapPin aria-hidden="true" className="size-4 text-sky-700" />
          {from}
          <ArrowRight aria-label={t('vessel.routeTo')} className="size-4 text-slate-500 rtl:rotate-180" />
          {to}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-700">
          <span className="flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {t('vessel.departs', { time: trip.departureTime, date: formatTravelDate(trip.travelDate) })}
          </span>
          {trip.arrivalTime ? (
            <span className="flex items-center gap-1">
              <ArrowRight aria-hidden="true" className="size-4 rtl:rotate-180" />
              {t('vessel.arrives', { time: trip.arrivalTime })}
            </span>
          ) : null}
          {trip.durationMinutes !== null && trip.durationMinutes !== undefined ? (
            <span className="flex items-center gap-1">
              <Timer aria-hidden="true" className="size-4" />
              {durationText(t, trip.durationMinutes)}
            </span>
          ) : null}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          {fare ? (
            <span className="flex items-center gap-1 font-medium text-slate-900">
              <Ticket aria-hidden="true" className="size-4" />
              <T id="vessel.fare" values={{ n: trip.fare.tickets, amount: <bdi dir="ltr">{fare}</bdi> }} />
            </span>
          ) : null}
          <span className="flex items-center gap-1">
            <Users aria-hidden="true" className="size-4" />
            {soldOut ? t('vessel.soldOut') : t('vessel.seatsFree', { n: trip.availableSeats })}
          </span>
        </p>
        {trip.stops.length > 2 ? (
          <p className="text-xs text-slate-600">
            <T id="vessel.stops" values={{ stops }} />
          </p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        {soldOut ? <Badge variant="destructive">{t('vessel.soldOut')}</Badge> : null}
        <Button
          onClick={onSelect}
          disabled={soldOut}
          aria-label={t('vessel.selectTripLabel', { from, to, time: trip.departureTime })}
        >
          {t('vessel.selectTrip')}
        </Button>
      </div>
    </li>
  );
}
