import { initialWizardState, type TripSearch, type WizardState } from '../wizard-state.ts';

/** /booking with a search filled in: the wizard opens on its results (the home page's search). */
export const searchHref = (search: TripSearch) =>
  `/booking?${new URLSearchParams({ date: search.date, from: search.fromId, to: search.toId })}`;

/**
 * The wizard as /booking?date=&from=&to= opens it: back on step 1 with that search, which runs at
 * once; what the passenger had entered is kept, a held seat or a finished booking is not.
 */
export function openSearchFromAddress(state: WizardState): WizardState {
  const params = new URLSearchParams(window.location.search);
  const search = {
    date: params.get('date') ?? '',
    fromId: params.get('from') ?? '',
    toId: params.get('to') ?? '',
  };
  if (!search.date || !search.fromId || !search.toId) return state;
  const kept = state.currentStep === 6 ? initialWizardState() : state;
  return {
    ...kept,
    currentStep: 1,
    search,
    selectedTrip: null,
    selectedLaunch: null,
    selectedSeats: [],
    lockedSeats: [],
    lockedUntil: null,
    timerStartTime: null,
  };
}

/** Takes the search out of the address once it is in the wizard, so a reload further on does not start over. */
export function forgetSearchInAddress() {
  const params = new URLSearchParams(window.location.search);
  if (!params.has('date') && !params.has('from') && !params.has('to')) return;
  window.history.replaceState(window.history.state, '', window.location.pathname);
}
