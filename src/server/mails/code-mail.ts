import type { ComposeMail } from '#server/lib/mailer.ts';
import { EMAIL_CODE_TTL_MINUTES } from '#shared/constants.ts';
import type { Language } from '#shared/languages.ts';
import { composeMail } from './compose.ts';

/**
 * Step 2's code, in the language the passenger asked in. Once delivered, the outbox row keeps
 * the `kept` texts instead, so no readable code stays in the database.
 */
export function codeMail(opts: { to: string; code: string; language: Language }): ComposeMail {
  return composeMail({ to: opts.to, language: opts.language }, ({ line, ltr, support }) => {
    const code = ltr(opts.code);
    return {
      subject: line('email.codeSubject', { code }),
      blocks: [
        [line('email.codeIntro', { code })],
        [line('email.codeValidity', { minutes: EMAIL_CODE_TTL_MINUTES })],
        [support],
      ],
      kept: { subject: 'email.codeKeptSubject', text: 'email.codeKeptText' },
    };
  });
}
