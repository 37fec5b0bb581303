import type { Db } from '#server/db/client.ts';
import type { PaymentProvider } from '#server/lib/payments/types.ts';
import type { PaymentRedirect } from '#shared/card-payments.ts';
import { lockCardBooking } from './lock-card-booking.ts';
import { openCardPayment } from './open-card-payment.ts';
import { openCardPaymentRow } from './open-card-payment-row.ts';

export type RetryCardPaymentOptions = {
  db: Db;
  provider: PaymentProvider;
  localId: string;
  now: Date;
  linkBase: string;
};

/**
 * Another try after a declined card payment (docs/decisions/042): a new payment for the same
 * booking and amount, within the same hold (a try never holds the seats longer).
 */
export async function retryCardPayment(opts: RetryCardPaymentOptions): Promise<PaymentRedirect> {
  const { localId } = await opts.db.transaction(async (tx) => {
    const { payment, main } = await lockCardBooking({ tx, localId: opts.localId, now: opts.now });
    return openCardPaymentRow({
      db: tx,
      ticketId: main.id,
      provider: opts.provider.name,
      amountMinor: payment.amountMinor,
      currency: payment.currency,
      holdUntil: main.paymentDueAt ?? payment.holdUntil,
    });
  });
  return openCardPayment({ db: opts.db, provider: opts.provider, localId, linkBase: opts.linkBase });
}
