import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import { normalizeReference } from '#server/lib/reference.ts';
import { manageCodeMail } from '#server/mails/manage-code-mail.ts';
import { DEFAULT_LANGUAGE, isLanguage } from '#shared/languages.ts';
import { MSG } from '#shared/messages/api.ts';
import { MAX_REFERENCE_LENGTH, manageCodeKey } from './manage-code-key.ts';
import { sendEmailCode } from './send-email-code.ts';

export type SendManageCodeOptions = {
  db: Db;
  clock: Clock;
  reference: string;
  clientIp: string;
  referencesPerIpHour: number;
};

/**
 * Sends a one-time code for changing a booking to the booking's own address (docs/decisions/027).
 * The answer and the limits are the same whether or not the reference exists: an unknown one
 * gets a code row too, mailed to nobody.
 */
export async function sendManageCode(opts: SendManageCodeOptions): Promise<void> {
  const reference = normalizeReference(opts.reference);
  if (!reference || reference.length > MAX_REFERENCE_LENGTH) return;
  const [ticket] = await opts.db
    .select({
      id: tickets.id,
      email: tickets.passengerEmail,
      language: tickets.language,
      reference: tickets.paymentReference,
    })
    .from(tickets)
    .where(and(eq(sql`lower(${tickets.paymentReference})`, reference), eq(tickets.journey, 1)))
    .limit(1);
  const to = ticket?.email.trim();
  await sendEmailCode({
    db: opts.db,
    clock: opts.clock,
    email: manageCodeKey(reference),
    clientIp: opts.clientIp,
    verificationsPerIpHour: opts.referencesPerIpHour,
    maxSendsMessage: MSG.otpMaxAttempts,
    mailFor: (code) =>
      ticket && to
        ? manageCodeMail({
            to,
            code,
            reference: ticket.reference,
            language: isLanguage(ticket.language) ? ticket.language : DEFAULT_LANGUAGE,
          })
        : null,
  });
}
