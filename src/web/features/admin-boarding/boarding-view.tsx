import { useQuery } from '@tanstack/react-query';
import { Check, UserX } from 'lucide-react';
import type { AdminTrip, TripPassenger } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages.ts';
import { EmptyNote, ErrorNote, LoadingNote } from '#web/components/query-notes.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Card, CardContent, CardHeader } from '#web/components/ui/card.tsx';
import { apiErrorText } from '#web/lib/api-client.ts';
import { toast } from '#web/lib/toast.ts';
import { useUrlParams } from '#web/lib/use-url-params.ts';
import { cn } from '#web/lib/utils.ts';
import { boardingDayQuery, boardingTripQuery, useMarkBoarding } from './api.ts';

const routeOf = (trip: AdminTrip) => `${trip.from?.name ?? 'Unknown'} → ${trip.to?.name ?? 'Unknown'}`;

/** Today's departures; choosing one lists its passengers to board. */
export function BoardingView() {
  const day = useQuery(boardingDayQuery);
  const [params, setParams] = useUrlParams();
  const chosen = params.get('trip');

  if (day.isPending) return <LoadingNote>Loading today’s departures…</LoadingNote>;
  if (day.isError) return <ErrorNote error={day.error} className="mt-6" />;
  const trips = day.data.trips;
  const trip = trips.find((t) => t.scheduleId === chosen) ?? null;

  return (
    <div className="mt-6 grid gap-6 lg:grid-cols-[20rem_1fr] lg:items-start">
      <section aria-labelledby="departures-title" className="space-y-3">
        <h2 id="departures-title" className="text-lg font-semibold text-slate-900">
          Today’s departures
        </h2>
        {trips.length === 0 ? (
          <EmptyNote>No departures today.</EmptyNote>
        ) : (
          <ul className="space-y-2">
            {trips.map((t) => (
              <li key={t.scheduleId}>
                <button
                  type="button"
                  aria-pressed={t.scheduleId === chosen}
                  onClick={() => setParams({ trip: t.scheduleId })}
                  className={cn(
                    'w-full rounded-xl border bg-white p-3 text-start shadow-sm hover:border-sky-400 focus-visible:outline-2 focus-visible:outline-sky-600',
                    t.scheduleId === chosen ? 'border-sky-600 ring-1 ring-sky-600' : 'border-slate-200',
                  )}
                >
                  <span className="block text-lg font-bold text-slate-900">{t.departureTime}</span>
                  <span className="block text-sm text-slate-700">{routeOf(t)}</span>
                  <span className="block text-sm text-slate-600">
                    {t.launches.map((l) => l.name).join(', ') || 'No launch'} · {t.passengerCount}{' '}
                    {t.passengerCount === 1 ? 'passenger' : 'passengers'}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </section>
      {trip ? (
        <TripBoarding trip={trip} />
      ) : (
        trips.length > 0 && <EmptyNote>Choose a departure to board.</EmptyNote>
      )}
    </div>
  );
}

function TripBoarding({ trip }: { trip: AdminTrip }) {
  const list = useQuery(boardingTripQuery(trip.scheduleId));
  const mark = useMarkBoarding(trip.scheduleId);
  const passengers = list.data?.passengers ?? [];
  const people = (p: TripPassenger) => p.adultCount + p.childCount;
  const total = passengers.reduce((n, p) => n + people(p), 0);
  const onBoard = passengers.filter((p) => p.markedStatus === 'present').reduce((n, p) => n + people(p), 0);

  const onMark = (p: TripPassenger, status: 'present' | 'no_show') =>
    mark.mutate(
      { ticketId: p.ticketId, status },
      {
        onSuccess: () => toast.success(MSG.ticketMarked(status === 'present' ? 'on board' : 'no-show')),
        onError: (error) => toast.error(MSG.ticketMarkFailed, { description: apiErrorText(error) }),
      },
    );

  return (
    <Card>
      <CardHeader>
        <h2 className="text-lg font-semibold text-slate-900">
          {trip.departureTime} · {routeOf(trip)}
        </h2>
        <p role="status" className="text-sm font-medium text-slate-700">
          On board: {onBoard} of {total}
        </p>
      </CardHeader>
      <CardContent>
        {list.isPending ? (
          <LoadingNote>Loading passengers…</LoadingNote>
        ) : list.isError ? (
          <ErrorNote error={list.error} />
        ) : passengers.length === 0 ? (
          <EmptyNote>No approved bookings on this departure.</EmptyNote>
        ) : (
          <ul className="divide-y divide-slate-200" aria-label="Passengers">
            {passengers.map((p) => (
              <li key={p.ticketId} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-semibold text-slate-900">{p.name}</p>
                  <p className="text-sm text-slate-600">
                    <bdi dir="ltr">{p.reference}</bdi> · Seats {p.seatNumbers.join(', ')} ·{' '}
                    {p.from?.name ?? '?'} → {p.to?.name ?? '?'}
                  </p>
                  <p className="text-sm font-medium text-slate-800">
                    {p.markedStatus === 'present'
                      ? 'On board'
                      : p.markedStatus === 'no_show'
                        ? 'No-show'
                        : 'Not boarded'}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    size="sm"
                    aria-pressed={p.markedStatus === 'present'}
                    aria-label={`${p.name}: on board`}
                    variant={p.markedStatus === 'present' ? 'default' : 'outline'}
                    disabled={mark.isPending}
                    onClick={() => onMark(p, 'present')}
                  >
                    <Check aria-hidden="true" />
                    On board
                  </Button>
                  <Button
                    size="sm"
                    aria-pressed={p.markedStatus === 'no_show'}
                    aria-label={`${p.name}: no-show`}
                    variant={p.markedStatus === 'no_show' ? 'default' : 'outline'}
                    disabled={mark.isPending}
                    onClick={() => onMark(p, 'no_show')}
                  >
                    <UserX aria-hidden="true" />
                    No-show
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
