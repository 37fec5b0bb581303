import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { composeMail } from './compose.ts';

/** A card payment came after its booking's seats were released and taken (docs/decisions/042): refunded in full. */
export function cardNoSeatMail(ticket: AdminTicket): ComposeMail {
  return composeMail({ ticket }, async (parts) => ({
    subject: parts.line('email.cardNoSeatSubject', { reference: parts.reference }),
    blocks: [
      parts.greeting(parts.line('email.cardNoSeatIntro')),
      parts.trip,
      [parts.line('email.cardNoSeatRefund'), parts.support],
    ],
  }));
}
