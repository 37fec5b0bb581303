import { describe, expect, it } from 'vitest';
import { SEAT_HOLD_SECONDS } from '#shared/constants.ts';
import type { Trip, TripLaunch } from '#shared/schemas.ts';
import {
  holdDeadline,
  initialWizardState,
  type Submission,
  type WizardAction,
  type WizardState,
  wizardReducer,
} from './wizard-state.ts';

const trip: Trip = {
  scheduleId: '00000000-0000-4000-8000-000000000001',
  travelDate: '2026-11-22',
  from: { id: 'a', name: 'Malé', nameDv: '' },
  to: { id: 'b', name: 'Maafushi', nameDv: '' },
  departureTime: '13:30',
  passengerDepartureTime: '13:30',
  stops: [],
  launchIds: ['l'],
  availableSeats: 12,
  status: 'scheduled',
  arrivalTime: null,
  durationMinutes: null,
  fare: { amount: '25.00', currency: 'MVR', tickets: 1 },
};
const launch: TripLaunch = {
  id: 'l',
  name: 'Sea Breeze',
  imageUrl: null,
  capacity: 12,
  seatNumbers: ['A1', 'A2'],
  freeSeats: 12,
};

const sent: Submission = {
  reference: '2611220001',
  trip,
  launchName: 'Sea Breeze',
  seats: ['A1', 'A2'],
  tickets: { localAdult: 2, localChild: 0, foreignerAdult: 0, foreignerChild: 0 },
  email: 'a@example.com',
  totalAmount: '50.00',
  currency: 'MVR',
};

const run = (actions: WizardAction[], from = initialWizardState()) => actions.reduce(wizardReducer, from);

const atSeats = (): WizardState =>
  run([
    { type: 'tripSelected', trip },
    { type: 'passengerChanged', info: { name: 'A', email: 'a@example.com' } },
    { type: 'emailVerified', verificationToken: 't' },
    {
      type: 'ticketsChanged',
      tickets: { localAdult: 2, localChild: 0, foreignerAdult: 0, foreignerChild: 0 },
    },
    { type: 'continueToLaunch' },
    { type: 'launchSelected', launch },
    { type: 'continueToSeats', now: 1_000 },
    { type: 'seatToggled', label: 'A1' },
    { type: 'seatToggled', label: 'A2' },
  ]);

describe('booking wizard transitions (docs/product.md section 4)', () => {
  it('starts on step 1 with the SPEC defaults', () => {
    const state = initialWizardState();
    expect(state.currentStep).toBe(1);
    expect(state.passengerInfo.nationality).toBe('Maldivian');
    expect(state.passengerInfo.countryCode).toBe('+960');
    expect(state.paymentCurrency).toBe('USD');
  });

  it('needs a verified e-mail to leave step 2', () => {
    const state = run([{ type: 'tripSelected', trip }, { type: 'continueToLaunch' }]);
    expect(state.currentStep).toBe(2);
  });

  it('changing the e-mail clears its verification', () => {
    const verified = run([
      { type: 'passengerChanged', info: { email: 'a@example.com' } },
      { type: 'emailVerified', verificationToken: 't' },
    ]);
    expect(
      wizardReducer(verified, { type: 'passengerChanged', info: { name: 'B' } }).emailVerification.isVerified,
    ).toBe(true);
    const changed = wizardReducer(verified, { type: 'passengerChanged', info: { email: 'b@example.com' } });
    expect(changed.emailVerification).toMatchObject({
      isVerified: false,
      verificationToken: null,
      attemptCount: 0,
    });
  });

  it('starts the hold on entering step 4 and counts to the earlier end', () => {
    const state = atSeats();
    expect(state.currentStep).toBe(4);
    expect(holdDeadline(state)).toBe(1_000 + SEAT_HOLD_SECONDS * 1000);
    const locked = wizardReducer(state, { type: 'seatsLocked', lockedUntil: new Date(60_000).toISOString() });
    expect(locked.currentStep).toBe(5);
    expect(locked.lockedSeats).toEqual(['A1', 'A2']);
    expect(holdDeadline(locked)).toBe(60_000);
  });

  it('back from 5 keeps the seats; back from 4 drops them and the hold', () => {
    const locked = wizardReducer(atSeats(), {
      type: 'seatsLocked',
      lockedUntil: new Date(60_000).toISOString(),
    });
    const step4 = wizardReducer(locked, { type: 'back' });
    expect(step4).toMatchObject({ currentStep: 4, selectedSeats: ['A1', 'A2'] });
    const step3 = wizardReducer(step4, { type: 'back' });
    expect(step3).toMatchObject({ currentStep: 3, selectedSeats: [], lockedSeats: [], timerStartTime: null });
  });

  it('taken seats are unselected and the wizard stays on or returns to step 4', () => {
    const locked = wizardReducer(atSeats(), {
      type: 'seatsLocked',
      lockedUntil: new Date(60_000).toISOString(),
    });
    const state = wizardReducer(locked, { type: 'seatsTaken', labels: ['A2'] });
    expect(state).toMatchObject({ currentStep: 4, selectedSeats: ['A1'], lockedSeats: ['A1'] });
  });

  it('an expired hold returns to step 1; a new booking run gets a new session id', () => {
    const expired = wizardReducer(atSeats(), { type: 'holdExpired' });
    expect(expired).toMatchObject({ currentStep: 1, selectedTrip: null, selectedSeats: [] });
    const done = wizardReducer(atSeats(), { type: 'submitted', submission: sent });
    const fresh = wizardReducer(done, { type: 'reset' });
    expect(fresh.currentStep).toBe(1);
    expect(fresh.sessionId).not.toBe(done.sessionId);
    expect(fresh.submission).toBeUndefined();
  });

  it('keeps the booking as sent for the confirmation, though the seats and the hold are gone', () => {
    const done = wizardReducer(atSeats(), { type: 'submitted', submission: sent });
    expect(done).toMatchObject({ currentStep: 6, selectedSeats: [] });
    expect(done.submission).toEqual(sent);
  });

  it('a changed payment currency gets a new idempotency key', () => {
    const state = atSeats();
    expect(wizardReducer(state, { type: 'currencyChanged', currency: 'MVR' }).idempotencyKey).not.toBe(
      state.idempotencyKey,
    );
  });
});
