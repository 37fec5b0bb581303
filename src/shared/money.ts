import type { Currency } from './constants.ts';
import type { TicketBreakdownRow } from './schemas.ts';

/*
 * Exact money arithmetic (docs/product.md section 10 rule 7), one copy for the server's totals
 * and the wizard's preview. Decimal strings ('25.00', the rate '15.4200') are read exactly as
 * rationals of BigInts, so converting through an exchange rate never drifts the way binary
 * floats do (12.345 is 12.3449999... as a float and would round down); the one rounding,
 * half-up to cents, happens at the end.
 */

type Rational = { n: bigint; d: bigint };

const DECIMAL = /^(\d+)(?:\.(\d+))?$/;

/** A non-negative decimal string ('25', '15.4200') as an exact rational. */
export function parseDecimal(value: string | number): Rational {
  const text = String(value).trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`Not a non-negative decimal: ${text}`);
  const fraction = m[2] ?? '';
  return { n: BigInt(`${m[1]}${fraction}`), d: 10n ** BigInt(fraction.length) };
}

const ZERO: Rational = { n: 0n, d: 1n };

const add = (a: Rational, b: Rational): Rational => ({ n: a.n * b.d + b.n * a.d, d: a.d * b.d });
const mul = (a: Rational, b: Rational): Rational => ({ n: a.n * b.n, d: a.d * b.d });
function div(a: Rational, b: Rational): Rational {
  if (b.n === 0n) throw new RangeError('Division by zero');
  return { n: a.n * b.d, d: a.d * b.n };
}

/** Rounds half-up (away from zero for the non-negative amounts used here) to 2 decimals. */
export function toMoneyString(value: Rational): string {
  const negative = value.n < 0n !== value.d < 0n && value.n !== 0n;
  const n = value.n < 0n ? -value.n : value.n;
  const d = value.d < 0n ? -value.d : value.d;
  const cents = (n * 200n + d) / (2n * d);
  const whole = cents / 100n;
  const part = String(cents % 100n).padStart(2, '0');
  return `${negative && cents !== 0n ? '-' : ''}${whole}.${part}`;
}

type Prices = {
  localAdultPrice: string;
  localChildPrice: string;
  foreignerAdultPrice: string;
  foreignerChildPrice: string;
  /**
   * The unit prices of the other categories on the pair (docs/decisions/036-fare-categories.md):
   * the infant's and each active concession's, already worked out by their rules. Without an
   * infant's row an infant is free; a count of a category not listed here is refused.
   */
  categoryPrices?: ReadonlyArray<{ code: string; localPrice: string; foreignerPrice: string }> | undefined;
};

type TicketType = 'local' | 'foreigner';
type TicketCount = { type: TicketType; category: string; quantity: number };

const ORDER: ReadonlyArray<Pick<TicketCount, 'type' | 'category'>> = [
  { type: 'local', category: 'adult' },
  { type: 'local', category: 'child' },
  { type: 'foreigner', category: 'adult' },
  { type: 'foreigner', category: 'child' },
  { type: 'local', category: 'infant' },
  { type: 'foreigner', category: 'infant' },
];

/** An infant travels free, on an adult's lap, unless the operator prices it (decisions 035, 036). */
const INFANT_PRICE = '0.00';

/** A count of a category that has no price: neither built in nor an active concession. */
export class UnknownCategoryError extends RangeError {
  readonly category: string;
  constructor(category: string) {
    super(`Unknown fare category: ${category}`);
    this.category = category;
  }
}

function unitPrice(prices: Prices, type: TicketType, category: string): string {
  if (category === 'adult' || category === 'child') {
    const key = `${type}${category === 'adult' ? 'Adult' : 'Child'}Price` as const;
    // numeric(12,2) columns already carry two decimals; re-rendering keeps '25' from the defaults as '25.00'.
    return toMoneyString(parseDecimal(prices[key]));
  }
  const own = prices.categoryPrices?.find((c) => c.code === category);
  if (!own) {
    if (category === 'infant') return INFANT_PRICE;
    throw new UnknownCategoryError(category);
  }
  return toMoneyString(parseDecimal(type === 'local' ? own.localPrice : own.foreignerPrice));
}

