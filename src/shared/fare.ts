import type { Currency } from './constants.ts';
import { buildBreakdown, computeTotal } from './money.ts';

/** A party by ticket kind, as the trip search takes it and the wizard counts it. */
export type Party = {
  localAdult: number;
  localChild: number;
  foreignerAdult: number;
  foreignerChild: number;
  /** The operator's concessions in the party (docs/decisions/036-fare-categories.md). */
  concessionTickets?: ReadonlyArray<{ category: string; type: 'local' | 'foreigner'; quantity: number }>;
};

type Prices = {
  localAdultPrice: string;
  localChildPrice: string;
  foreignerAdultPrice: string;
  foreignerChildPrice: string;
  categoryPrices?: ReadonlyArray<{ code: string; localPrice: string; foreignerPrice: string }> | undefined;
};

/** A search that names no tickets is priced for one local adult. */
export const DEFAULT_PARTY: Party = { localAdult: 1, localChild: 0, foreignerAdult: 0, foreignerChild: 0 };

const concessionCount = (p: Party, keep: (type: 'local' | 'foreigner') => boolean = () => true) =>
  (p.concessionTickets ?? []).filter((c) => keep(c.type)).reduce((n, c) => n + c.quantity, 0);

export const partySize = (p: Party) =>
  p.localAdult + p.localChild + p.foreignerAdult + p.foreignerChild + concessionCount(p);

/**
 * The currency a party's tickets are priced in: MVR for local tickets, USD for foreigner ones.
 * A party with both pays in one currency all the same; USD, the booking's default payment
 * currency, as the payment step starts with for a party that has a foreigner ticket.
 */
export function partyCurrency(p: Party): Currency {
  return p.foreignerAdult + p.foreignerChild + concessionCount(p, (type) => type === 'foreigner') > 0
    ? 'USD'
    : 'MVR';
}

/**
 * The party's fare with the operator's prices: a booking's own breakdown and total (money.ts).
 * A concession the prices do not list (one the operator no longer sells) is left out.
 */
export function partyFare(
  party: Party,
  prices: Prices,
  exchangeRate: string,
): { amount: string; currency: Currency; tickets: number } {
  const sold = new Set(prices.categoryPrices?.map((c) => c.code));
  const concessionTickets = (party.concessionTickets ?? []).filter(
    (c) => c.quantity > 0 && sold.has(c.category),
  );
  const known = { ...party, concessionTickets };
  const p = partySize(known) > 0 ? known : DEFAULT_PARTY;
  const breakdown = buildBreakdown(
    [
      { type: 'local', category: 'adult', quantity: p.localAdult },
      { type: 'local', category: 'child', quantity: p.localChild },
      { type: 'foreigner', category: 'adult', quantity: p.foreignerAdult },
      { type: 'foreigner', category: 'child', quantity: p.foreignerChild },
      ...(p.concessionTickets ?? []),
    ],
    prices,
  );
  const currency = partyCurrency(p);
  return { amount: computeTotal(breakdown, currency, exchangeRate), currency, tickets: partySize(p) };
}
