import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, CheckCircle2, Download, Printer, RotateCcw } from 'lucide-react';
import type { AdminTrip, TripPassenger } from '#shared/admin-api.ts';
import { MSG, UNKNOWN_LOCATION } from '#shared/messages/api.ts';
import { seatsByLeg } from '#shared/seats-by-leg.ts';
import { ChannelBadge } from '#web/components/channel-badge.tsx';
import { ConfirmButton } from '#web/components/confirm-dialog.tsx';
import { infantsNote, PartyPersons } from '#web/components/party-persons.tsx';
import { ErrorNote } from '#web/components/query-notes.tsx';
import { SeatsByLeg } from '#web/components/seats-by-leg.tsx';
import { MarkedStatusBadge, ScheduleStatusBadge } from '#web/components/status-badges.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card } from '#web/components/ui/card.tsx';
import { Spinner } from '#web/components/ui/spinner.tsx';
import { formatDay } from '#web/lib/dates.ts';
import { manifestUrl, tripPassengersQuery, useTripStatus } from './api.ts';
import { CancelDepartureButton } from './cancel-departure-dialog.tsx';
import { DelayDepartureButton } from './delay-departure-dialog.tsx';
import { MoveBookingsButton } from './move-bookings-dialog.tsx';
import { OnBoardCard } from './on-board-card.tsx';
import { routeName } from './route-name.ts';
import { TripDisruptions } from './trip-disruptions.tsx';
import { StopList } from './trip-list.tsx';

function StatusButton({ trip }: { trip: AdminTrip }) {
  const status = useTripStatus(trip.scheduleId);
  const busy = status.isPending;
  const spinner = <Spinner />;

  if (trip.status !== 'completed') {
    return (
      <Button disabled={busy} onClick={() => status.mutate('completed')}>
        {busy ? spinner : <CheckCircle2 aria-hidden="true" />}
        Mark as Completed
      </Button>
    );
  }
  return (
    <ConfirmButton
      button={{
        variant: 'outline',
        disabled: busy,
        children: (
          <>
            {busy ? spinner : <RotateCcw aria-hidden="true" />}
            Reopen Trip
          </>
        ),
      }}
      title="Reopen this trip?"
      description={MSG.reopenTripConfirm}
      confirmLabel="Reopen Trip"
      onConfirm={() => status.mutate('scheduled')}
    />
  );
}

function PassengerRow({ passenger }: { passenger: TripPassenger }) {
  const counts = [
    passenger.adultCount > 0 ? `${passenger.adultCount} adult${passenger.adultCount === 1 ? '' : 's'}` : '',
    passenger.childCount > 0 ? `${passenger.childCount} child${passenger.childCount === 1 ? '' : 'ren'}` : '',
    infantsNote(passenger.infantCount),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <li
      data-reference={passenger.reference}
      className="grid gap-2 px-4 py-3 sm:grid-cols-[1.3fr_1.5fr_1fr_auto] sm:items-center print:break-inside-avoid print:grid-cols-[1.3fr_1.5fr_1fr_auto] print:px-0 print:py-2"
    >
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
          {passenger.name}
          <ChannelBadge channel={passenger.channel} partnerName={passenger.partnerName} />
        </p>
        <p className="text-sm text-slate-600">
          {passenger.phone ?? 'No phone'} · {passenger.nationality}
        </p>
        <p className="font-mono text-xs text-slate-600">
          {passenger.reference}
          {passenger.journey === 2 && (
            <span className="ml-1 font-sans font-semibold text-sky-800">Return</span>
          )}
        </p>
        {/* Every person of a party of more than one, named (docs/decisions/035). */}
        {passenger.persons.length + passenger.unnamedCount > 1 && (
          <PartyPersons
            persons={passenger.persons}
            unnamed={passenger.unnamedCount}
            label={`Persons of ${passenger.reference}`}
            className="mt-1 flex flex-col text-sm text-slate-800"
          />
        )}
      </div>
      <div className="text-sm text-slate-800">
        <p>
          {passenger.from?.name ?? UNKNOWN_LOCATION} → {passenger.to?.name ?? UNKNOWN_LOCATION}
        </p>
        <p className="text-slate-600">
          {passenger.departureTime && (
            <span className="tabular-nums">Departs {passenger.departureTime} · </span>
          )}
          {counts}
        </p>
      </div>
      <div className="text-sm text-slate-800">
        <p>{passenger.launch?.name ?? 'No launch'}</p>
        <p>
          <span className="text-slate-600">Seats </span>
          <span className="font-mono font-semibold">{passenger.seatNumbers.join(', ')}</span>
        </p>
      </div>
      <div className="sm:justify-self-end">
        {passenger.markedStatus ? (
          <MarkedStatusBadge status={passenger.markedStatus} />
        ) : (
          <span className="text-xs text-slate-500">Not marked</span>
        )}
      </div>
    </li>
  );
}

