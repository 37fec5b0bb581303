import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SEAT_HOLD_SECONDS } from '#shared/constants.ts';
import {
  bookingRequestSchema,
  PERSON_NAME_MAX as SERVER_NAME_MAX,
  type Trip,
  type TripLaunch,
} from '#shared/schemas.ts';
import { holdDeadline } from './hold-timer.tsx';
import { bookingParty, capInfants, infantsFull, PERSON_NAME_MAX, partyPersons, seatCount } from './party.ts';
import { leavesAfter } from './select-trip/return-choice.tsx';
import { wizardHold } from './steps-api.ts';
import {
  EMPTY_TICKETS,
  initialWizardState,
  loadWizardState,
  type Submission,
  saveWizardState,
  type TicketCounts,
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
  tickets: { ...EMPTY_TICKETS, localAdult: 2 },
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
      tickets: { ...EMPTY_TICKETS, localAdult: 2 },
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

  it('keeps the reference the lock answered through a new choice and an expired hold; a new run has none', () => {
    const locked = wizardReducer(atSeats(), {
      type: 'seatsLocked',
      lockedUntil: new Date(60_000).toISOString(),
      reference: '2611281234',
    });
    expect(locked.reference).toBe('2611281234');
    const step3 = wizardReducer(wizardReducer(locked, { type: 'back' }), { type: 'back' });
    expect(step3.reference).toBe('2611281234');
    expect(wizardReducer(locked, { type: 'holdExpired' }).reference).toBe('2611281234');
    // A lock from an older server answers none: the one shown stays.
    expect(wizardReducer(locked, { type: 'seatsLocked', lockedUntil: 'x' }).reference).toBe('2611281234');
    expect(wizardReducer(locked, { type: 'reset' }).reference ?? null).toBeNull();
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

const party = (counts: Partial<TicketCounts>): TicketCounts => ({ ...EMPTY_TICKETS, ...counts });
const names = (state: WizardState) => partyPersons(state).map((p) => `${p.category} ${p.number}: ${p.name}`);

// A return: out Malé -> Maafushi at 13:30 arriving 14:30, back Maafushi -> Malé at 16:00.
const out: Trip = { ...trip, arrivalTime: '14:30' };
const back: Trip = {
  ...trip,
  scheduleId: '00000000-0000-4000-8000-000000000002',
  from: trip.to,
  to: trip.from,
  departureTime: '16:00',
  passengerDepartureTime: '16:00',
  returnDiscountPercent: '10',
};
const backLaunch: TripLaunch = { ...launch, id: 'm', name: 'Blue Dolphin' };

const returnAtSeats = (): WizardState =>
  run([
    {
      type: 'searchChanged',
      search: { date: out.travelDate, fromId: 'a', toId: 'b', returnDate: out.travelDate },
    },
    { type: 'tripSelected', trip: out },
    { type: 'returnSelected', trip: back },
    { type: 'passengerChanged', info: { name: 'A', email: 'a@example.com' } },
    { type: 'emailVerified', verificationToken: 't' },
    { type: 'ticketsChanged', tickets: { ...EMPTY_TICKETS, localAdult: 1, localInfant: 1 } },
    { type: 'continueToLaunch' },
    { type: 'launchSelected', launch },
    { type: 'launchSelected', launch: backLaunch, journey: 'return' },
    { type: 'continueToSeats', now: 1_000 },
    { type: 'seatToggled', label: 'A1' },
    { type: 'seatToggled', label: 'A2', journey: 'return' },
  ]);

describe('a return trip', () => {
  it('stays on step 1 after the outbound trip to pick the way back, then goes on', () => {
    const search = { date: out.travelDate, fromId: 'a', toId: 'b', returnDate: out.travelDate };
    const picked = run([
      { type: 'searchChanged', search },
      { type: 'tripSelected', trip: out },
    ]);
    expect(picked).toMatchObject({ currentStep: 1, selectedTrip: out, returnTrip: null });
    expect(wizardReducer(picked, { type: 'returnSelected', trip: back })).toMatchObject({
      currentStep: 2,
      selectedTrip: out,
      returnTrip: back,
    });
    // One way ('' return date) goes straight on, without a way back.
    const oneWay = run([
      { type: 'searchChanged', search: { ...search, returnDate: '' } },
      { type: 'tripSelected', trip: out },
    ]);
    expect(oneWay).toMatchObject({ currentStep: 2, returnTrip: null });
  });

  it('offers only departures leaving after the outbound arrives, the same day or later', () => {
    expect(leavesAfter(out, back)).toBe(true);
    expect(leavesAfter(out, { ...back, departureTime: '14:30' })).toBe(false);
    expect(leavesAfter(out, { ...back, departureTime: '09:00' })).toBe(false);
    expect(leavesAfter(out, { ...back, departureTime: '09:00', travelDate: '2026-11-23' })).toBe(true);
    // Without a timetabled arrival, after the outbound leaves.
    expect(leavesAfter({ ...out, arrivalTime: null }, { ...back, departureTime: '13:45' })).toBe(true);
  });

  it('another outbound trip drops the way back picked for the one before', () => {
    const state = run([
      {
        type: 'searchChanged',
        search: { date: out.travelDate, fromId: 'a', toId: 'b', returnDate: out.travelDate },
      },
      { type: 'tripSelected', trip: out },
      { type: 'returnSelected', trip: back },
      { type: 'back' },
      { type: 'tripSelected', trip: { ...out, scheduleId: '00000000-0000-4000-8000-000000000003' } },
    ]);
    expect(state).toMatchObject({ currentStep: 1, returnTrip: null, returnLaunch: null });
  });

  it('needs a launch on both departures for the seats', () => {
    const atLaunches = run([{ type: 'back' }], returnAtSeats());
    expect(atLaunches.currentStep).toBe(3);
    const noWayBack = { ...atLaunches, returnLaunch: null };
    expect(wizardReducer(noWayBack, { type: 'continueToSeats', now: 1 }).currentStep).toBe(3);
    const both = wizardReducer(noWayBack, { type: 'launchSelected', launch: backLaunch, journey: 'return' });
    expect(both).toMatchObject({ selectedLaunch: launch, returnLaunch: backLaunch });
    expect(wizardReducer(both, { type: 'continueToSeats', now: 1 }).currentStep).toBe(4);
  });

  it('chooses seats on each departure apart and locks them together, the same count on each', () => {
    const state = returnAtSeats();
    expect(state).toMatchObject({ selectedSeats: ['A1'], returnSeats: ['A2'] });
    expect(seatCount(state.tickets)).toBe(1);
    const locked = wizardReducer(state, { type: 'seatsLocked', lockedUntil: new Date(60_000).toISOString() });
    expect(locked).toMatchObject({ currentStep: 5, lockedSeats: ['A1'], returnLockedSeats: ['A2'] });
    // The lock and the booking carry the way back beside the outbound, each for its own stretch.
    expect(wizardHold(locked)).toEqual({
      scheduleId: out.scheduleId,
      travelDate: out.travelDate,
      launchId: 'l',
      originId: 'a',
      destinationId: 'b',
      seats: ['A1'],
      return: {
        scheduleId: back.scheduleId,
        travelDate: back.travelDate,
        launchId: 'm',
        originId: 'b',
        destinationId: 'a',
        seats: ['A2'],
      },
    });
    // A seat taken on the way back is let go there only.
    const taken = wizardReducer(locked, { type: 'seatsTaken', labels: ['A2', 'A1'], journey: 'return' });
    expect(taken).toMatchObject({
      currentStep: 4,
      selectedSeats: ['A1'],
      lockedSeats: ['A1'],
      returnSeats: [],
    });
  });

  it('back from the seats and an expired hold drop both departures’ seats, once the release has them', () => {
    const locked = wizardReducer(returnAtSeats(), {
      type: 'seatsLocked',
      lockedUntil: new Date(60_000).toISOString(),
    });
    // What the release sends (hold-timer-badge.tsx, choose-seats-step.tsx) before the state drops it.
    const release = wizardHold(locked, locked.lockedSeats, locked.returnLockedSeats);
    expect([release?.seats, release?.return?.seats]).toEqual([['A1'], ['A2']]);
    const step3 = run([{ type: 'back' }, { type: 'back' }], locked);
    expect(step3).toMatchObject({
      currentStep: 3,
      selectedSeats: [],
      lockedSeats: [],
      returnSeats: [],
      returnLockedSeats: [],
      returnTrip: back,
      returnLaunch: backLaunch,
    });
    const expired = wizardReducer(locked, { type: 'holdExpired' });
    expect(expired).toMatchObject({
      currentStep: 1,
      selectedTrip: null,
      returnTrip: null,
      returnLaunch: null,
      returnSeats: [],
      returnLockedSeats: [],
    });
    expect(wizardHold(expired)).toBeNull();
  });

  it('a one-way run sends no way back', () => {
    expect(wizardHold(atSeats())).not.toHaveProperty('return');
  });
});

describe('the party (docs/product.md sections 2.4 and 10.3)', () => {
  it('gives adults and children a seat each, and infants none', () => {
    const tickets = party({
      localAdult: 1,
      foreignerAdult: 1,
      localChild: 1,
      localInfant: 1,
      foreignerInfant: 1,
    });
    expect(seatCount(tickets)).toBe(3);
  });

  it('takes one infant per adult, adults of both ticket types counted', () => {
    expect(infantsFull(party({}))).toBe(true);
    expect(infantsFull(party({ localAdult: 1 }))).toBe(false);
    expect(infantsFull(party({ localAdult: 1, foreignerInfant: 1 }))).toBe(true);
    expect(infantsFull(party({ localAdult: 1, foreignerAdult: 1, localInfant: 1 }))).toBe(false);
  });

  it('takes an infant away with the adult whose lap it was on, of that adult’s type first', () => {
    const both = party({ localAdult: 1, foreignerAdult: 1, localInfant: 1, foreignerInfant: 1 });
    expect(capInfants({ ...both, foreignerAdult: 0 })).toEqual(party({ localAdult: 1, localInfant: 1 }));
    expect(capInfants({ ...both, localAdult: 0 })).toEqual(party({ foreignerAdult: 1, foreignerInfant: 1 }));
    // Two local infants on a foreigner's and a local's lap: the local adult gone takes one.
    expect(capInfants(party({ foreignerAdult: 1, localInfant: 2 }))).toEqual(
      party({ foreignerAdult: 1, localInfant: 1 }),
    );
    // No adult left: no infant either.
    expect(capInfants(party({ localInfant: 2, foreignerInfant: 1 }))).toEqual(party({}));
    // A party within the limit is left as it is.
    const fine = party({ localAdult: 2, localInfant: 2 });
    expect(capInfants(fine)).toBe(fine);
  });

  it('names everyone, adults first, the contact being the first person', () => {
    const state = run([
      { type: 'passengerChanged', info: { name: 'Aishath Ali', nationality: 'Maldivian' } },
      {
        type: 'ticketsChanged',
        tickets: party({ localAdult: 1, foreignerAdult: 1, localChild: 1, localInfant: 1 }),
      },
      { type: 'personChanged', key: 'adult-1', person: { name: 'John Smith', nationality: 'British' } },
      { type: 'personChanged', key: 'child-0', person: { name: 'Hawwa Ali' } },
      { type: 'personChanged', key: 'infant-0', person: { name: 'Ahmed Ali' } },
    ]);
    expect(partyPersons(state)).toEqual([
      {
        key: 'adult-0',
        category: 'adult',
        number: 1,
        isContact: true,
        name: 'Aishath Ali',
        nationality: 'Maldivian',
      },
      {
        key: 'adult-1',
        category: 'adult',
        number: 2,
        isContact: false,
        name: 'John Smith',
        nationality: 'British',
      },
      // No nationality of their own chosen: the contact's, and it follows the contact's.
      {
        key: 'child-0',
        category: 'child',
        number: 1,
        isContact: false,
        name: 'Hawwa Ali',
        nationality: 'Maldivian',
      },
      {
        key: 'infant-0',
        category: 'infant',
        number: 1,
        isContact: false,
        name: 'Ahmed Ali',
        nationality: 'Maldivian',
      },
    ]);
    const changed = wizardReducer(state, { type: 'passengerChanged', info: { nationality: 'Indian' } });
    expect(partyPersons(changed).map((p) => p.nationality)).toEqual([
      'Indian',
      'British',
      'Indian',
      'Indian',
    ]);
  });

  it('keeps the names typed when the party changes, and gives them back when a person returns', () => {
    const state = run([
      { type: 'passengerChanged', info: { name: 'Aishath Ali' } },
      { type: 'ticketsChanged', tickets: party({ localAdult: 2, localInfant: 2 }) },
      { type: 'personChanged', key: 'adult-1', person: { name: 'Ibrahim Ali' } },
      { type: 'personChanged', key: 'infant-0', person: { name: 'Ahmed Ali' } },
      { type: 'personChanged', key: 'infant-1', person: { name: 'Mariyam Ali' } },
    ]);
    // One adult less takes the second infant with it; the others keep their names.
    const smaller = wizardReducer(state, {
      type: 'ticketsChanged',
      tickets: capInfants({ ...state.tickets, localAdult: 1 }),
    });
    expect(names(smaller)).toEqual(['adult 1: Aishath Ali', 'infant 1: Ahmed Ali']);
    // A child added meanwhile comes unnamed, between the adults and the infants.
    const withChild = wizardReducer(smaller, {
      type: 'ticketsChanged',
      tickets: { ...smaller.tickets, localChild: 1 },
    });
    expect(names(withChild)).toEqual(['adult 1: Aishath Ali', 'child 1: ', 'infant 1: Ahmed Ali']);
    // Back to two adults and two infants: as typed before.
    const again = wizardReducer(withChild, {
      type: 'ticketsChanged',
      tickets: party({ localAdult: 2, localInfant: 2 }),
    });
    expect(names(again)).toEqual([
      'adult 1: Aishath Ali',
      'adult 2: Ibrahim Ali',
      'infant 1: Ahmed Ali',
      'infant 2: Mariyam Ali',
    ]);
  });

  it('keeps the persons through the steps, back and forth', () => {
    const named = wizardReducer(atSeats(), { type: 'personChanged', key: 'adult-1', person: { name: 'B' } });
    const back = [3, 2].reduce<WizardState>((state) => wizardReducer(state, { type: 'back' }), named);
    expect(back.currentStep).toBe(2);
    expect(names(back)).toEqual(['adult 1: A', 'adult 2: B']);
    const forward = run([{ type: 'continueToLaunch' }, { type: 'launchSelected', launch }], back);
    expect(forward.currentStep).toBe(3);
    expect(names(forward)).toEqual(['adult 1: A', 'adult 2: B']);
  });
});

describe('the party as the booking sends it (docs/decisions/035-every-person-named.md)', () => {
  const booking = (state: WizardState, seats: string[]) =>
    bookingRequestSchema.safeParse({
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      originId: '00000000-0000-4000-8000-000000000002',
      destinationId: '00000000-0000-4000-8000-000000000003',
      launchId: '00000000-0000-4000-8000-000000000004',
      seats,
      ...bookingParty(state),
      passenger: {
        name: state.passengerInfo.name,
        email: 'a@example.com',
        nationality: state.passengerInfo.nationality,
      },
    });

  it('is what the server takes: one seat for an adult with an infant, both named, the contact first', () => {
    const state = run([
      { type: 'passengerChanged', info: { name: ' Aishath Ali ', nationality: 'Maldivian' } },
      { type: 'ticketsChanged', tickets: party({ localAdult: 1, localInfant: 1 }) },
      { type: 'personChanged', key: 'infant-0', person: { name: 'Ahmed Ali ' } },
    ]);
    const parsed = booking(state, ['A1']);
    expect(parsed.error).toBeUndefined();
    expect(parsed.data?.passengers).toEqual([
      { name: 'Aishath Ali', nationality: 'Maldivian', category: 'adult' },
      { name: 'Ahmed Ali', nationality: 'Maldivian', category: 'infant' },
    ]);
    // The infant takes no seat: a second one is one too many.
    expect(booking(state, ['A1', 'A2']).error?.issues[0]?.path).toEqual(['seats']);
  });

  it('names a mixed party in the order the server gives out the ticket types', () => {
    const state = run([
      { type: 'passengerChanged', info: { name: 'Aishath Ali' } },
      { type: 'ticketsChanged', tickets: party({ localAdult: 1, foreignerAdult: 1, foreignerChild: 1 }) },
      { type: 'personChanged', key: 'adult-1', person: { name: 'John Smith', nationality: 'British' } },
      { type: 'personChanged', key: 'child-0', person: { name: 'Amy Smith', nationality: 'British' } },
    ]);
    const parsed = booking(state, ['A1', 'A2', 'A3']);
    expect(parsed.error).toBeUndefined();
    expect(parsed.data?.passengers?.map((p) => p.name)).toEqual(['Aishath Ali', 'John Smith', 'Amy Smith']);
  });

  it('takes names as long as the server does', () => {
    expect(PERSON_NAME_MAX).toBe(SERVER_NAME_MAX);
  });
});

describe('a run saved in the tab (docs/product.md section 10.13)', () => {
  const store = new Map<string, string>();
  const storage = {
    getItem: (key: string) => store.get(key) ?? null,
    setItem: (key: string, value: string) => void store.set(key, value),
  };
  const original = Object.getOwnPropertyDescriptor(globalThis, 'sessionStorage');
  beforeEach(() => {
    store.clear();
    Object.defineProperty(globalThis, 'sessionStorage', { value: storage, configurable: true });
  });
  afterEach(() => {
    if (original) Object.defineProperty(globalThis, 'sessionStorage', original);
    else Reflect.deleteProperty(globalThis, 'sessionStorage');
  });

  it('comes back with its persons after a reload', () => {
    const state = wizardReducer(atSeats(), { type: 'personChanged', key: 'adult-1', person: { name: 'B' } });
    saveWizardState(state);
    expect(names(loadWizardState())).toEqual(['adult 1: A', 'adult 2: B']);
  });

  it('saved before infants were counted, counts none', () => {
    const { persons: _, ...older } = atSeats();
    store.set(
      'booking-wizard',
      JSON.stringify({
        ...older,
        tickets: { localAdult: 2, localChild: 0, foreignerAdult: 0, foreignerChild: 0 },
      }),
    );
    const loaded = loadWizardState();
    expect(loaded.tickets).toEqual(party({ localAdult: 2 }));
    expect(names(loaded)).toEqual(['adult 1: A', 'adult 2: ']);
  });

  it('saved before returns were offered, is a one-way run with no way back', () => {
    const {
      returnTrip: _,
      returnLaunch: __,
      returnSeats: ___,
      returnLockedSeats: ____,
      ...older
    } = atSeats();
    store.set(
      'booking-wizard',
      JSON.stringify({ ...older, search: { date: '2026-11-22', fromId: 'a', toId: 'b' } }),
    );
    const loaded = loadWizardState();
    expect(loaded).toMatchObject({
      currentStep: 4,
      selectedSeats: ['A1', 'A2'],
      returnTrip: null,
      returnLaunch: null,
      returnSeats: [],
      returnLockedSeats: [],
    });
    expect(loaded.search.returnDate ?? '').toBe('');
    expect(wizardHold(loaded)).not.toHaveProperty('return');
    // and goes on as before: its seats lock alone.
    expect(wizardReducer(loaded, { type: 'seatsLocked', lockedUntil: 'x' })).toMatchObject({
      lockedSeats: ['A1', 'A2'],
      returnLockedSeats: [],
    });
  });
});
