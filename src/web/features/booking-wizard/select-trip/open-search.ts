import { initialWizardState, type TripSearch, type WizardState, wizardReducer } from '../wizard-state.ts';

/**
 * The wizard as /booking?date=&from=&to= opens it: back on step 1 with that search, which runs at
 * once; what the passenger had entered is kept, a held seat (left to run out) or a finished
 * booking is not.
 */
export function openSearchFromAddress(state: WizardState): WizardState {
  const search = searchInAddress();
  if (!search) return state;
  const kept = state.currentStep === 6 ? initialWizardState() : state;
  // Step 1 without a trip, a launch or a hold: where an ended hold leaves the wizard too.
  return wizardReducer({ ...kept, search }, { type: 'holdExpired' });
}

/** The search /booking was opened with, if it names all three. */
function searchInAddress(): TripSearch | null {
  const params = new URLSearchParams(window.location.search);
  const search = {
    date: params.get('date') ?? '',
    fromId: params.get('from') ?? '',
    toId: params.get('to') ?? '',
  };
  return search.date && search.fromId && search.toId ? search : null;
}

/** Takes the search out of the address once it is in the wizard, so a reload further on does not start over. */
export function forgetSearchInAddress() {
  if (window.location.search) window.history.replaceState(window.history.state, '', window.location.pathname);
}
