import type { ComposeMail } from '#server/lib/mailer.ts';
import { EMAIL_CODE_TTL_MINUTES } from '#shared/constants.ts';
import type { Language } from '#shared/languages.ts';
import { composeMail } from './compose.ts';

/**
 * The code that lets a passenger change their booking (docs/decisions/027), to the booking's own
 * address, in the booking's language. Once delivered, the outbox row keeps the `kept` texts
 * instead, so no readable code stays in the database.
 */
export function manageCodeMail(opts: {
  to: string;
  code: string;
  reference: string;
  language: Language;
}): ComposeMail {
  return composeMail({ to: opts.to, language: opts.language }, ({ line, ltr, support }) => {
    const reference = ltr(opts.reference);
    return {
      subject: line('email.manageCodeSubject', { reference }),
      blocks: [
        [line('email.manageCodeIntro', { reference, code: ltr(opts.code) })],
        [line('email.manageCodeValidity', { minutes: EMAIL_CODE_TTL_MINUTES })],
        [support],
      ],
      kept: { text: 'email.manageCodeKeptText' },
    };
  });
}
