import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { refundRequests, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import { refundSentMail } from '#server/mails/refund-sent-mail.ts';
import { CANCELLED_STATES } from '#shared/constants.ts';
import type { Refund } from '#shared/disruptions.ts';
import { REFUND_MSG } from '#shared/messages/staff.ts';
import { lockTicket } from './lock-ticket.ts';
import { readRefund } from './read-refund.ts';
import { readTicket } from './read-ticket.ts';

const notFound = () => new AppError('refund_not_found', REFUND_MSG.refundNotFound, 404);

export type MarkRefundedOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  refundId: string;
  bankReference: string;
};

/**
 * The office paid one refund back (docs/decisions/026, 027): the request is closed with the
 * bank's reference (a card gateway's refusal noted on it goes), a cancelled booking is marked refunded (its code no longer boards), and the
 * passenger is told, all in one transaction. A request already refunded is refused, so a double
 * click or a second office screen never records the payment twice.
 */
export async function markRefunded(opts: MarkRefundedOptions): Promise<Refund> {
  return opts.db.transaction(async (tx) => {
    const [found] = await tx
      .select({ ticketId: refundRequests.ticketId })
      .from(refundRequests)
      .where(eq(refundRequests.id, opts.refundId));
    if (!found) throw notFound();
    // The ticket first, then its request: the order markTicket takes them in, so the two never deadlock.
    const ticket = await lockTicket({ db: tx, id: found.ticketId });
    const [request] = await tx
      .select()
      .from(refundRequests)
      .where(eq(refundRequests.id, opts.refundId))
      .for('update');
    if (!request) throw notFound();
    if (request.status !== 'requested')
      throw new AppError('already_refunded', REFUND_MSG.alreadyRefunded, 409);

    const now = opts.clock.now();
    await tx
      .update(refundRequests)
      .set({ status: 'refunded', refundedAt: now, bankReference: opts.bankReference, gatewayError: null })
      .where(and(eq(refundRequests.id, request.id), eq(refundRequests.status, 'requested')));
    // A cancelled booking's refund is its outcome; a rebooked one keeps travelling as it is.
    const marks = CANCELLED_STATES.includes(ticket.ticketStatus) && ticket.markedStatus !== 'refunded';
    if (marks) {
      await tx
        .update(tickets)
        .set({ markedStatus: 'refunded', ...supersedeETicket, updatedAt: now })
        .where(eq(tickets.id, ticket.id));
    }
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'refund',
      entity: 'ticket',
      entityId: ticket.id,
      before: { refundId: request.id, refundStatus: request.status, markedStatus: ticket.markedStatus },
      after: {
        refundId: request.id,
        refundStatus: 'refunded',
        markedStatus: marks ? 'refunded' : ticket.markedStatus,
        reason: request.reason,
        amount: request.amount,
        currency: request.currency,
        bankReference: opts.bankReference,
      },
    });
    await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: ticket.id } } });
    // A counter sale without an address: the office tells them by phone.
    if (ticket.passengerEmail.trim() !== '') {
      const view = await readTicket({ db: tx, id: ticket.id });
      await enqueueMail({
        db: tx,
        mail: refundSentMail(view, {
          amount: request.amount,
          currency: request.currency,
          bankReference: opts.bankReference,
        }),
      });
    }
    const refund = await readRefund({ db: tx, id: request.id });
    if (!refund) throw notFound();
    return refund;
  });
}