/**
 * On a route with stops between its ends, who sits in each seat on each leg: a seat sold per leg
 * (docs/decisions/032) carries one passenger to a stop and another from it.
 */
function SeatsByLegCard({ trip, passengers }: { trip: AdminTrip; passengers: TripPassenger[] }) {
  const stops = [...trip.stops].sort((a, b) => a.stopOrder - b.stopOrder);
  if (stops.length <= 2 || passengers.length === 0) return null;
  const seats = seatsByLeg(
    passengers.map((p) => ({ ...p, seats: p.seatNumbers, launch: p.launch?.name ?? null })),
    stops.length - 1,
    trip.launches.map((l) => l.name),
  );
  return (
    <section
      aria-labelledby="seats-by-leg-title"
      className="flex flex-col gap-2 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 print:break-before-page print:border-0 print:p-0 print:shadow-none"
    >
      <h2 id="seats-by-leg-title" className="text-lg font-semibold text-slate-900">
        Seats by leg
      </h2>
      <p className="text-sm text-slate-700">
        Who sits in each seat between stops. A seat sold for part of the route carries another passenger on
        the rest.
      </p>
      <SeatsByLeg
        seats={seats}
        stopNames={stops.map((s) => s.name || UNKNOWN_LOCATION)}
        testId="trip-seats-by-leg"
        caption="Seats by leg"
      />
    </section>
  );
}

export function TripManagement({
  scheduleId,
  onBack,
  onOpenTrip,
}: {
  scheduleId: string;
  onBack: () => void;
  onOpenTrip: (scheduleId: string) => void;
}) {
  const query = useQuery(tripPassengersQuery(scheduleId));

  const back = (
    <Button variant="ghost" className="-ml-2 self-start print:hidden" onClick={onBack}>
      <ArrowLeft aria-hidden="true" />
      Back to trips
    </Button>
  );

  if (query.isPending) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <p className="flex items-center gap-2 text-sm text-slate-700">
          <Spinner className="size-5 text-sky-700" />
          Loading trip…
        </p>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="flex flex-col gap-4">
        {back}
        <ErrorNote error={query.error} />
      </div>
    );
  }

  const { trip, passengers } = query.data;
  return (
    <div className="flex flex-col gap-4">
      {back}
      <Card className="flex flex-col gap-4 p-4 sm:p-6 print:border-0 print:p-0 print:shadow-none">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="flex flex-col gap-1.5">
            <div className="flex flex-wrap items-center gap-2">
              <h2 className="text-xl font-bold text-slate-900">{routeName(trip)}</h2>
              <ScheduleStatusBadge status={trip.status} />
            </div>
            <p className="text-sm text-slate-700">
              {formatDay(trip.travelDate)} · Departure{' '}
              <span className="tabular-nums">{trip.departureTime}</span>
              {' · '}
              {trip.launches.map((l) => l.name).join(', ') || 'No launch'}
            </p>
          </div>
          <div className="grid w-full gap-2 sm:flex sm:w-auto sm:flex-wrap print:hidden">
            {trip.status !== 'cancelled' && <StatusButton trip={trip} />}
            <DelayDepartureButton trip={trip} />
            <MoveBookingsButton trip={trip} />
            <CancelDepartureButton trip={trip} />
            <Button variant="outline" asChild>
              <a href={manifestUrl(trip.scheduleId)} download>
                <Download aria-hidden="true" />
                Download manifest (CSV)
              </a>
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <Printer aria-hidden="true" />
              Print
            </Button>
          </div>
        </div>
        {trip.stops.length > 2 && (
          <div className="max-w-sm">
            <StopList stops={trip.stops} />
          </div>
        )}
      </Card>

      <OnBoardCard scheduleId={trip.scheduleId} />

      <TripDisruptions scheduleId={trip.scheduleId} onOpenTrip={onOpenTrip} />

      <section aria-labelledby="trip-passengers" className="flex flex-col gap-3">
        <h2 id="trip-passengers" className="text-lg font-semibold text-slate-900">
          Passengers <span className="text-slate-600">({trip.passengerCount})</span>
        </h2>
        {passengers.length === 0 ? (
          <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-8 text-center text-slate-800">
            {MSG.noApprovedTickets}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white shadow-sm print:rounded-none print:border-x-0 print:shadow-none">
            {passengers.map((passenger) => (
              <PassengerRow key={passenger.ticketId} passenger={passenger} />
            ))}
          </ul>
        )}
      </section>

      <SeatsByLegCard trip={trip} passengers={passengers} />
    </div>
  );
}
