import { randomBytes } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { emailCodes, verificationTokens } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { codeMatches, lockEmail, normalizeEmail, sha256Hex } from '#server/lib/one-time-codes.ts';
import { EMAIL_CODE_MAX_WRONG_TRIES, VERIFICATION_TOKEN_TTL_MINUTES } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { EmailVerifyResponse } from '#shared/schemas.ts';

export type VerifyEmailCodeOptions = {
  db: Db;
  clock: Clock;
  email: string;
  code: string;
};

/**
 * Checks a code against the newest one sent to the address (a new send supersedes older
 * codes). A right code is consumed and exchanged for a verification token; a wrong one counts
 * towards the code's 5 tries, after which it is dead.
 */
export async function verifyEmailCode(opts: VerifyEmailCodeOptions): Promise<EmailVerifyResponse> {
  const email = normalizeEmail(opts.email);
  const now = opts.clock.now();
  // The wrong-try count must be committed, so the transaction returns the outcome and the
  // error is raised after it.
  const token = await opts.db.transaction(async (tx) => {
    if (!(await consumeEmailCode(tx, email, opts.code, now))) return null;
    const value = `vt_${randomBytes(32).toString('base64url')}`;
    await tx.insert(verificationTokens).values({
      email,
      tokenHash: sha256Hex(value),
      expiresAt: new Date(now.getTime() + VERIFICATION_TOKEN_TTL_MINUTES * 60_000),
      createdAt: now,
    });
    return value;
  });
  if (!token) throw new AppError('invalid_code', MSG.codeInvalid, 400);
  return { verificationToken: token };
}

/**
 * Whether `code` is the newest live code sent for `key` (an address, or a booking's manage
 * key), consuming it if so; a wrong code counts towards its tries. Call in a transaction that
 * commits either way.
 */
export async function consumeEmailCode(tx: DbOrTx, key: string, code: string, now: Date): Promise<boolean> {
  const proved = await proveEmailCode(tx, key, code, now);
  return proved !== null && !proved.again;
}

/**
 * consumeEmailCode, telling apart a right code sent again after it was consumed (`again`: its
 * answer may have been lost) while it is still within its minutes and tries. The caller decides
 * what a second answer may give. A wrong code counts towards the tries either way, so a spent
 * code can no more be guessed than a live one.
 */
export async function proveEmailCode(
  tx: DbOrTx,
  key: string,
  code: string,
  now: Date,
): Promise<{ id: string; again: boolean } | null> {
  await lockEmail(tx, key);
  const [latest] = await tx
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.email, key))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (
    !latest ||
    latest.expiresAt.getTime() <= now.getTime() ||
    latest.wrongTries >= EMAIL_CODE_MAX_WRONG_TRIES
  ) {
    return null;
  }
  if (!codeMatches(latest.codeHash, key, code)) {
    await tx
      .update(emailCodes)
      .set({ wrongTries: sql`${emailCodes.wrongTries} + 1` })
      .where(eq(emailCodes.id, latest.id));
    return null;
  }
  if (latest.consumedAt) return { id: latest.id, again: true };
  await tx.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, latest.id));
  return { id: latest.id, again: false };
}
