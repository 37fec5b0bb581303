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

/**
 * Checks a code against the newest one sent to the address (a new send supersedes older
 * codes). A right code is consumed and exchanged for a verification token; a wrong one counts
 * towards the code's 5 tries, after which it is dead.
 */
export async function verifyEmailCode(opts: {
  db: Db;
  clock: Clock;
  email: string;
  code: string;
}): Promise<EmailVerifyResponse> {
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
  await lockEmail(tx, key);
  const [latest] = await tx
    .select()
    .from(emailCodes)
    .where(eq(emailCodes.email, key))
    .orderBy(desc(emailCodes.createdAt))
    .limit(1);
  if (
    !latest ||
    latest.consumedAt ||
    latest.expiresAt.getTime() <= now.getTime() ||
    latest.wrongTries >= EMAIL_CODE_MAX_WRONG_TRIES
  ) {
    return false;
  }
  if (!codeMatches(latest.codeHash, key, code)) {
    await tx
      .update(emailCodes)
      .set({ wrongTries: sql`${emailCodes.wrongTries} + 1` })
      .where(eq(emailCodes.id, latest.id));
    return false;
  }
  await tx.update(emailCodes).set({ consumedAt: now }).where(eq(emailCodes.id, latest.id));
  return true;
}
