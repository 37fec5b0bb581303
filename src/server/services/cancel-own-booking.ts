import { eq } from 'drizzle-orm';
import { refundRequests, ticketSeats, tickets } from '#server/db/schema.ts';
import { notAllowed } from '#server/lib/manage-errors.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { RefundAccount } from '#shared/manage-api.ts';
import { centsToMoney } from '#shared/money.ts';
import type { ChangeContext, RecordedChange } from './run-change.ts';
import { refundParts } from './split-refund.ts';

export type CancelOwnBookingOptions = ChangeContext & { account: RefundAccount | undefined };

/**
 * The passenger cancels before departure: the policy's share at this moment comes back (the
 * server works it out; nothing the client sends changes it), the seats are freed and the code
 * stops boarding. A pending booking's refund says its payment was never checked; while a dearer
 * rebooking's second payment is under review, the share of the verified first payment and the
 * share of the unchecked second are two requests, each flagged as it is.
 */
export async function cancelOwnBooking(opts: CancelOwnBookingOptions): Promise<RecordedChange> {
  const { tx, ticket, rules, now, account } = opts;
  if (!rules.canCancel) throw notAllowed('This booking can no longer be cancelled here.');
  await tx
    .update(tickets)
    .set({ ticketStatus: 'cancelled_by_passenger', updatedAt: now, ...supersedeETicket })
    .where(eq(tickets.id, ticket.id));
  await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, ticket.id));
  // The policy's share of each payment as the office knows it: a verified first payment and an
  // unchecked second one (a dearer rebooking under review) are owed apart.
  const parts = refundParts(ticket, rules.refundCents, rules.percent);
  if (parts.length > 0) {
    await tx
      .insert(refundRequests)
      .values(
        parts.map((part) => ({
          ticketId: ticket.id,
          amount: centsToMoney(part.cents),
          currency: ticket.currency,
          reason: 'passenger_cancelled',
          percent: rules.percent,
          paymentVerified: part.paymentVerified,
          ...(account ?? {}),
          createdAt: now,
        })),
      )
      .onConflictDoNothing();
  }
  return {
    before: { ticketStatus: ticket.ticketStatus, seatNumbers: ticket.seatNumbers },
    after: {
      ticketStatus: 'cancelled_by_passenger',
      refund: centsToMoney(rules.refundCents),
      percent: rules.percent,
    },
    mail: {
      kind: 'cancel',
      refund:
        rules.refundCents > 0n
          ? {
              amount: centsToMoney(rules.refundCents),
              currency: ticket.currency,
              hasAccount: Boolean(account),
            }
          : null,
    },
  };
}
