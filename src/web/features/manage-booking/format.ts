import { formatMoney as formatAmount } from '#web/lib/money.ts';

/** '25' and 'MVR' -> 'MVR 25.00'; the API sends amounts as decimal strings (anything else reads as 0). */
export const formatMoney = (amount: string, currency: string): string =>
  formatAmount(amount, currency, formatAmount('0', currency, ''));

/** A request id for one submit (the server answers a retry of it as it did the first time). */
export function newRequestId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // randomUUID needs a secure context; a plain-http preview still gets a version 4 UUID.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
