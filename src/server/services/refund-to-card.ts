import { and, eq, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { cardPayments, refundRequests } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { GatewayError, type PaymentProvider } from '#server/lib/payments/types.ts';
import type { Refund } from '#shared/disruptions.ts';
import { REFUND_MSG } from '#shared/messages/staff.ts';
import { toCents } from '#shared/money.ts';
import { markRefunded } from './mark-refunded.ts';
import { readRefund } from './read-refund.ts';

/** What a refund being sent to the gateway reads, so a second click does not send it twice. */
const IN_PROGRESS = REFUND_MSG.cardRefundSending;

export type RefundToCardOptions = {
  db: Db;
  clock: Clock;
  provider: PaymentProvider | null;
  actorUserId: string;
  refundId: string;
};

/**
 * A refund owed on a booking paid by card online goes back to the card through the gateway's
 * refund call (docs/decisions/042): the request is claimed first (a second click or screen is
 * refused), then the gateway asked; its refund id closes the request as `markRefunded` does, and
 * the passenger is told. A gateway's refusal stays on the request, shown in the queue, for
 * another try or a refund in the gateway's portal.
 */
export async function refundToCard(opts: RefundToCardOptions): Promise<Refund> {
  const { db, provider } = opts;
  const refund = await readRefund({ db, id: opts.refundId });
  if (!refund) throw new AppError('refund_not_found', REFUND_MSG.refundNotFound, 404);
  if (refund.status !== 'requested') throw new AppError('already_refunded', REFUND_MSG.alreadyRefunded, 409);
  const card = refund.card;
  if (!card?.transactionId || !provider?.refund || provider.name !== card.provider) {
    throw new AppError('card_refund_unavailable', REFUND_MSG.cardRefundUnavailable, 409);
  }
  const [claimed] = await db
    .update(refundRequests)
    .set({ gatewayError: IN_PROGRESS })
    .where(
      and(
        eq(refundRequests.id, refund.id),
        eq(refundRequests.status, 'requested'),
        or(isNull(refundRequests.gatewayError), ne(refundRequests.gatewayError, IN_PROGRESS)),
      ),
    )
    .returning({ id: refundRequests.id });
  if (!claimed) throw new AppError('card_refund_in_progress', REFUND_MSG.cardRefundInProgress, 409);

  let refundId: string;
  try {
    ({ refundId } = await provider.refund(card.transactionId, Number(toCents(refund.amount))));
  } catch (err) {
    const message = err instanceof GatewayError ? err.message : 'no answer';
    await db.update(refundRequests).set({ gatewayError: message }).where(eq(refundRequests.id, refund.id));
    throw new AppError('card_refund_failed', REFUND_MSG.cardRefundFailed(message), 502);
  }

  const done = await markRefunded({
    db,
    clock: opts.clock,
    actorUserId: opts.actorUserId,
    refundId: refund.id,
    bankReference: refundId,
  });
  await db.transaction(async (tx) => {
    // A payment owed back whole is now refunded.
    await tx
      .update(cardPayments)
      .set({ state: 'refunded', updatedAt: opts.clock.now() })
      .where(
        and(eq(cardPayments.transactionId, card.transactionId ?? ''), eq(cardPayments.state, 'paid_no_seat')),
      );
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'card_refund',
      entity: 'card_payment',
      entityId: null,
      after: {
        refundId: refund.id,
        transactionId: card.transactionId,
        gatewayRefundId: refundId,
        amount: refund.amount,
        currency: refund.currency,
      },
    });
  });
  return done;
}
