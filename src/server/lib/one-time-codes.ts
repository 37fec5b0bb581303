import { createHash, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';

/** Codes and tokens are bound to the address as typed, ignoring case and surrounding spaces. */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export function sha256Hex(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/**
 * `salt$hash`: SHA-256 over a per-code random salt, the address and the code. A fast hash is
 * enough because a code dies after 5 wrong tries and 10 minutes; the salt keeps equal codes
 * from having equal hashes.
 */
export function hashCode(salt: string, email: string, code: string): string {
  return `${salt}$${sha256Hex(`${salt}:${email}:${code}`)}`;
}

export function codeMatches(stored: string, email: string, code: string): boolean {
  const salt = stored.split('$', 1)[0] ?? '';
  const a = Buffer.from(hashCode(salt, email, code));
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

export type LockEmailOptions = { db: DbOrTx; email: string };

/**
 * Serialises code sends and checks for one address across instances until the transaction
 * ends, so two concurrent requests cannot both pass the 3-per-hour or 5-tries rules.
 */
export async function lockEmail({ db: tx, email }: LockEmailOptions): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`email-code:${email}`}, 0))`);
}
