import type { Currency } from '#shared/constants.ts';
import { DEFAULT_COUNTRY_CODE, DEFAULT_NATIONALITY } from '#shared/public-constants.ts';
import type { Trip, TripLaunch } from '#shared/schemas.ts';

// docs/product.md section 3 "Wizard state" and section 4 "Wizard" transitions, in one reducer (docs/product.md section 16).

/** 1 to 5 are the wizard's steps; 6 is the confirmation screen shown after submitting. */
export type WizardStep = 1 | 2 | 3 | 4 | 5 | 6;
export const CONFIRMATION_STEP = 6;

export type PassengerInfo = {
  name: string;
  email: string;
  phone: string;
  nationality: string;
  countryCode: string;
};

export type EmailVerification = {
  isVerified: boolean;
  isProcessing: boolean;
  /** Epoch ms until which a new code may not be requested; a timestamp survives a reload, a counter would not. */
  cooldownUntil: number | null;
  attemptCount: number;
  verificationToken: string | null;
};

export type TicketCounts = {
  localAdult: number;
  localChild: number;
  foreignerAdult: number;
  foreignerChild: number;
  /** Under 2, on an adult's lap: no seat, free, at most one per adult (of either type). */
  localInfant: number;
  foreignerInfant: number;
  /**
   * The operator's concessions chosen (senior, student ...), by code (docs/decisions/036): with
   * what the wizard needs of each to count and name its persons without the settings at hand.
   * Absent in a run saved before concessions were offered.
   */
  concessions?: Record<string, ConcessionCount>;
};

/** A concession's tickets of each type, whether its persons take a seat, and its name. */
export type ConcessionCount = {
  local: number;
  foreigner: number;
  seat: boolean;
  name: { en: string; dv: string };
};

/** 'adult', 'child', 'infant' or a concession's code. */
export type PersonCategory = string;

/** A person of the party other than the contact; no nationality chosen yet means the contact's. */
export type Person = { name: string; nationality?: string };

/** A person's place in the party: 'adult-0' is the first adult (party.ts). */
export type PersonKey = `${PersonCategory}-${number}`;

/** `returnDate`: '' (or absent, in a search from the home page or an older run) is one way. */
export type TripSearch = { date: string; fromId: string; toId: string; returnDate?: string };

/** Which of a return's two departures an action is about; absent is the outbound one. */
export type Journey = 'return' | undefined;

/** The booking as it was sent, for the confirmation: the hold and the seats are gone by then. */
export type Submission = {
  reference: string;
  trip: Trip | null;
  launchName: string;
  seats: string[];
  tickets: TicketCounts;
  email: string;
  /** What the server charged, in the currency paid. */
  totalAmount: string;
  currency: Currency;
  /** The manage page with its read-only link, as the mails carry it. */
  managePath?: string;
  /**
   * Sent to pay later (docs/decisions/040-pay-later.md): when the transfer must have arrived (an
   * ISO instant). Absent for a booking sent with its slip.
   */
  paymentDueAt?: string;
  /** Everyone named, the contact first; absent in a run saved before persons were named. */
  persons?: { category: PersonCategory; name: string; categoryName?: ConcessionCount['name'] }[];
  /** A return's second departure as sent; absent for one way. */
  returnTrip?: Trip | null;
  returnLaunchName?: string;
  returnSeats?: string[];
};

