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
};

type TicketCount = { type: 'local' | 'foreigner'; category: 'adult' | 'child' | 'infant'; quantity: number };

const ORDER: ReadonlyArray<Pick<TicketCount, 'type' | 'category'>> = [
  { type: 'local', category: 'adult' },
  { type: 'local', category: 'child' },
  { type: 'foreigner', category: 'adult' },
  { type: 'foreigner', category: 'child' },
  { type: 'local', category: 'infant' },
  { type: 'foreigner', category: 'infant' },
];

/** An infant travels free, on an adult's lap (docs/decisions/035-every-person-named.md). */
const INFANT_PRICE = '0.00';

function unitPrice(prices: Prices, type: TicketCount['type'], category: TicketCount['category']): string {
  if (category === 'infant') return INFANT_PRICE;
  const key = `${type}${category === 'adult' ? 'Adult' : 'Child'}Price` as keyof Prices;
  // numeric(12,2) columns already carry two decimals; re-rendering keeps '25' from the defaults as '25.00'.
  return toMoneyString(parseDecimal(prices[key]));
}

/**
 * The stored breakdown: one row per type and category with a positive quantity (repeated rows
 * merged), each with the unit price in that type's own currency (local MVR, foreigner USD).
 */
export function buildBreakdown(counts: TicketCount[], prices: Prices): TicketBreakdownRow[] {
  const rows: TicketBreakdownRow[] = [];
  for (const { type, category } of ORDER) {
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
    else childCount += row.quantity;
  }
  return { adultCount, childCount, infantCount };
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
