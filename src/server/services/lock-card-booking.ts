import { desc, eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { cardPayments } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { MSG } from '#shared/messages/api.ts';
import { lockBookingRows } from './lock-booking-rows.ts';

export type LockCardBookingOptions = { tx: Tx; localId: string; now: Date };

/**
 * The booking a declined card payment was for, its rows locked, when the passenger may still
 * act on it (docs/decisions/042): it waits for its card payment with its seats held, and this
 * payment is its newest and was declined. Otherwise 409 (404 for an unknown payment).
 */
export async function lockCardBooking({ tx, localId, now }: LockCardBookingOptions) {
  const [payment] = await tx.select().from(cardPayments).where(eq(cardPayments.localId, localId));
  if (!payment) throw new AppError('payment_not_found', MSG.paymentNotFound, 404);
  const rows = await lockBookingRows({ db: tx, ticketIds: [payment.ticketId] });
  const main = rows.find((r) => r.id === payment.ticketId);
  const [newest] = await tx
    .select({ id: cardPayments.id, state: cardPayments.state })
    .from(cardPayments)
    .where(eq(cardPayments.ticketId, payment.ticketId))
    .orderBy(desc(cardPayments.createdAt))
    .limit(1);
  const held = main?.ticketStatus === 'awaiting_card' && (main.paymentDueAt?.getTime() ?? 0) > now.getTime();
  if (!main || !held || newest?.id !== payment.id || newest.state !== 'declined') {
    throw new AppError('card_retry_unavailable', MSG.cardRetryUnavailable, 409);
  }
  return { payment, main, rows };
}
