import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { composeMail } from './compose.ts';

/**
 * The office sent a refund back (docs/decisions/026, 027): how much, for which booking, and the
 * bank's reference to look for, in the booking's language.
 */
export function refundSentMail(
  ticket: AdminTicket,
  refund: { amount: string; currency: string; bankReference: string },
): ComposeMail {
  return composeMail({ ticket }, ({ line, ltr, reference, greeting, support }) => ({
    subject: line('email.refundSubject', { reference }),
    blocks: [
      greeting(line('email.refundIntro', { amount: ltr(`${refund.amount} ${refund.currency}`), reference })),
      [line('email.refundBankReference', { bankReference: ltr(refund.bankReference) })],
      [line('email.refundArrival'), support],
    ],
  }));
}
