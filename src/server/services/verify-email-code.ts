import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import { verificationTokens } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { normalizeEmail, sha256Hex } from '#server/lib/one-time-codes.ts';
import { VERIFICATION_TOKEN_TTL_MINUTES } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { EmailVerifyResponse } from '#shared/schemas.ts';
import { consumeEmailCode } from './consume-email-code.ts';

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
    if (!(await consumeEmailCode({ db: tx, key: email, code: opts.code, now }))) return null;
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
