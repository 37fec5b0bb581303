import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { composeMail } from './compose.ts';
import { dueLine, type PaymentDue } from './payment-due.ts';

/**
 * A pay-later booking's transfer has not come in and its hold ends soon (docs/decisions/040): when,
 * the remark to write, and the manage page, where a slip can be added.
 */
export function paymentReminderMail(ticket: AdminTicket, due: PaymentDue): ComposeMail {
  return composeMail({ ticket }, async (parts) => ({
    subject: parts.line('email.payReminderSubject', { reference: parts.reference }),
    blocks: [
      parts.greeting(dueLine(parts, due, 'email.payReminderIntro')),
      parts.trip,
      [parts.line('email.receivedRemark', { reference: parts.reference }), parts.line('email.payLaterSlip')],
      ...(await parts.manage()),
      [parts.support],
    ],
  }));
}
