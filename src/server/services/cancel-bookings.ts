import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { refundRequests, ticketSeats, tickets } from '#server/db/schema.ts';
import { cancelNotices } from '#server/lib/disruption-preview.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { notifyPassenger } from './notify-passenger.ts';
import { type DepartureChange, noteOf } from './record-disruption.ts';
import { refundParts } from './split-refund.ts';

export type CancelBookingsOptions = {
  /** The caller's transaction. */
  db: DbOrTx;
  affected: AdminTicket[];
  disruptionId: string | null;
  /** The departure's cancel or move: why, the office's note, and who is told how. */
  change: DepartureChange;
  now: Date;
};

/**
 * The operator's cancel path for bookings (a cancelled departure, or bookings a move cannot
 * carry over): `cancelled_by_operator`, seats freed, e-ticket code revoked, a full refund
 * requested, and the passenger told. In the caller's transaction.
 */
export async function cancelBookings(opts: CancelBookingsOptions): Promise<void> {
  const { db: tx } = opts;
  const ids = opts.affected.map((t) => t.id);
  if (ids.length === 0) return;
  await tx
    .update(tickets)
    .set({ ticketStatus: 'cancelled_by_operator', updatedAt: opts.now, ...supersedeETicket })
    .where(inArray(tickets.id, ids));
  await tx.delete(ticketSeats).where(inArray(ticketSeats.ticketId, ids));
  // The whole fare back; while a dearer rebooking's second payment is under review, its part
  // and the verified first payment's part are owed apart (docs/decisions/027).
  // A partner's booking is refunded by charging its account nothing (docs/decisions/043).
  const requests = opts.affected.flatMap((t) =>
    t.channel === 'partner'
      ? []
      : refundParts(
          {
            totalAmount: t.totalAmount,
            paymentStatus: t.paymentStatus,
            firstPaymentAmount: t.extraPayment?.firstAmount ?? null,
            firstPaymentVerified: t.extraPayment?.firstVerified ?? null,
          },
          toCents(t.totalAmount),
          100,
        ).map((part) => ({
          ticketId: t.id,
          amount: centsToMoney(part.cents),
          currency: t.currency,
          reason: 'operator_cancelled',
          paymentVerified: part.paymentVerified,
          disruptionId: opts.disruptionId,
          createdAt: opts.now,
        })),
  );
  if (requests.length > 0) await tx.insert(refundRequests).values(requests).onConflictDoNothing();
  const { change } = opts;
  for (const notice of cancelNotices(opts.affected, change.reason, noteOf(change))) {
    await notifyPassenger({ db: tx, notice, notifiers: change.notifiers });
  }
}
