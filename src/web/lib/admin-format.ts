import { NOT_SPECIFIED } from '#shared/messages/api.ts';

/** '25' and 'MVR' -> 'MVR 25.00'; amounts arrive as decimal strings. */
export function formatAmount(amount: string, currency: string): string {
  const value = Number(amount);
  if (!amount || Number.isNaN(value)) return NOT_SPECIFIED;
  const digits = value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return currency ? `${currency} ${digits}` : digits;
}

/** 1234 -> '1,234': a count as the office reads it. */
export function formatCount(n: number): string {
  return n.toLocaleString('en-US');
}
