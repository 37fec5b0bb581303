import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '#server/db/client.ts';
import { cardPayments } from '#server/db/schema.ts';

export type OpenCardPaymentRowOptions = {
  db: DbOrTx;
  /** The booking's first journey. */
  ticketId: string;
  provider: string;
  /** The server's total in `currency`'s minor units. */
  amountMinor: number;
  currency: string;
  holdUntil: Date;
};

/**
 * A card payment for a booking, as the server computed it (docs/decisions/042): our id for it
 * (128 random bits) and its amount in minor units. The gateway is asked to open it after the
 * caller's commit (open-card-payment.ts).
 */
export async function openCardPaymentRow(opts: OpenCardPaymentRowOptions): Promise<{ localId: string }> {
  const localId = randomBytes(16).toString('base64url');
  await opts.db.insert(cardPayments).values({
    localId,
    ticketId: opts.ticketId,
    provider: opts.provider,
    amountMinor: opts.amountMinor,
    currency: opts.currency,
    holdUntil: opts.holdUntil,
  });
  return { localId };
}
