import { and, eq, gt } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { verificationTokens } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { sha256Hex } from '#server/lib/one-time-codes.ts';
import { MSG } from '#shared/messages/api.ts';

/** Step 2 comes before the seats and the booking: without a verified e-mail, nothing is held. */
export const emailNotVerified = () => new AppError('email_not_verified', MSG.verifyEmailFirst, 403);

export type FindVerifiedEmailOptions = {
  db: DbOrTx;
  clock: Clock;
  token: string | undefined;
};

/** The e-mail a live verification token was issued for, or null (unknown, expired or absent). */
export async function findVerifiedEmail(opts: FindVerifiedEmailOptions): Promise<string | null> {
  if (!opts.token) return null;
  const [row] = await opts.db
    .select({ email: verificationTokens.email })
    .from(verificationTokens)
    .where(
      and(
        eq(verificationTokens.tokenHash, sha256Hex(opts.token)),
        gt(verificationTokens.expiresAt, opts.clock.now()),
      ),
    )
    .limit(1);
  return row?.email ?? null;
}
