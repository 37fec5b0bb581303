import type { ComposeMail } from '#server/lib/mailer.ts';
import type { Language } from '#shared/languages.ts';
import { type BookingFacts, composeMail } from './compose.ts';
import { dueLine, type PaymentDue } from './payment-due.ts';

/**
 * The booking was submitted: written in the booking's transaction (create-booking.ts). One sent to
 * pay later (`due`, docs/decisions/040-pay-later.md) says until when its seats wait for the transfer.
 */
export function receivedMail(
  facts: BookingFacts,
  language: Language,
  due: PaymentDue | null = null,
): ComposeMail {
  return composeMail({ booking: facts, language }, async (parts) => {
    const { line, reference, trip, support, manage } = parts;
    return {
      subject: line('email.receivedSubject', { reference }),
      blocks: [
        [line('email.receivedThanks', { name: facts.passengerName })],
        trip,
        [due ? dueLine(parts, due, 'email.receivedPayLater') : line('email.receivedReview')],
        [line('email.receivedRemark', { reference }), ...(due ? [line('email.payLaterSlip')] : [])],
        [support],
        ...(await manage()),
      ],
    };
  });
}
