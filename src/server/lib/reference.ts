import { randomInt } from 'node:crypto';
import { dateInZone } from './clock.ts';

/**
 * A booking reference (docs/product.md section 11.4, docs/product.md section 9): yymmdd of the booking
 * day in the operator's time zone, then 4 digits from a CSPRNG. The caller retries on a unique
 * violation, since 10,000 numbers a day can collide.
 */
export function makeReference(at: Date, timeZone: string): string {
  const day = dateInZone(at, timeZone).slice(2).replaceAll('-', '');
  return `${day}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

/** How a typed reference is compared: whole string, surrounding spaces ignored, any case. */
export function normalizeReference(input: string): string {
  return input.trim().toLowerCase();
}

export const REFERENCE_ATTEMPTS = 10;

/**
 * How long a booking session keeps the reference its seat lock reserved, counted from its latest
 * lock: a passenger who paid with it and comes back within a day still books under it.
 */
export const REFERENCE_RESERVED_MS = 24 * 60 * 60 * 1000;
