import { useQuery } from '@tanstack/react-query';
import { ArrowRight, ChevronRight, Clock, Ship, Users } from 'lucide-react';
import type { AdminStop, AdminTrip } from '#shared/admin-api.ts';
import { MSG, NOT_SPECIFIED, UNKNOWN_LOCATION } from '#shared/messages/api.ts';
import { IconFact } from '#web/components/icon-fact.tsx';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { ScheduleStatusBadge } from '#web/components/status-badges.tsx';
import { tripListQuery } from './api.ts';

export function StopList({ stops }: { stops: AdminStop[] }) {
  const ordered = [...stops].sort((a, b) => a.stopOrder - b.stopOrder);
  return (
    <ol aria-label="Stops" className="ml-1 space-y-1 border-l-2 border-sky-200 pl-3">
      {ordered.map((stop) => (
        <li key={stop.stopOrder} className="flex justify-between gap-3 text-sm">
          <span className="text-slate-800">{stop.name || UNKNOWN_LOCATION}</span>
          <span className="tabular-nums text-slate-600">{stop.departureTime ?? NOT_SPECIFIED}</span>
        </li>
      ))}
    </ol>
  );
}

function TripCard({ trip, onOpen }: { trip: AdminTrip; onOpen: () => void }) {
  const launches = trip.launches.map((l) => l.name).join(', ') || 'None';
  return (
    // The route button stretches over the whole card (its ::after), so the card is one click
    // target while the stop list stays a real list outside the button.
    <article
      data-schedule-id={trip.scheduleId}
      className="group relative flex h-full flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm transition-colors focus-within:border-sky-400 hover:border-sky-300 hover:bg-sky-50/40 sm:p-5"
    >
      <div className="flex items-start justify-between gap-3">
        <h2 className="text-base font-semibold text-slate-900">
          <button
            type="button"
            onClick={onOpen}
            className="inline-flex flex-wrap items-center gap-x-1.5 text-left after:absolute after:inset-0 after:rounded-2xl focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-sky-700"
          >
            {trip.from?.name ?? UNKNOWN_LOCATION}
            <ArrowRight aria-hidden="true" className="size-4 text-sky-700" />
            <span className="sr-only">to</span>
            {trip.to?.name ?? UNKNOWN_LOCATION}
            <span className="sr-only">, departs {trip.departureTime}</span>
          </button>
        </h2>
        <ScheduleStatusBadge status={trip.status} />
      </div>
      <dl className="grid grid-cols-2 gap-2 text-sm text-slate-700">
        <IconFact icon={Clock} term="Departure" valueClassName="tabular-nums">
          {trip.departureTime}
        </IconFact>
        <IconFact icon={Users} term="Passengers">
          {trip.passengerCount} {trip.passengerCount === 1 ? 'passenger' : 'passengers'}
        </IconFact>
        <IconFact icon={Ship} term="Launches" className="col-span-2">
          {launches}
        </IconFact>
      </dl>
      {trip.stops.length > 2 && <StopList stops={trip.stops} />}
      <span
        aria-hidden="true"
        className="mt-auto inline-flex items-center gap-1 text-sm font-semibold text-sky-800 group-hover:underline"
      >
        Manage trip
        <ChevronRight className="size-4" />
      </span>
    </article>
  );
}

/** `date` is undefined until the operator's today is known: the list waits for it. */
export function TripList({
  date,
  onOpen,
}: {
  date: string | undefined;
  onOpen: (scheduleId: string) => void;
}) {
  const trips = useQuery({ ...tripListQuery(date ?? ''), enabled: date !== undefined });
  if (date === undefined || trips.isPending) {
    return <LoadingNote>Loading trips…</LoadingNote>;
  }
  if (trips.isError) {
    return <ErrorNote error={trips.error} />;
  }
  if (trips.data.trips.length === 0) {
    return <EmptyNote>{MSG.noTripsForDate(date)}</EmptyNote>;
  }
  return (
    <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
      {trips.data.trips.map((trip) => (
        <li key={trip.scheduleId}>
          <TripCard trip={trip} onOpen={() => onOpen(trip.scheduleId)} />
        </li>
      ))}
    </ul>
  );
}
