import { useQuery } from '@tanstack/react-query';
import { ArrowRight, Clock, MapPin, Search, Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { MSG } from '#shared/messages.ts';
import type { Trip } from '#shared/schemas.ts';
import { Badge } from '#web/components/ui/badge.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Input } from '#web/components/ui/input.tsx';
import { Label } from '#web/components/ui/label.tsx';
import { NativeSelect } from '#web/components/ui/native-select.tsx';
import { formatTravelDate } from '#web/lib/dates.ts';
import { useOperatorToday } from '#web/lib/operator-time-zone.ts';
import { locationsQuery, tripsQuery } from '../api.ts';

import { StepCard } from '../step-card.tsx';
import type { StepProps } from '../wizard-state.ts';

export function SelectTripStep({ state, dispatch }: StepProps) {
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

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!canSearch) return;
    setSubmitted({ date, fromId, toId });
  };

  return (
    <StepCard title="Choose Your Journey" description="Pick a date and where you are travelling from and to.">
      <form onSubmit={onSubmit} className="grid gap-4 md:grid-cols-[1fr_1fr_1fr_auto] md:items-end">
        <div className="grid gap-2">
          <Label htmlFor="travel-date">Travel date</Label>
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
          label="From"
          placeholder="Select departure"
          value={fromId}
          locations={locations.data}
          onChange={(fromId) => dispatch({ type: 'searchChanged', search: { fromId } })}
        />
        <LocationSelect
          id="to-location"
          label="To"
          placeholder="Select destination"
          value={toId}
          locations={locations.data}
          onChange={(toId) => dispatch({ type: 'searchChanged', search: { toId } })}
        />
        <Button type="submit" disabled={!canSearch || trips.isFetching} className="h-11">
          <Search aria-hidden="true" />
          Search Trips
        </Button>
      </form>
      {locations.isError ? (
        <p role="alert" className="mt-4 text-sm text-red-700">
          {locations.error.message}
        </p>
      ) : null}

      {submitted ? (
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
                <TripRow
                  key={trip.scheduleId}
                  trip={trip}
                  onSelect={() => dispatch({ type: 'tripSelected', trip })}
                />
              ))}
            </ul>
          ) : null}
        </section>
      ) : null}
    </StepCard>
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

function LocationSelect(props: {
  id: string;
  label: string;
  placeholder: string;
  value: string;
  locations: ReadonlyArray<{ id: string; name: string }> | undefined;
  onChange: (id: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={props.id}>{props.label}</Label>
      <NativeSelect id={props.id} value={props.value} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.placeholder}</option>
        {props.locations?.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </NativeSelect>
    </div>
  );
}
