import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowRight, Clock, MapPin, Users } from 'lucide-react';
import { MSG } from '#shared/messages.ts';
import type { Trip } from '#shared/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { formatTravelDate } from '#web/lib/dates.ts';

/** The outcome of a trip search: the trips found, none, or what went wrong. */
export function TripResults({
  trips,
  onSelect,
}: {
  trips: UseQueryResult<Trip[]>;
  onSelect: (trip: Trip) => void;
}) {
  return (
    <section aria-label="Available trips" aria-busy={trips.isFetching} className="mt-6">
      {trips.isPending ? <p className="text-sm text-slate-600">Searching…</p> : null}
      {trips.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {trips.error.message}
        </p>
      ) : null}
      {trips.data && trips.data.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {MSG.noTrips}
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
  const soldOut = trip.availableSeats <= 0;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-slate-200 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="grid gap-1.5">
        <p className="flex items-center gap-2 font-semibold text-slate-900">
          <MapPin aria-hidden="true" className="size-4 text-sky-700" />
          {trip.from.name}
          <ArrowRight aria-label="to" className="size-4 text-slate-500" />
          {trip.to.name}
        </p>
        <p className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-600">
          <span className="flex items-center gap-1">
            <Clock aria-hidden="true" className="size-4" />
            Departs {trip.departureTime} · {formatTravelDate(trip.travelDate)}
          </span>
          <span className="flex items-center gap-1">
            <Users aria-hidden="true" className="size-4" />
            {soldOut ? 'Sold out' : `${trip.availableSeats} seats available`}
          </span>
        </p>
        {trip.stops.length > 2 ? (
          <p className="text-xs text-slate-600">Stops: {trip.stops.map((s) => s.name).join(' → ')}</p>
        ) : null}
      </div>
      <div className="flex items-center gap-2">
        {soldOut ? <Badge variant="destructive">Sold out</Badge> : null}
        <Button
          onClick={onSelect}
          disabled={soldOut}
          aria-label={`Select Trip ${trip.from.name} to ${trip.to.name} at ${trip.departureTime}`}
        >
          Select Trip
        </Button>
      </div>
    </li>
  );
}
