import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { composeMail } from './compose.ts';

/** A pay-later booking whose transfer never came in was released (docs/decisions/040-pay-later.md). */
export function releasedMail(ticket: AdminTicket): ComposeMail {
  return composeMail({ ticket }, async (parts) => ({
    subject: parts.line('email.releasedSubject', { reference: parts.reference }),
    blocks: [
      parts.greeting(parts.line('email.releasedIntro')),
      parts.trip,
      [parts.line('email.releasedPaid'), parts.support],
    ],
  }));
}
