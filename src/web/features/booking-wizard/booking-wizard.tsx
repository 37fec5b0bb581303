import { lazy, Suspense, useCallback, useEffect, useReducer, useRef } from 'react';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { releaseSeats } from './api.ts';
import { HoldTimer, useCountdown } from './hold-timer.tsx';
import { ProgressSteps } from './progress-steps.tsx';
import { SelectTripStep } from './select-trip/select-trip-step.tsx';
import { StepMovedContext } from './step-focus.ts';
import {
  holdDeadline,
  loadWizardState,
  saveWizardState,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from './wizard-state.ts';

// Later steps load while the passenger fills in the first one, keeping /booking's first load small.
const loaders = {
  passenger: () => import('./passenger-info/passenger-info-step.tsx'),
  launch: () => import('./choose-launch/choose-launch-step.tsx'),
  seats: () => import('./choose-seats/choose-seats-step.tsx'),
  payment: () => import('./payment/payment-step.tsx'),
  confirmation: () => import('./confirmation/confirmation.tsx'),
};
const PassengerInfoStep = lazy(loaders.passenger);
const ChooseLaunchStep = lazy(loaders.launch);
const ChooseSeatsStep = lazy(loaders.seats);
const PaymentStep = lazy(loaders.payment);
const Confirmation = lazy(loaders.confirmation);
const PREFETCH_DELAY_MS = 2_000;

export type StepProps = { state: WizardState; dispatch: (action: WizardAction) => void };

const HOLD_EXPIRED = 'Your seat hold has expired. Please select your trip again.';

export function BookingWizard() {
  const [state, dispatch] = useReducer(wizardReducer, undefined, loadWizardState);

  useEffect(() => saveWizardState(state), [state]);

  // Fetch the later steps' code in the background so Continue never waits on the network.
  useEffect(() => {
    const timer = setTimeout(() => {
      for (const load of Object.values(loaders)) void load();
    }, PREFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

  const firstStep = useRef(state.currentStep);
  const moved = useRef(false);
  if (state.currentStep !== firstStep.current) moved.current = true;

  const holding = state.currentStep === 4 || state.currentStep === 5;
  const onExpire = useCallback(() => {
    const { selectedTrip, selectedLaunch, lockedSeats, sessionId } = state;
    if (selectedTrip && selectedLaunch) {
      void releaseSeats(
        {
          scheduleId: selectedTrip.scheduleId,
          travelDate: selectedTrip.travelDate,
          launchId: selectedLaunch.id,
          seats: lockedSeats,
        },
        sessionId,
      );
    }
    dispatch({ type: 'holdExpired' });
    // Loaded on demand: the toast library stays out of /booking's first load (ARCHITECTURE.md section 6).
    void import('sonner').then(({ toast }) => toast.error(HOLD_EXPIRED));
  }, [state]);
  const secondsLeft = useCountdown(holding ? holdDeadline(state) : null, onExpire);

  const props: StepProps = { state, dispatch };
  return (
    <div id="booking-wizard" className="scroll-mt-20">
      <ProgressSteps current={state.currentStep} />
      {holding && secondsLeft !== null ? (
        <div className="mt-4 flex justify-end">
          <HoldTimer secondsLeft={secondsLeft} />
        </div>
      ) : null}
      <div className="mt-6">
        <StepMovedContext value={moved.current}>
          <Suspense
            fallback={
              <Card>
                <CardContent className="p-6 text-sm text-slate-600">Loading…</CardContent>
              </Card>
            }
          >
            {state.currentStep === 1 ? <SelectTripStep {...props} /> : null}
            {state.currentStep === 2 ? <PassengerInfoStep {...props} /> : null}
            {state.currentStep === 3 ? <ChooseLaunchStep {...props} /> : null}
            {state.currentStep === 4 ? <ChooseSeatsStep {...props} /> : null}
            {state.currentStep === 5 ? <PaymentStep {...props} /> : null}
            {state.currentStep === 6 ? <Confirmation {...props} /> : null}
          </Suspense>
        </StepMovedContext>
      </div>
    </div>
  );
}
