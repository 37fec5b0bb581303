import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { composeMail } from './compose.ts';

/**
 * ...or rejected, with the admin's remarks and whom to contact. A rejected rebooking payment
 * gives back the verified first payment (`refund`): the mail says so and links to the manage
 * page, where the passenger gives the account for it.
 */
export function rejectedMail(
  ticket: AdminTicket,
  refund: { amount: string; currency: string } | null = null,
): ComposeMail {
  return composeMail({ ticket }, async (parts) => {
    const { line, ltr, t } = parts;
    return {
      subject: line('email.rejectedSubject', { reference: parts.reference }),
      blocks: [
        parts.greeting(line('email.rejectedIntro')),
        parts.trip,
        [
          line('email.remarks', {
            remarks: ticket.remarks?.trim() ? ticket.remarks : t('email.remarksNone'),
          }),
        ],
        ...(refund
          ? [
              [
                line('email.rejectedExtraRefund', { amount: ltr(`${refund.amount} ${refund.currency}`) }),
                line('email.changedRefundAccount'),
              ],
              ...(await parts.manage()),
            ]
          : []),
        [line('email.rejectedStatus'), parts.support],
      ],
    };
  });
}