/**
 * A percentage off a price, exactly, rounded half-up to cents once: a concession's 'percent'
 * rule, off the adult fare of the same pair and ticket type (docs/decisions/036).
 */
export function percentOff(price: string, percent: string): string {
  const p = parseDecimal(percent);
  const factor = { n: 100n * p.d - p.n, d: 100n * p.d };
  return toMoneyString(mul(parseDecimal(price), factor.n < 0n ? ZERO : factor));
}

/**
 * The stored breakdown: one row per type and category with a positive quantity (repeated rows
 * merged), each with the unit price in that type's own currency (local MVR, foreigner USD).
 * The built-in categories first, then the concessions in the order of `categoryPrices`.
 */
export function buildBreakdown(counts: readonly TicketCount[], prices: Prices): TicketBreakdownRow[] {
  const order = [...ORDER];
  const known = new Set(ORDER.map((o) => o.category));
  const others = [
    ...(prices.categoryPrices ?? []).map((c) => c.code),
    ...counts.map((c) => c.category),
  ].filter((code) => !known.has(code));
  for (const code of new Set(others)) {
    order.push({ type: 'local', category: code }, { type: 'foreigner', category: code });
  }
  const rows: TicketBreakdownRow[] = [];
  for (const { type, category } of order) {
    const quantity = counts
      .filter((c) => c.type === type && c.category === category)
      .reduce((sum, c) => sum + c.quantity, 0);
    if (quantity > 0) rows.push({ type, category, quantity, price: unitPrice(prices, type, category) });
  }
  return rows;
}

/**
 * Total in the payment currency: MVR = local sum + foreigner sum x rate; USD = local sum / rate
 * + foreigner sum (rate = MVR per USD), rounded half-up to 2 decimals once.
 */
export function computeTotal(
  breakdown: TicketBreakdownRow[],
  currency: Currency,
  exchangeRate: string,
): string {
  let local = ZERO;
  let foreigner = ZERO;
  for (const row of breakdown) {
    const amount = mul(parseDecimal(row.price), { n: BigInt(row.quantity), d: 1n });
    if (row.type === 'local') local = add(local, amount);
    else foreigner = add(foreigner, amount);
  }
  const rate = parseDecimal(exchangeRate);
  const converted =
    currency === 'MVR'
      ? add(local, foreigner.n === 0n ? ZERO : mul(foreigner, rate))
      : add(local.n === 0n ? ZERO : div(local, rate), foreigner);
  return toMoneyString(converted);
}

/**
 * The ticket's count columns. A concession's persons are in none of them: they are read from the
 * breakdown (`concessionCount`, docs/decisions/036-fare-categories.md).
 */
export function countByCategory(breakdown: TicketBreakdownRow[]): {
  adultCount: number;
  childCount: number;
  infantCount: number;
} {
  let adultCount = 0;
  let childCount = 0;
  let infantCount = 0;
  for (const row of breakdown) {
    if (row.category === 'adult') adultCount += row.quantity;
    else if (row.category === 'infant') infantCount += row.quantity;
    else if (row.category === 'child') childCount += row.quantity;
  }
  return { adultCount, childCount, infantCount };
}

/** The persons of a breakdown in categories beyond adult, child and infant: the concessions. */
export function concessionCount(
  breakdown: readonly Pick<TicketBreakdownRow, 'category' | 'quantity'>[],
): number {
  return breakdown
    .filter((r) => r.category !== 'adult' && r.category !== 'child' && r.category !== 'infant')
    .reduce((n, r) => n + r.quantity, 0);
}

/** An amount of money ('25', '25.5', '-3.10') in whole cents, exactly: sums of stored amounts. */
export function toCents(value: string): bigint {
  const text = value.trim();
  const negative = text.startsWith('-');
  const { n, d } = parseDecimal(negative ? text.slice(1) : text);
  if ((n * 100n) % d !== 0n) throw new RangeError(`More than cents: ${text}`);
  const cents = (n * 100n) / d;
  return negative ? -cents : cents;
}

/** Whole cents as a money string with two decimals ('-3.10'). */
export function centsToMoney(cents: bigint): string {
  return toMoneyString({ n: cents, d: 100n });
}
