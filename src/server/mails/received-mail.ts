import type { ComposeMail } from '#server/lib/mailer.ts';
import type { Language } from '#shared/languages.ts';
import { type BookingFacts, composeMail } from './compose.ts';

/** The booking was submitted: written in the booking's transaction (create-booking.ts). */
export function receivedMail(facts: BookingFacts, language: Language): ComposeMail {
  return composeMail({ booking: facts, language }, async ({ line, reference, trip, support, manage }) => ({
    subject: line('email.receivedSubject', { reference }),
    blocks: [
      [line('email.receivedThanks', { name: facts.passengerName })],
      trip,
      [line('email.receivedReview')],
      [line('email.receivedRemark', { reference })],
      [support],
      ...(await manage()),
    ],
  }));
}
