import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight, Clock, MapPin, Users } from 'lucide-react';
import { Fragment } from 'react';
import type { Trip } from '#shared/schemas.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { VESSEL_TEXTS } from '#web/components/seat-map/vessel-texts.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { T, useTexts } from '#web/i18n/texts.tsx';
import { DATES_TEXTS, formatTravelDate } from '#web/lib/dates.ts';
import { BOOKING_TEXTS, usePlaceName } from '../texts.ts';

// Step 1 tells a failed request with the list's code, off the first load (select-trip-step.tsx).
export { LoadError };

/** The outcome of a trip search: the trips found, none, or what went wrong. */
export function TripResults({
  trips,
  onSelect,
}: {
  trips: UseQueryResult<Trip[]>;
  onSelect: (trip: Trip) => void;
}) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS, MSG_TEXTS);
  return (
    <section aria-label={t('vessel.trips')} aria-busy={trips.isFetching} className="mt-6">
      {trips.isPending ? <p className="text-sm text-slate-600">{t('booking.searching')}</p> : null}
      {trips.isError ? <LoadError error={trips.error} /> : null}
      {trips.data && trips.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {t('msg.noTrips')}
        </p>
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
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1.5">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <MapPin aria-hidden="true" className="size-4 text-sky-700" />
          {from}
          <ArrowRight aria-label={t('vessel.routeTo')} className="size-4 text-slate-500" />
          {to}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            {t('vessel.departs', { time: trip.departureTime, date: formatTravelDate(trip.travelDate) })}
          </span>
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
