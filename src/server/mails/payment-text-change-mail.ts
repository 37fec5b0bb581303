import type { ComposeMail } from '#server/lib/mailer.ts';
import { LANGUAGE_NAME_EN, type Language } from '#shared/languages.ts';
import { composeMail } from './compose.ts';

/**
 * Every active Owner hears of a change to a text about paying, as of one to the accounts
 * (bank-change-mail.ts): a change they did not make is fraud. `before` and `after` are what
 * passengers read.
 */
export function paymentTextChangeMail(opts: {
  to: string;
  language: Language;
  id: string;
  actorEmail: string | undefined;
  before: string;
  after: string;
}): ComposeMail {
  return composeMail({ to: opts.to, staff: true }, () => ({
    subject: 'A text passengers read about paying was changed',
    paragraphs: [
      [
        `The ${LANGUAGE_NAME_EN[opts.language]} text ${opts.id}, which tells passengers where or how to pay, was changed by ${opts.actorEmail ?? 'the system'}.`,
      ],
      [`Before: ${JSON.stringify(opts.before)}`, `After: ${JSON.stringify(opts.after)}`],
      [
        'If you did not expect this change, sign in, put the text right on the Texts screen, and check the audit trail.',
      ],
    ],
  }));
}