export type WizardState = {
  version: 1;
  /** X-Booking-Session: one random id per wizard run (docs/product.md section 10.13). */
  sessionId: string;
  currentStep: WizardStep;
  search: TripSearch;
  selectedTrip: Trip | null;
  /** The contact: the party's first person, who also gets the mails. */
  passengerInfo: PassengerInfo;
  /**
   * The other persons' details by their place in the party; kept when the party shrinks, so a
   * person removed and added again comes back as typed (the contact's place reads passengerInfo).
   */
  persons: Partial<Record<PersonKey, Person>>;
  emailVerification: EmailVerification;
  tickets: TicketCounts;
  selectedLaunch: TripLaunch | null;
  selectedSeats: string[];
  /** Seats this session holds on the server, so a changed selection can let the others go. */
  lockedSeats: string[];
  lockedUntil: string | null;
  /**
   * The booking reference the seat lock answered, kept by the session on the server for a day
   * (docs/decisions/039-reference-at-lock.md): step 5 asks for it as the transfer's remark. Null
   * before the first lock, and in a run saved before the lock answered one.
   */
  reference?: string | null;
  timerStartTime: number | null;
  paymentCurrency: Currency;
  /** Sent with every submit of the same booking, so a retry never makes a second one. */
  idempotencyKey: string;
  /** Set on submitting; absent before, and in a run saved before the confirmation showed it. */
  submission?: Submission;
  /**
   * A return's second departure, on the reverse route, leaving after the outbound arrives; null
   * for one way. Its launch, seats and hold mirror the outbound's fields above (a run saved
   * before returns were offered loads with them empty, loadWizardState).
   */
  returnTrip: Trip | null;
  returnLaunch: TripLaunch | null;
  returnSeats: string[];
  returnLockedSeats: string[];
};

/** What every wizard step receives from the wizard. */
export type StepProps = { state: WizardState; dispatch: (action: WizardAction) => void };

export type WizardAction =
  | { type: 'searchChanged'; search: Partial<TripSearch> }
  | { type: 'tripSelected'; trip: Trip }
  | { type: 'returnSelected'; trip: Trip }
  | { type: 'passengerChanged'; info: Partial<PassengerInfo> }
  | { type: 'personChanged'; key: PersonKey; person: Partial<Person> }
  | { type: 'emailProcessing'; isProcessing: boolean }
  | { type: 'emailCodeSent'; cooldownSeconds: number; attemptsLeft: number; now: number }
  | { type: 'emailCodeLimited'; cooldownSeconds?: number; maxedOut?: boolean; now: number }
  | { type: 'emailVerified'; verificationToken: string }
  | { type: 'verificationLost' }
  | { type: 'ticketsChanged'; tickets: TicketCounts }
  | { type: 'continueToLaunch' }
  | { type: 'launchSelected'; launch: TripLaunch; journey?: Journey }
  | { type: 'continueToSeats'; now: number }
  | { type: 'seatToggled'; label: string; journey?: Journey }
  | { type: 'seatsTaken'; labels: string[]; journey?: Journey }
  | { type: 'seatsLocked'; lockedUntil: string; reference?: string }
  | { type: 'currencyChanged'; currency: Currency }
  | { type: 'slipChanged' }
  | { type: 'back' }
  | { type: 'holdExpired' }
  | { type: 'submitted'; submission: Submission }
  | { type: 'reset' };

export const EMPTY_TICKETS: TicketCounts = {
  localAdult: 0,
  localChild: 0,
  foreignerAdult: 0,
  foreignerChild: 0,
  localInfant: 0,
  foreignerInfant: 0,
};

const EMPTY_VERIFICATION: EmailVerification = {
  isVerified: false,
  isProcessing: false,
  cooldownUntil: null,
  attemptCount: 0,
  verificationToken: null,
};

export function initialWizardState(): WizardState {
  return {
    version: 1,
    sessionId: crypto.randomUUID(),
    currentStep: 1,
    search: { date: '', fromId: '', toId: '' },
    selectedTrip: null,
    passengerInfo: {
      name: '',
      email: '',
      phone: '',
      nationality: DEFAULT_NATIONALITY,
      countryCode: DEFAULT_COUNTRY_CODE,
    },
    persons: {},
    emailVerification: EMPTY_VERIFICATION,
    tickets: EMPTY_TICKETS,
    selectedLaunch: null,
    selectedSeats: [],
    lockedSeats: [],
    lockedUntil: null,
    timerStartTime: null,
    paymentCurrency: 'USD',
    idempotencyKey: crypto.randomUUID(),
    returnTrip: null,
    returnLaunch: null,
    returnSeats: [],
    returnLockedSeats: [],
  };
}

