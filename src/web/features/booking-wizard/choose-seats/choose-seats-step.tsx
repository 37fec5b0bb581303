import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_GRID_CAPACITY } from '#shared/constants.ts';
import type { Trip, TripLaunch } from '#shared/schemas.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { SeatGrid, SeatLegend, type SeatView } from '#web/components/seat-map/seat-grid.tsx';
import { VESSEL_TEXTS } from '#web/components/seat-map/vessel-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { apiErrorText, MSG_TEXTS } from '#web/i18n/msg.ts';
import { text, useTexts } from '#web/i18n/texts.tsx';
import { toast } from '#web/lib/toast.ts';
import { ApiError } from '../api.ts';
import { seatCount } from '../party.ts';
import { StepCard } from '../step-card.tsx';
import { lockSeats, releaseHold, seatMapQuery, wizardHold } from '../steps-api.ts';
import { BOOKING_TEXTS } from '../texts.ts';
import type { Journey, StepProps, WizardAction } from '../wizard-state.ts';

/**
 * Step 4: the seats on the departure, and for a return on the way back as well (the same count
 * on each, for the passenger's stretch of each), held together in one lock on continuing.
 */
export default function ChooseSeatsStep({ state, dispatch }: StepProps) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS, MSG_TEXTS);
  const { selectedTrip: trip, selectedLaunch: launch, returnTrip, returnLaunch, sessionId } = state;
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // One seat per adult and child: an infant sits on an adult's lap.
  const needed = seatCount(state.tickets);
  const isReturn = Boolean(returnTrip && returnLaunch);
  const complete =
    state.selectedSeats.length === needed && (!isReturn || state.returnSeats.length === needed);

  if (!trip || !launch) return null;

  const onBack = async () => {
    setBusy(true);
    // docs/product.md section 4: going back from seats first lets the held seats go (both departures').
    await releaseHold(wizardHold(state, state.lockedSeats, state.returnLockedSeats), sessionId);
    setBusy(false);
    dispatch({ type: 'back' });
  };

  const onContinue = async () => {
    const hold = wizardHold(state);
    if (!complete || !hold) return;
    setBusy(true);
    try {
      const { lockedUntil, reference } = await lockSeats(
        hold,
        sessionId,
        state.emailVerification.verificationToken,
      );
      const dropped = (locked: string[], chosen: string[]) => locked.filter((s) => !chosen.includes(s));
      void releaseHold(
        wizardHold(
          state,
          dropped(state.lockedSeats, state.selectedSeats),
          dropped(state.returnLockedSeats, state.returnSeats),
        ),
        sessionId,
      );
      dispatch({ type: 'seatsLocked', lockedUntil, reference });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'seats_unavailable') {
        // docs/product.md section 10.2: stay, unselect and name the taken seats, refresh the grid.
        // A return's refused seats may be on either departure: the refreshed maps unselect them.
        if (!isReturn) dispatch({ type: 'seatsTaken', labels: error.details.seats ?? [] });
        toast.error(apiErrorText(t, error));
      } else if (error instanceof ApiError && error.code === 'email_not_verified') {
        // The verification expired meanwhile: verify again on step 2.
        toast.error(apiErrorText(t, error));
        dispatch({ type: 'verificationLost' });
      } else {
        console.warn(`Failed to lock seats: ${error instanceof Error ? error.message : String(error)}`);
        toast.error(apiErrorText(t, error));
      }
      void queryClient.invalidateQueries({ queryKey: ['seat-map'] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepCard
      title={t('vessel.seatsTitle')}
      description={isReturn ? undefined : t('vessel.seatsIntro', { launch: launch.name, n: needed })}
      footer={
        <>
          <Button variant="outline" onClick={onBack} disabled={busy}>
            <ArrowLeft aria-hidden="true" /> {t('booking.back')}
          </Button>
          <Button onClick={onContinue} disabled={busy || !complete}>
            {t('vessel.toPayment')} <ArrowRight aria-hidden="true" />
          </Button>
        </>
      }
    >
      <div className="grid gap-5">
        <SeatLegend />
        <JourneySeats
          trip={trip}
          launch={launch}
          selected={state.selectedSeats}
          needed={needed}
          sessionId={sessionId}
          dispatch={dispatch}
          heading={isReturn ? t('vessel.seatsOut') : undefined}
        />
        {returnTrip && returnLaunch ? (
          <JourneySeats
            trip={returnTrip}
            launch={returnLaunch}
            selected={state.returnSeats}
            needed={needed}
            sessionId={sessionId}
            dispatch={dispatch}
            heading={t('vessel.seatsBack')}
            journey="return"
          />
        ) : null}
      </div>
    </StepCard>
  );
}

/** One departure's seat map, seen from the passenger's From -> To on it, and the count chosen. */
function JourneySeats({
  trip,
  launch,
  selected,
  needed,
  sessionId,
  dispatch,
  heading,
  journey,
}: {
  trip: Trip;
  launch: TripLaunch;
  selected: string[];
  needed: number;
  sessionId: string;
  dispatch: (action: WizardAction) => void;
  /** Names the departure when there are two (a return). */
  heading?: string;
  journey?: Journey;
}) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS, MSG_TEXTS);
  // The seats as they are for the passenger's own From -> To: a seat sold for other legs is free.
  const stretch = { originId: trip.from.id, destinationId: trip.to.id };
  const seatMap = useQuery(seatMapQuery(trip.scheduleId, trip.travelDate, launch.id, stretch, sessionId));

  const seats = useMemo(() => {
    // docs/product.md section 10.2: another session's lock shows as Occupied, our own as ours to pick.
    const fromServer = seatMap.data?.seats;
    const labels =
      fromServer?.map((s) => ({ label: s.label, taken: s.state === 'occupied' || s.state === 'locked' })) ??
      (launch.seatNumbers ?? Array.from({ length: DEFAULT_GRID_CAPACITY }, (_, i) => String(i + 1))).map(
        (label) => ({ label, taken: false }),
      );
    return labels.map(({ label, taken }) => ({
      label,
      view: (taken ? 'occupied' : selected.includes(label) ? 'selected' : 'available') as SeatView,
    }));
  }, [seatMap.data, launch, selected]);

  // A seat someone else took since it was picked can't be kept.
  const lost = seatMap.data?.seats
    .filter((s) => (s.state === 'occupied' || s.state === 'locked') && selected.includes(s.label))
    .map((s) => s.label);
  const lostKey = lost?.join(',') ?? '';
  useEffect(() => {
    if (!lostKey) return;
    const labels = lostKey.split(',');
    dispatch({ type: 'seatsTaken', labels, journey });
    toast.error(text('msg.seatsUnavailable', { seats: labels.join(', ') }));
  }, [lostKey, dispatch, journey]);

  const toggle = (label: string) => {
    if (!selected.includes(label) && selected.length >= needed) {
      return void toast.error(t('msg.tooManySeats'));
    }
    dispatch({ type: 'seatToggled', label, journey });
  };

  const id = `seats-${journey ?? 'out'}`;
  return (
    <section aria-labelledby={heading ? id : undefined} className="grid gap-3">
      {heading ? (
        <div className="grid gap-1">
          <h3 id={id} className="font-semibold text-slate-900">
            {heading}
          </h3>
          <p className="text-sm text-slate-600">
            {t('vessel.seatsIntro', { launch: launch.name, n: needed })}
          </p>
        </div>
      ) : null}
      {seatMap.isError ? <LoadError error={seatMap.error} /> : null}
      <SeatGrid seats={seats} onToggle={toggle} />
      <p className="text-center text-sm text-slate-700" aria-live="polite">
        {selected.length > 0
          ? t('vessel.selectedSeats', { n: selected.length, total: needed, seats: selected.join(', ') })
          : t('vessel.selectedCount', { n: selected.length, total: needed })}
      </p>
    </section>
  );
}
