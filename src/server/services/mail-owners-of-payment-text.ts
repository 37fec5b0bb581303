import type { Language } from '#shared/languages.ts';
import { textOf } from '#shared/messages/catalogues.ts';
import { isPaymentText } from '#shared/payment-texts.ts';
import type { Tx } from '../db/client.ts';
import { paymentTextChangeMail } from '../mails/payment-text-change-mail.ts';
import { mailOwners } from './mail-owners.ts';

export type MailOwnersOfPaymentTextOptions = {
  db: Tx;
  language: Language;
  id: string;
  /** Who made the change, for the Owners' notice. */
  actorEmail?: string | undefined;
  /** The correction before and after; undefined where there is none. */
  before: string | undefined;
  after: string | undefined;
};

/**
 * Every active Owner hears of a change to a text about paying, as of one to the accounts
 * (update-payment-settings.ts): a change they did not make is fraud. `before` and `after` are
 * what passengers read, the default where there is no correction.
 */
export async function mailOwnersOfPaymentText(opts: MailOwnersOfPaymentTextOptions): Promise<void> {
  const { language, id } = opts;
  if (!isPaymentText(id)) return;
  const shipped = textOf(id, language) ?? '';
  await mailOwners({
    db: opts.db,
    mail: (to) =>
      paymentTextChangeMail({
        to,
        language,
        id,
        actorEmail: opts.actorEmail,
        before: opts.before ?? shipped,
        after: opts.after ?? shipped,
      }),
  });
}
