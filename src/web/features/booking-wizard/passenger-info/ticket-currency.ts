import type { Currency } from '#shared/constants.ts';
import type { Party } from '#shared/fare.ts';

type Counted = Party & { concessions?: Record<string, { local: number; foreigner: number }> | undefined };

/**
 * The currency step 5 starts with: the tickets' own, MVR for local tickets and USD for foreigner
 * ones. A mixed party starts in USD: its foreigner fares are set in USD, and the USD account is
 * the one a visitor can pay into from abroad. The passenger can still switch on step 5. Infants
 * travel free and change nothing; a concession counts as its ticket type.
 */
export function ticketCurrency(t: Counted): Currency {
  const concessions = Object.values(t.concessions ?? {});
  const foreigner = t.foreignerAdult + t.foreignerChild + concessions.reduce((n, c) => n + c.foreigner, 0);
  const local = t.localAdult + t.localChild + concessions.reduce((n, c) => n + c.local, 0);
  return foreigner > 0 ? 'USD' : local > 0 ? 'MVR' : 'USD';
}
