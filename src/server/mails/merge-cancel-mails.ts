import { centsToMoney, toCents } from '#shared/money.ts';
import type { OwnChange } from './own-change-mail.ts';

/** Both journeys of a return cancelled at once (docs/decisions/037): one mail, the refunds summed. */
export function mergeCancelMails(mails: OwnChange[]): OwnChange {
  const refunds = mails.flatMap((m) => (m.kind === 'cancel' && m.refund ? [m.refund] : []));
  const [first] = refunds;
  if (!first) return { kind: 'cancel', refund: null };
  const cents = refunds.reduce((sum, r) => sum + toCents(r.amount), 0n);
  return { kind: 'cancel', refund: { ...first, amount: centsToMoney(cents) } };
}
