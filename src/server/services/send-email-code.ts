import { randomBytes, randomInt } from 'node:crypto';
import { and, desc, eq, gt } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailCodes } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { hashCode, lockEmail, normalizeEmail } from '#server/lib/one-time-codes.ts';
import {
  EMAIL_CODE_COOLDOWN_SECONDS,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_SENDS,
  EMAIL_CODE_TTL_MINUTES,
} from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { EmailCodeResponse } from '#shared/schemas.ts';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Sends a one-time code (ARCHITECTURE.md sections 2.5 and 8.8): at most 3 per address in any
 * rolling hour, 60 s apart. The code row and its mail are written in one transaction, so a
 * code is never stored without its mail or mailed without being stored.
 */
export async function sendEmailCode(opts: {
  db: Db;
  clock: Clock;
  email: string;
}): Promise<EmailCodeResponse> {
  const email = normalizeEmail(opts.email);
  const now = opts.clock.now();
  return opts.db.transaction(async (tx) => {
    await lockEmail(tx, email);
    const recent = await tx
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, new Date(now.getTime() - HOUR_MS))))
      .orderBy(desc(emailCodes.createdAt));
    if (recent.length >= EMAIL_CODE_MAX_SENDS) {
      throw new AppError('otp_max_attempts', MSG.otpMaxAttempts, 429);
    }
    const last = recent[0];
    if (last) {
      const waitMs = last.createdAt.getTime() + EMAIL_CODE_COOLDOWN_SECONDS * 1000 - now.getTime();
      if (waitMs > 0) {
        const retryAfterSeconds = Math.ceil(waitMs / 1000);
        throw new AppError('otp_cooldown', MSG.otpCooldown(retryAfterSeconds), 429, {
          details: { retryAfterSeconds },
        });
      }
    }

    const code = String(randomInt(0, 10 ** EMAIL_CODE_LENGTH)).padStart(EMAIL_CODE_LENGTH, '0');
    await tx.insert(emailCodes).values({
      email,
      codeHash: hashCode(randomBytes(16).toString('hex'), email, code),
      expiresAt: new Date(now.getTime() + EMAIL_CODE_TTL_MINUTES * 60_000),
      // The injected clock, not the database's, decides the hour window and the cooldown.
      createdAt: now,
    });
    await enqueueMail(tx, {
      to: email,
      subject: `Your verification code: ${code}`,
      text:
        `Your verification code is ${code}.\n\n` +
        `It is valid for ${EMAIL_CODE_TTL_MINUTES} minutes and can be used once. ` +
        'If you did not ask for it, you can ignore this e-mail.',
    });
    return {
      cooldownSeconds: EMAIL_CODE_COOLDOWN_SECONDS,
      attemptsLeft: EMAIL_CODE_MAX_SENDS - recent.length - 1,
    };
  });
}
