import { and, eq, isNull } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { cardPayments, tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { GatewayError, type PaymentProvider } from '#server/lib/payments/types.ts';
import type { PaymentRedirect } from '#shared/card-payments.ts';
import { MSG } from '#shared/messages/api.ts';

export type OpenCardPaymentOptions = {
  db: DbOrTx;
  provider: PaymentProvider;
  localId: string;
  /** This server's public address: the passenger's return page and the gateway's callback. */
  linkBase: string;
};

/**
 * Asks the gateway to open a payment the booking flow recorded (open-card-payment-row.ts), once:
 * a retry of the same booking request, or two at once, get the page the first one was given.
 * A gateway that fails answers 502; the payment stays recorded and unopened, so the passenger
 * may send again.
 */
export async function openCardPayment(opts: OpenCardPaymentOptions): Promise<PaymentRedirect> {
  const { db, localId } = opts;
  const read = async () =>
    (
      await db
        .select({
          transactionId: cardPayments.transactionId,
          redirectUrl: cardPayments.redirectUrl,
          amountMinor: cardPayments.amountMinor,
          currency: cardPayments.currency,
          reference: tickets.paymentReference,
        })
        .from(cardPayments)
        .innerJoin(tickets, eq(tickets.id, cardPayments.ticketId))
        .where(eq(cardPayments.localId, localId))
    )[0];
  const row = await read();
  if (!row) throw new AppError('payment_not_found', MSG.paymentNotFound, 404);
  if (row.redirectUrl) return { localId, redirectUrl: row.redirectUrl };

  const base = opts.linkBase.replace(/\/$/, '');
  let opened: { transactionId: string; redirectUrl: string };
  try {
    opened = await opts.provider.open({
      amountMinor: row.amountMinor,
      currency: row.currency === 'MVR' ? 'MVR' : 'USD',
      localId,
      customerReference: row.reference,
      returnUrl: `${base}/payment/${localId}`,
      callbackUrl: `${base}/api/payments/${opts.provider.name}/callback`,
    });
  } catch (err) {
    // The gateway's message is logged by the caller's request; the passenger reads ours.
    if (err instanceof GatewayError) throw new AppError('card_gateway_failed', MSG.cardGatewayFailed, 502);
    throw err;
  }
  await db
    .update(cardPayments)
    .set({ transactionId: opened.transactionId, redirectUrl: opened.redirectUrl, updatedAt: new Date() })
    .where(and(eq(cardPayments.localId, localId), isNull(cardPayments.transactionId)));
  const saved = await read();
  return { localId, redirectUrl: saved?.redirectUrl ?? opened.redirectUrl };
}
