import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { composeMail } from './compose.ts';

/** The e-ticket's link again, on the passenger's request (Check Booking), in the booking's language. */
export function eTicketMail(ticket: AdminTicket, eTicketUrl: string): ComposeMail {
  return composeMail({ ticket }, async (parts) => ({
    subject: parts.line('email.eTicketSubject', { reference: parts.reference }),
    blocks: [
      parts.greeting(parts.line('email.eTicketIntro')),
      parts.trip,
      parts.eTicket(eTicketUrl),
      [parts.support],
      ...(await parts.manage()),
    ],
  }));
}
