import type { Party } from '#shared/fare.ts';
import { buildBreakdown, centsToMoney, computeTotal, toCents } from '#shared/money.ts';
import { splitReturnDiscount } from '#shared/return-discount.ts';
import type { PublicSettings, Trip } from '#shared/schemas.ts';

/** 'USD 12.50' for a number or an exact decimal string (already two places). */
export const formatMoney = (amount: number | string, currency: 'MVR' | 'USD') =>
  `${currency} ${typeof amount === 'string' ? amount : amount.toFixed(2)}`;

const num = (value: string | undefined) => {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
};

export type Prices = {
  localAdult: number;
  localChild: number;
  foreignerAdult: number;
  foreignerChild: number;
  rate: number;
};

/**
 * The operator's settings with the chosen trip's prices: its From -> To's own fares where the pair
 * has them (docs/decisions/033-fares-per-port-pair.md), which the server charges.
 */
export type PricedSettings = PublicSettings & {
  categoryPrices?: NonNullable<Trip['prices']>['categoryPrices'];
};

export function withTripPrices(
  settings: PublicSettings | undefined,
  trip: Trip | null,
): PricedSettings | undefined {
  return settings && trip?.prices ? { ...settings, ...trip.prices } : settings;
}

export function pricesFrom(settings: PublicSettings | undefined): Prices | null {
  if (!settings) return null;
  return {
    localAdult: num(settings.localAdultPrice),
    localChild: num(settings.localChildPrice),
    foreignerAdult: num(settings.foreignerAdultPrice),
    foreignerChild: num(settings.foreignerChildPrice),
    rate: num(settings.exchangeRate) || 1,
  };
}

/** The wizard's party: the price list's kinds, infants and the concessions chosen. */
type PricedParty = Party & {
  localInfant?: number;
  foreignerInfant?: number;
  concessions?: Record<string, { local: number; foreigner: number }>;
};

/**
 * A preview of what the server will charge (docs/product.md section 10.7), with the server's own
 * exact arithmetic (#shared/money.ts): local prices are MVR, foreigner prices USD; each total
 * converts the other part and rounds half-up once, at the end. Infants travel free unless the
 * operator prices them; a concession costs what the trip's pair says (docs/decisions/036). Null
 * when the party has a concession the trip gave no price for.
 */
export function totals(tickets: PricedParty, settings: PricedSettings): Totals | null {
  const concessions = Object.entries(tickets.concessions ?? {});
  const priced = new Set(settings.categoryPrices?.map((c) => c.code));
  if (concessions.some(([code]) => !priced.has(code))) return null;
  const breakdown = buildBreakdown(
    [
      { type: 'local', category: 'adult', quantity: tickets.localAdult },
      { type: 'local', category: 'child', quantity: tickets.localChild },
      { type: 'foreigner', category: 'adult', quantity: tickets.foreignerAdult },
      { type: 'foreigner', category: 'child', quantity: tickets.foreignerChild },
      { type: 'local', category: 'infant', quantity: tickets.localInfant ?? 0 },
      { type: 'foreigner', category: 'infant', quantity: tickets.foreignerInfant ?? 0 },
      ...concessions.flatMap(([category, c]) => [
        { type: 'local' as const, category, quantity: c.local },
        { type: 'foreigner' as const, category, quantity: c.foreigner },
      ]),
    ],
    settings,
  );
  return {
    mvr: computeTotal(breakdown, 'MVR', settings.exchangeRate),
    usd: computeTotal(breakdown, 'USD', settings.exchangeRate),
  };
}

export type Totals = { mvr: string; usd: string };

/**
 * A return's total in each currency, as the server charges it (#shared/return-discount.ts): the
 * two departures' fares added, less the operator's return discount of `percent` ('10', '7.5';
 * none: no discount) of that sum, rounded half-up to a cent once; and the discount given.
 */
export function returnTotals(
  out: Totals,
  back: Totals,
  percent: string | undefined,
): Totals & { discount: Totals } {
  const one = (currency: keyof Totals) => {
    const {
      outbound,
      back: way,
      discount,
    } = splitReturnDiscount(toCents(out[currency]), toCents(back[currency]), percent ?? null);
    return [centsToMoney(outbound + way), centsToMoney(discount)] as const;
  };
  const [mvr, mvrOff] = one('mvr');
  const [usd, usdOff] = one('usd');
  return { mvr, usd, discount: { mvr: mvrOff, usd: usdOff } };
}

export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch {
    return false;
  }
}
