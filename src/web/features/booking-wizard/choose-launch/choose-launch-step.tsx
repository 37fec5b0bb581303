import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight, CheckCircle2, Ship } from 'lucide-react';
import type { Trip, TripLaunch } from '#shared/schemas.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { VESSEL_TEXTS } from '#web/components/seat-map/vessel-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { MSG_TEXTS } from '#web/i18n/msg.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { DATES_TEXTS, formatTravelDate } from '#web/lib/dates.ts';
import { cn } from '#web/lib/utils.ts';
import { seatCount } from '../party.ts';
import { StepCard } from '../step-card.tsx';
import { launchesQuery } from '../steps-api.ts';
import { BOOKING_TEXTS, usePlaceName } from '../texts.ts';
import type { Journey, StepProps } from '../wizard-state.ts';

export default function ChooseLaunchStep({ state, dispatch }: StepProps) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS, MSG_TEXTS, DATES_TEXTS);
  const { selectedTrip: trip, returnTrip } = state;
  // One seat per adult and child: an infant sits on an adult's lap.
  const needed = seatCount(state.tickets);
  const ready = Boolean(state.selectedLaunch && (!returnTrip || state.returnLaunch));
  // A return chooses a launch on each departure, each under its name, date and time.
  const heading = (key: 'vessel.outbound' | 'vessel.inbound', on: Trip) =>
    `${t(key)}: ${t('vessel.departs', { time: on.departureTime, date: formatTravelDate(on.travelDate) })}`;

  return (
    <StepCard
      title={t('vessel.launchTitle')}
      description={t('vessel.launchIntro', { n: needed })}
      footer={
        <>
          <Button variant="outline" onClick={() => dispatch({ type: 'back' })}>
            <ArrowLeft aria-hidden="true" /> {t('booking.back')}
          </Button>
          <Button disabled={!ready} onClick={() => dispatch({ type: 'continueToSeats', now: Date.now() })}>
            {t('vessel.toSeats')} <ArrowRight aria-hidden="true" />
          </Button>
        </>
      }
    >
      {trip ? (
        <Launches
          trip={trip}
          needed={needed}
          selectedId={state.selectedLaunch?.id}
          onSelect={(launch) => dispatch({ type: 'launchSelected', launch })}
          heading={returnTrip ? heading('vessel.outbound', trip) : undefined}
        />
      ) : null}
      {returnTrip ? (
        <Launches
          trip={returnTrip}
          needed={needed}
          selectedId={state.returnLaunch?.id}
          onSelect={(launch) => dispatch({ type: 'launchSelected', launch, journey: 'return' })}
          heading={heading('vessel.inbound', returnTrip)}
          journey="return"
        />
      ) : null}
    </StepCard>
  );
}

/** One departure's launches with the seats left for the passenger's stretch of it. */
function Launches({
  trip,
  needed,
  selectedId,
  onSelect,
  heading,
  journey,
}: {
  trip: Trip;
  needed: number;
  selectedId: string | undefined;
  onSelect: (launch: TripLaunch) => void;
  /** Names the departure when there are two (a return). */
  heading?: string;
  journey?: Journey;
}) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS, MSG_TEXTS);
  const placeName = usePlaceName();
  const launches = useQuery(
    // The seats left for the passenger's own From -> To.
    launchesQuery(trip.scheduleId, trip.travelDate, { originId: trip.from.id, destinationId: trip.to.id }),
  );
  const id = `launches-${journey ?? 'out'}`;
  return (
    <section aria-labelledby={heading ? id : undefined} className="grid gap-3 not-first:mt-6">
      {heading ? (
        <div className="grid gap-1">
          <h3 id={id} className="font-semibold text-slate-900">
            {heading}
          </h3>
          <p className="text-sm text-slate-600">
            <bdi>{placeName(trip.from)}</bdi> {t('vessel.stopArrow')} <bdi>{placeName(trip.to)}</bdi>
          </p>
        </div>
      ) : null}
      {launches.isPending ? <p className="text-sm text-slate-600">{t('vessel.loadingLaunches')}</p> : null}
      {launches.isError ? <LoadError error={launches.error} /> : null}
      {launches.data?.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-600">
          {t('msg.noLaunches')}
        </p>
      ) : null}
      {launches.data && launches.data.length > 0 ? (
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {launches.data.map((launch) => (
            <li key={launch.id}>
              <LaunchCard
                launch={launch}
                selected={launch.id === selectedId}
                tooSmall={launch.freeSeats < needed}
                onSelect={() => onSelect(launch)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function LaunchCard({
  launch,
  selected,
  tooSmall,
  onSelect,
}: {
  launch: TripLaunch;
  selected: boolean;
  tooSmall: boolean;
  onSelect: () => void;
}) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS);
  return (
    <button
      type="button"
      aria-pressed={selected}
      disabled={tooSmall}
      onClick={onSelect}
      className={cn(
        'flex h-full w-full flex-col overflow-hidden rounded-xl border-2 bg-white text-start transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:cursor-not-allowed disabled:opacity-60',
        selected ? 'border-sky-700 ring-4 ring-sky-100' : 'border-slate-200 hover:border-sky-400',
      )}
    >
      <div className="relative aspect-[4/3] w-full bg-gradient-to-br from-sky-100 to-sky-200">
        {launch.imageUrl ? (
          <img src={launch.imageUrl} alt="" loading="lazy" className="size-full object-cover" />
        ) : (
          <Ship aria-hidden="true" className="absolute inset-0 m-auto size-16 text-sky-700/60" />
        )}
        {selected ? (
          <CheckCircle2
            aria-hidden="true"
            className="absolute end-2 top-2 size-7 rounded-full bg-white text-sky-700"
          />
        ) : null}
      </div>
      <div className="grid gap-1 p-4">
        <span className="font-semibold text-slate-900">{launch.name}</span>
        <span className="text-sm text-slate-600">{t('vessel.capacity', { n: launch.capacity })}</span>
        <span className={cn('text-sm font-medium', launch.freeSeats > 0 ? 'text-green-800' : 'text-red-700')}>
          {t('vessel.seatsFree', { n: launch.freeSeats })}
        </span>
        {tooSmall ? <span className="text-sm text-red-700">{t('vessel.launchTooSmall')}</span> : null}
      </div>
    </button>
  );
}
