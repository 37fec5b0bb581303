import type { Currency } from '#shared/constants.ts';
import type { Party } from '#shared/fare.ts';

/**
 * The currency step 5 starts with: the tickets' own, MVR for local tickets and USD for foreigner
 * ones. A mixed party starts in USD: its foreigner fares are set in USD, and the USD account is
 * the one a visitor can pay into from abroad. The passenger can still switch on step 5. Infants
 * travel free and change nothing.
 */
export function ticketCurrency(t: Party): Currency {
  return t.foreignerAdult + t.foreignerChild > 0 ? 'USD' : t.localAdult + t.localChild > 0 ? 'MVR' : 'USD';
}
