import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { composeMail } from './compose.ts';

/**
 * The day before departure (docs/decisions/026): the time, the stop, arriving 30 minutes early,
 * and the e-ticket's link, in the booking's language.
 */
export function reminderMail(ticket: AdminTicket, eTicketUrl: string): ComposeMail {
  return composeMail({ ticket }, async (parts) => {
    const { line, ltr, facts } = parts;
    return {
      subject: line('email.reminderSubject', { reference: parts.reference }),
      blocks: [
        parts.greeting(line('email.reminderIntro')),
        [line('email.reminderArrive', { stop: parts.place(facts.from), time: ltr(facts.departureTime) })],
        parts.trip,
        parts.eTicket(eTicketUrl),
        [parts.support],
        ...(await parts.manage()),
      ],
    };
  });
}
