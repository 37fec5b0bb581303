/** Numeric settings follow docs/product.md section 5: a value that is not a number becomes 0. */
export function numericOrZero(value: string): string {
  const trimmed = value.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? trimmed : '0';
}

/** docs/product.md section 9: the foreigner price preview is USD times rate, 2 decimals; null without both. */
export function toMvr(usd: string, rate: string): string | null {
  if (usd.trim() === '' || rate.trim() === '') return null;
  const amount = Number(usd);
  const factor = Number(rate);
  if (!Number.isFinite(amount) || !Number.isFinite(factor)) return null;
  // Half-up in cents; toPrecision first drops binary noise (1.005 x 100 is 100.49999... in floats).
  const cents = Math.round(Number((amount * factor * 100).toPrecision(12)));
  return (cents / 100).toFixed(2);
}
