/**
 * '1250' and 'MVR' -> 'MVR 1,250.00': an amount as the API sends it (a decimal string), with two
 * decimals, its thousands grouped and its currency before it (none: the number alone). `missing`
 * stands for an amount that is empty or no number, in the page's words. (The booking wizard's
 * preview writes its exact totals as they are, ungrouped: booking-wizard/format.ts.)
 */
export function formatMoney(amount: string, currency: string, missing: string): string {
  const value = Number(amount);
  if (!amount || Number.isNaN(value)) return missing;
  const digits = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${currency} ${digits}` : digits;
}
