import type { ComposeMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { TextId } from '#shared/messages/catalogues.ts';
import { composeMail, type Line } from './compose.ts';

/** What the passenger changed on the manage page, as the mail tells it (docs/decisions/027). */
export type OwnChange =
  | { kind: 'cancel'; refund: { amount: string; currency: string; hasAccount: boolean } | null }
  | { kind: 'rebook'; pending: boolean }
  | { kind: 'name' }
  | { kind: 'slip' }
  | { kind: 'refund_account'; bank: string; last4: string };

/**
 * The passenger changed their own booking: what changed, the booking as it now is where it
 * still travels, and whom to tell if they did not ask for it, in the booking's language.
 */
export function ownChangeMail(ticket: AdminTicket, change: OwnChange): ComposeMail {
  return composeMail({ ticket }, async (parts) => {
    const { line, ltr, reference, facts } = parts;
    const [subject, lines]: [TextId, Line[]] =
      change.kind === 'cancel'
        ? [
            'email.changedCancelSubject',
            [
              line('email.changedCancelIntro', { reference }),
              ...(change.refund
                ? [
                    line('email.changedRefundDue', {
                      amount: ltr(`${change.refund.amount} ${change.refund.currency}`),
                    }),
                    ...(change.refund.hasAccount ? [] : [line('email.changedRefundAccount')]),
                  ]
                : []),
            ],
          ]
        : change.kind === 'rebook'
          ? [
              'email.changedRebookSubject',
              [
                line('email.changedRebookIntro'),
                ...(change.pending ? [line('email.changedRebookPending')] : []),
              ],
            ]
          : change.kind === 'name'
            ? [
                'email.changedNameSubject',
                [line('email.changedNameIntro', { reference, name: facts.passengerName })],
              ]
            : change.kind === 'slip'
              ? ['email.changedSlipSubject', [line('email.changedSlipIntro', { reference })]]
              : [
                  'email.changedAccountSubject',
                  [
                    line('email.changedAccountIntro', {
                      reference,
                      bank: change.bank,
                      last4: ltr(change.last4),
                    }),
                  ],
                ];
    return {
      subject: line(subject, { reference }),
      blocks: [
        parts.greeting(...lines),
        ...(change.kind === 'rebook' || change.kind === 'name' || change.kind === 'slip' ? [parts.trip] : []),
        [line('email.changedNotYou', { reference }), parts.support],
        ...(await parts.manage()),
      ],
    };
  });
}
