import { humanize } from '#web/lib/humanize.ts';

/**
 * The audit actions whose code reads poorly written out. Card payments online (docs/decisions/042)
 * are mostly the gateway's doing, recorded with no person behind them.
 */
const ACTION_LABEL: Record<string, string> = {
  card_paid: 'Card payment confirmed',
  card_declined: 'Card payment declined',
  card_mismatch: 'Card payment amount did not match',
  card_paid_no_seat: 'Card paid after the seats were taken (refund owed)',
  card_callback: 'Card gateway callback',
  card_callback_refused: 'Card gateway callback refused (bad signature)',
  card_refund: 'Refunded to the card',
  card_to_transfer: 'Card payment switched to a bank transfer',
  release_unpaid_card: 'Unpaid card booking released',
};

/** 'card_paid' -> 'Card payment confirmed'; any other action written out ('approve' -> 'Approve'). */
export const actionLabel = (action: string) => ACTION_LABEL[action] ?? humanize(action);
