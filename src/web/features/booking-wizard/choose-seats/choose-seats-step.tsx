import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { useEffect, useMemo, useState } from 'react';
import { DEFAULT_GRID_CAPACITY } from '#shared/constants.ts';
import { LoadError } from '#web/components/load-error.tsx';
import { SeatGrid, SeatLegend, type SeatView } from '#web/components/seat-map/seat-grid.tsx';
import { VESSEL_TEXTS } from '#web/components/seat-map/vessel-texts.ts';
import { Button } from '#web/components/ui/button.tsx';
import { apiErrorText, MSG_TEXTS } from '#web/i18n/msg.ts';
import { text, useTexts } from '#web/i18n/texts.tsx';
import { toast } from '#web/lib/toast.ts';
import { ApiError, releaseSeats } from '../api.ts';
import { seatCount } from '../party.ts';
import { StepCard } from '../step-card.tsx';
import { lockSeats, seatMapQuery } from '../steps-api.ts';
import { BOOKING_TEXTS } from '../texts.ts';
import type { StepProps } from '../wizard-state.ts';

export default function ChooseSeatsStep({ state, dispatch }: StepProps) {
  const t = useTexts(BOOKING_TEXTS, VESSEL_TEXTS, MSG_TEXTS);
  const { selectedTrip: trip, selectedLaunch: launch, selectedSeats, sessionId } = state;
  const queryClient = useQueryClient();
  // The seats as they are for the passenger's own From -> To: a seat sold for other legs is free.
  const stretch = { originId: trip?.from.id ?? '', destinationId: trip?.to.id ?? '' };
  const mapQuery = seatMapQuery(
    trip?.scheduleId ?? '',
    trip?.travelDate ?? '',
    launch?.id ?? '',
    stretch,
    sessionId,
  );
  const seatMap = useQuery({ ...mapQuery, enabled: Boolean(trip && launch) });
  const [busy, setBusy] = useState(false);
  // One seat per adult and child: an infant sits on an adult's lap.
  const needed = seatCount(state.tickets);

  const seats = useMemo(() => {
    // docs/product.md section 10.2: another session's lock shows as Occupied, our own as ours to pick.
    const fromServer = seatMap.data?.seats;
    const labels =
      fromServer?.map((s) => ({ label: s.label, taken: s.state === 'occupied' || s.state === 'locked' })) ??
      (launch?.seatNumbers ?? Array.from({ length: DEFAULT_GRID_CAPACITY }, (_, i) => String(i + 1))).map(
        (label) => ({ label, taken: false }),
      );
    return labels.map(({ label, taken }) => ({
      label,
      view: (taken ? 'occupied' : selectedSeats.includes(label) ? 'selected' : 'available') as SeatView,
    }));
  }, [seatMap.data, launch, selectedSeats]);

  // A seat someone else took since it was picked can't be kept.
  const lost = seatMap.data?.seats
    .filter((s) => (s.state === 'occupied' || s.state === 'locked') && selectedSeats.includes(s.label))
    .map((s) => s.label);
  const lostKey = lost?.join(',') ?? '';
  useEffect(() => {
    if (!lostKey) return;
    const labels = lostKey.split(',');
    dispatch({ type: 'seatsTaken', labels });
    toast.error(text('msg.seatsUnavailable', { seats: labels.join(', ') }));
  }, [lostKey, dispatch]);

  if (!trip || !launch) return null;
  const hold = { scheduleId: trip.scheduleId, travelDate: trip.travelDate, launchId: launch.id };

  const toggle = (label: string) => {
    if (!selectedSeats.includes(label) && selectedSeats.length >= needed) {
      return void toast.error(t('msg.tooManySeats'));
    }
    dispatch({ type: 'seatToggled', label });
  };

  const onBack = async () => {
    setBusy(true);
    // docs/product.md section 4: going back from seats first lets the held seats go.
    await releaseSeats({ ...hold, seats: state.lockedSeats }, sessionId);
    setBusy(false);
    dispatch({ type: 'back' });
  };

  const onContinue = async () => {
    if (selectedSeats.length !== needed) return;
    setBusy(true);
    try {
      const { lockedUntil } = await lockSeats({ ...hold, seats: selectedSeats }, sessionId, {
        verificationToken: state.emailVerification.verificationToken,
        ...stretch,
      });
      const dropped = state.lockedSeats.filter((s) => !selectedSeats.includes(s));
      void releaseSeats({ ...hold, seats: dropped }, sessionId);
      dispatch({ type: 'seatsLocked', lockedUntil });
    } catch (error) {
      if (error instanceof ApiError && error.code === 'seats_unavailable') {
        // docs/product.md section 10.2: stay, unselect and name the taken seats, refresh the grid.
        dispatch({ type: 'seatsTaken', labels: error.details.seats ?? [] });
        toast.error(apiErrorText(t, error));
      } else if (error instanceof ApiError && error.code === 'email_not_verified') {
        // The verification expired meanwhile: verify again on step 2.
        toast.error(apiErrorText(t, error));
        dispatch({ type: 'verificationLost' });
      } else {
        console.warn(`Failed to lock seats: ${error instanceof Error ? error.message : String(error)}`);
        toast.error(apiErrorText(t, error));
      }
      void queryClient.invalidateQueries({ queryKey: mapQuery.queryKey });
    } finally {
      setBusy(false);
    }
  };

  return (
    <StepCard
      title={t('vessel.seatsTitle')}
      description={t('vessel.seatsIntro', { launch: launch.name, n: needed })}
      footer={
        <>
          <Button variant="outline" onClick={onBack} disabled={busy}>
            <ArrowLeft aria-hidden="true" /> {t('booking.back')}
          </Button>
          <Button onClick={onContinue} disabled={busy || selectedSeats.length !== needed}>
            {t('vessel.toPayment')} <ArrowRight aria-hidden="true" />
          </Button>
        </>
      }
    >
      <div className="grid gap-5">
        <SeatLegend />
        {seatMap.isError ? <LoadError error={seatMap.error} /> : null}
        <SeatGrid seats={seats} onToggle={toggle} />
        <p className="text-center text-sm text-slate-700" aria-live="polite">
          {selectedSeats.length > 0
            ? t('vessel.selectedSeats', {
                n: selectedSeats.length,
                total: needed,
                seats: selectedSeats.join(', '),
              })
            : t('vessel.selectedCount', { n: selectedSeats.length, total: needed })}
        </p>
      </div>
    </StepCard>
  );
}
