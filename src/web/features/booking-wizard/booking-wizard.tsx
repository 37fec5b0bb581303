import { lazy, Suspense, useEffect, useReducer, useRef } from 'react';
import { Card, CardContent } from '#web/components/ui/card.tsx';
import { COMMON } from '#web/i18n/common.ts';
import { useTexts } from '#web/i18n/texts.tsx';
import { ProgressSteps } from './progress-steps.tsx';
import { runWhenIdle } from './run-when-idle.ts';
import { openSearchFromAddress } from './select-trip/open-search.ts';
import { SelectTripStep } from './select-trip/select-trip-step.tsx';
import { StepMovedContext } from './step-focus.ts';
import { BOOKING_TEXTS } from './texts.ts';
import { loadWizardState, type StepProps, saveWizardState, wizardReducer } from './wizard-state.ts';

const HoldTimer = lazy(() => import('./hold-timer-badge.tsx'));

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
const NEXT_STEP: Partial<Record<number, () => Promise<unknown>>> = {
  1: loaders.passenger,
  2: loaders.launch,
  3: loaders.seats,
  4: loaders.payment,
  5: loaders.confirmation,
};

export function BookingWizard() {
  const t = useTexts(BOOKING_TEXTS, COMMON);
  const [state, dispatch] = useReducer(wizardReducer, undefined, () =>
    openSearchFromAddress(loadWizardState()),
  );

  useEffect(() => saveWizardState(state), [state]);

  // The next step's code loads while the passenger is busy with this one: on the first step once
  // a search is filled in, on the others as they open, and only when the browser is idle. Never
  // all steps at once on arrival, which would parse the form and validation code (zod) while a
  // slow phone is still drawing the page.
  const searchReady = Boolean(state.search.date && state.search.fromId && state.search.toId);
  useEffect(() => {
    const next = NEXT_STEP[state.currentStep];
    if (!next || (state.currentStep === 1 && !searchReady)) return;
    return runWhenIdle(() => void next());
  }, [state.currentStep, searchReady]);

  const firstStep = useRef(state.currentStep);
  const moved = useRef(false);
  if (state.currentStep !== firstStep.current) moved.current = true;

  const holding = state.currentStep === 4 || state.currentStep === 5;
  const props: StepProps = { state, dispatch };
  return (
    <div id="booking-wizard" className="scroll-mt-20">
      <ProgressSteps current={state.currentStep} />
      {holding && state.timerStartTime !== null ? (
        <Suspense fallback={null}>
          <HoldTimer {...props} />
        </Suspense>
      ) : null}
      <div className="mt-6">
        <StepMovedContext value={moved.current}>
          <Suspense
            fallback={
              <Card>
                <CardContent className="p-6 text-sm text-slate-600">{t('common.loading')}</CardContent>
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