/** Everyone travelling, infants and concessions included (the seats are party.ts's seatCount). */
export const ticketTotal = (t: TicketCounts) =>
  t.localAdult +
  t.localChild +
  t.foreignerAdult +
  t.foreignerChild +
  t.localInfant +
  t.foreignerInfant +
  Object.values(t.concessions ?? {}).reduce((n, c) => n + c.local + c.foreigner, 0);

/** Drops the seat choice and its hold (both journeys'); what every way out of steps 4 and 5 has in common. */
const withoutHold = (state: WizardState): WizardState => ({
  ...state,
  selectedSeats: [],
  lockedSeats: [],
  returnSeats: [],
  returnLockedSeats: [],
  lockedUntil: null,
  timerStartTime: null,
});

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'searchChanged':
      return { ...state, search: { ...state.search, ...action.search } };
    case 'tripSelected': {
      const sameTrip = state.selectedTrip?.scheduleId === action.trip.scheduleId;
      // A return stays on step 1 to pick the way back, which depends on when this one arrives.
      const isReturn = Boolean(state.search.returnDate);
      return {
        ...withoutHold(state),
        currentStep: isReturn ? 1 : 2,
        selectedTrip: action.trip,
        selectedLaunch: sameTrip ? state.selectedLaunch : null,
        returnTrip: null,
        returnLaunch: null,
      };
    }
    case 'returnSelected': {
      if (!state.selectedTrip) return state;
      const sameTrip = state.returnTrip?.scheduleId === action.trip.scheduleId;
      return {
        ...withoutHold(state),
        currentStep: 2,
        returnTrip: action.trip,
        returnLaunch: sameTrip ? state.returnLaunch : null,
      };
    }
    case 'passengerChanged': {
      const emailChanged = action.info.email !== undefined && action.info.email !== state.passengerInfo.email;
      return {
        ...state,
        passengerInfo: { ...state.passengerInfo, ...action.info },
        // docs/product.md section 10.8: a different address needs its own verification.
        emailVerification: emailChanged ? EMPTY_VERIFICATION : state.emailVerification,
      };
    }
    case 'personChanged':
      return {
        ...state,
        persons: {
          ...state.persons,
          [action.key]: { name: '', ...state.persons[action.key], ...action.person },
        },
      };
    case 'emailProcessing':
      return {
        ...state,
        emailVerification: { ...state.emailVerification, isProcessing: action.isProcessing },
      };
    case 'emailCodeSent':
      return {
        ...state,
        emailVerification: {
          ...state.emailVerification,
          isProcessing: false,
          cooldownUntil: action.now + action.cooldownSeconds * 1000,
          attemptCount: Math.max(state.emailVerification.attemptCount + 1, 3 - action.attemptsLeft),
        },
      };
    case 'emailCodeLimited':
      return {
        ...state,
        emailVerification: {
          ...state.emailVerification,
          isProcessing: false,
          cooldownUntil:
            action.cooldownSeconds !== undefined
              ? action.now + action.cooldownSeconds * 1000
              : state.emailVerification.cooldownUntil,
          attemptCount: action.maxedOut ? 3 : state.emailVerification.attemptCount,
        },
      };
    case 'emailVerified':
      return {
        ...state,
        emailVerification: {
          ...state.emailVerification,
          isProcessing: false,
          isVerified: true,
          verificationToken: action.verificationToken,
        },
      };
    case 'verificationLost':
      return { ...state, currentStep: 2, emailVerification: EMPTY_VERIFICATION };
    case 'ticketsChanged':
      // Kept to one infant per adult by the counters (party.ts capInfants).
      return { ...state, tickets: action.tickets };
    case 'continueToLaunch':
      if (state.currentStep !== 2 || !state.emailVerification.isVerified) return state;
      return { ...state, currentStep: 3 };
    case 'launchSelected': {
      const key = action.journey ? 'returnLaunch' : 'selectedLaunch';
      const changed = state[key]?.id !== action.launch.id;
      return { ...(changed ? withoutHold(state) : state), [key]: action.launch };
    }
    case 'continueToSeats':
      if (state.currentStep !== 3 || !state.selectedLaunch || (state.returnTrip && !state.returnLaunch)) {
        return state;
      }
      // docs/product.md section 10.1: the hold countdown starts on entering step 4.
      return { ...state, currentStep: 4, timerStartTime: action.now };
    case 'seatToggled': {
      const key = action.journey ? 'returnSeats' : 'selectedSeats';
      const seats = state[key];
      const selected = seats.includes(action.label)
        ? seats.filter((s) => s !== action.label)
        : [...seats, action.label];
      return { ...state, [key]: selected };
    }
    case 'seatsTaken': {
      const [seats, locked] = action.journey
        ? (['returnSeats', 'returnLockedSeats'] as const)
        : (['selectedSeats', 'lockedSeats'] as const);
      const kept = (list: string[]) => list.filter((s) => !action.labels.includes(s));
      return { ...state, currentStep: 4, [seats]: kept(state[seats]), [locked]: kept(state[locked]) };
    }
    case 'seatsLocked':
      return {
        ...state,
        currentStep: 5,
        lockedSeats: state.selectedSeats,
        returnLockedSeats: state.returnSeats,
        lockedUntil: action.lockedUntil,
        reference: action.reference ?? state.reference ?? null,
        idempotencyKey: crypto.randomUUID(),
      };
    case 'currencyChanged':
      return { ...state, paymentCurrency: action.currency, idempotencyKey: crypto.randomUUID() };
    case 'slipChanged':
      // A different request body under an old key would be refused as a reused key.
      return { ...state, idempotencyKey: crypto.randomUUID() };
    case 'back':
      switch (state.currentStep) {
        case 2:
          return { ...state, currentStep: 1 };
        case 3:
          return { ...state, currentStep: 2 };
        case 4:
          // The caller has released the locks (docs/product.md section 4); the next visit starts a new hold.
          return { ...withoutHold(state), currentStep: 3 };
        case 5:
          return { ...state, currentStep: 4 };
        default:
          return state;
      }
    case 'holdExpired':
      return {
        ...withoutHold(state),
        currentStep: 1,
        selectedTrip: null,
        selectedLaunch: null,
        returnTrip: null,
        returnLaunch: null,
      };
    case 'submitted':
      return {
        ...withoutHold(state),
        currentStep: CONFIRMATION_STEP,
        submission: action.submission,
      };
    case 'reset':
      return initialWizardState();
  }
}

const STORAGE_KEY = 'booking-wizard';

/** docs/product.md section 10.13: a reload keeps the wizard where it was. */
export function loadWizardState(): WizardState {
  try {
    const raw = sessionStorage.getItem(STORAGE_KEY);
    if (raw) {
      const saved = JSON.parse(raw) as Partial<WizardState>;
      if (saved.version === 1 && typeof saved.sessionId === 'string') {
        // A run saved before infants were counted lacks their counts.
        const state = { ...initialWizardState(), ...saved, tickets: { ...EMPTY_TICKETS, ...saved.tickets } };
        // A request in flight did not survive the reload.
        return { ...state, emailVerification: { ...state.emailVerification, isProcessing: false } };
      }
    }
  } catch {
    // Unreadable or blocked storage: start a fresh run.
  }
  return initialWizardState();
}

export function saveWizardState(state: WizardState) {
  try {
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(state));
  } catch {
    // Storage full or blocked: the wizard still works, it just won't survive a reload.
  }
}
