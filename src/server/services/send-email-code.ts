import { randomBytes, randomInt } from 'node:crypto';
import { and, countDistinct, desc, eq, gt, like, ne, notLike, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { emailCodes, tickets } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { type ComposeMail, enqueueMail } from '#server/lib/mailer.ts';
import { hashCode, lockEmail, normalizeEmail } from '#server/lib/one-time-codes.ts';
import { codeMail } from '#server/mails/code-mail.ts';
import {
  EMAIL_CODE_COOLDOWN_SECONDS,
  EMAIL_CODE_LENGTH,
  EMAIL_CODE_MAX_SENDS,
  EMAIL_CODE_TTL_MINUTES,
} from '#shared/constants.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages.ts';
import { MSG } from '#shared/messages/api.ts';
import type { EmailCodeResponse } from '#shared/schemas.ts';

const HOUR_MS = 60 * 60 * 1000;

const verificationLimit = () => new AppError('verification_limit', MSG.verificationLimit, 429);

/** The code key of a booking's manage codes: `booking:<reference>` (manage-code-key.ts). */
export const MANAGE_KEY_PREFIX = 'booking:';

export type SendEmailCodeOptions = {
  db: Db;
  clock: Clock;
  email: string;
  clientIp?: string | undefined;
  verificationsPerIpHour?: number | undefined;
  /** New e-mail addresses one client address may ask codes for in any 24 hours, booked for or not. */
  verificationsPerIpDay?: number | undefined;
  /** The language the passenger reads: the mail is written in it. */
  language?: Language | undefined;
  /**
   * The mail that carries the code; null sends none (a manage code for a reference that does
   * not exist still counts, so the answers and limits are the same). Default: step 2's mail.
   */
  mailFor?: ((code: string) => ComposeMail | null) | undefined;
  /** The message when the key's sends for the hour are used up. */
  maxSendsMessage?: string | undefined;
};

/**
 * Sends a one-time code (docs/product.md sections 2.5 and 8.8): at most 3 per address in any
 * rolling hour, 60 s apart. One client address asks for codes for at most
 * `verificationsPerIpHour` different e-mail addresses an hour that did not go on to book from
 * it, and `verificationsPerIpDay` in any 24 hours, so it cannot mint verified e-mails at will
 * (each can hold seats) while a shared address keeps booking (docs/decisions/008). The code row and its mail are written in one
 * transaction, so a code is never stored without its mail or mailed without being stored.
 */
export async function sendEmailCode(opts: SendEmailCodeOptions): Promise<EmailCodeResponse> {
  const email = normalizeEmail(opts.email);
  const now = opts.clock.now();
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const dayAgo = new Date(now.getTime() - 24 * HOUR_MS);
  return opts.db.transaction(async (tx) => {
    const { clientIp, verificationsPerIpHour } = opts;
    if (clientIp && verificationsPerIpHour) {
      // The client's turn first, then the address's (the same order everywhere): two requests
      // of one client for two new addresses cannot both pass the count.
      await lockEmail({ db: tx, email: `ip:${clientIp}` });
      const manage = email.startsWith(MANAGE_KEY_PREFIX);
      const [asked] = await tx
        .select({ id: emailCodes.id })
        .from(emailCodes)
        .where(
          and(
            eq(emailCodes.clientIp, clientIp),
            gt(emailCodes.createdAt, manage ? hourAgo : dayAgo),
            eq(emailCodes.email, email),
          ),
        )
        .limit(1);
      if (!asked) {
        const others = (since: Date, opts?: { notBooked: boolean }) =>
          tx
            .select({ n: countDistinct(emailCodes.email) })
            .from(emailCodes)
            .where(
              and(
                eq(emailCodes.clientIp, clientIp),
                gt(emailCodes.createdAt, since),
                ne(emailCodes.email, email),
                // Booking codes (`booking:<reference>`) and e-mail codes are counted apart.
                manage
                  ? like(emailCodes.email, `${MANAGE_KEY_PREFIX}%`)
                  : notLike(emailCodes.email, `${MANAGE_KEY_PREFIX}%`),
                // Many people share one address (a carrier's NAT, a resort's front desk): an
                // e-mail that went on to book from it is a passenger, not a flood.
                opts?.notBooked
                  ? sql`not exists (select 1 from ${tickets} where lower(${tickets.passengerEmail}) = ${emailCodes.email} and ${tickets.clientIp} = ${clientIp} and ${tickets.createdAt} > ${since})`
                  : undefined,
              ),
            )
            .then(([row]) => Number(row?.n ?? 0));
        if (manage) {
          if ((await others(hourAgo)) >= verificationsPerIpHour) throw verificationLimit();
        } else {
          if ((await others(hourAgo, { notBooked: true })) >= verificationsPerIpHour)
            throw verificationLimit();
          // ...but a booking is not a free pass: in any day, every new address counts.
          const perDay = opts.verificationsPerIpDay;
          if (perDay && (await others(dayAgo)) >= perDay) {
            throw new AppError('verification_day_limit', MSG.verificationDayLimit, 429);
          }
        }
      }
    }
    await lockEmail({ db: tx, email });
    const recent = await tx
      .select({ createdAt: emailCodes.createdAt })
      .from(emailCodes)
      .where(and(eq(emailCodes.email, email), gt(emailCodes.createdAt, hourAgo)))
      .orderBy(desc(emailCodes.createdAt));
    if (recent.length >= EMAIL_CODE_MAX_SENDS) {
      throw new AppError('otp_max_attempts', opts.maxSendsMessage ?? MSG.otpMaxAttempts, 429);
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
      clientIp: clientIp ?? null,
      // The injected clock, not the database's, decides the hour window and the cooldown.
      createdAt: now,
    });
    // In the passenger's language; once delivered the row keeps a version without the code.
    const mail = opts.mailFor
      ? opts.mailFor(code)
      : codeMail({ to: email, code, language: opts.language ?? DEFAULT_LANGUAGE });
    if (mail) await enqueueMail({ db: tx, mail });
    return {
      cooldownSeconds: EMAIL_CODE_COOLDOWN_SECONDS,
      attemptsLeft: EMAIL_CODE_MAX_SENDS - recent.length - 1,
    };
  });
}
