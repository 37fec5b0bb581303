import type { ComposeMail } from '#server/lib/mailer.ts';
import { composeMail } from './compose.ts';

/** Every Owner hears of a change to the bank details: a change they did not make is fraud. */
export function bankChangeMail(opts: {
  to: string;
  actorEmail: string | undefined;
  before: Record<string, unknown>;
  after: Record<string, string>;
}): ComposeMail {
  const lines = Object.entries(opts.after).map(
    ([field, value]) => `- ${field}: ${JSON.stringify(opts.before[field] ?? '')} -> ${JSON.stringify(value)}`,
  );
  return composeMail({ to: opts.to, staff: true }, () => ({
    subject: 'The bank details passengers pay into were changed',
    paragraphs: [
      [`The bank details shown to passengers were changed by ${opts.actorEmail ?? 'the system'}.`],
      lines,
      ['If you did not expect this change, sign in, put the details right, and check the audit trail.'],
    ],
  }));
}
