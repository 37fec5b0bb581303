import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { refundRequests, ticketSeats, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import { rejectedMail } from '#server/mails/rejected-mail.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { ticketNotPending } from './approve-ticket.ts';
import type { LockedTicket } from './lock-ticket.ts';
import { readTicket } from './read-ticket.ts';

export type RejectLockedTicketOptions = {
  db: Tx;
  ticket: LockedTicket;
  now: Date;
  actorUserId: string;
  remarks: string | null;
  action?: string;
  /** No mail: a return's other journey, which the first journey's mail tells of. */
  quiet?: boolean;
};

/**
 * Rejects a pending ticket already locked in `tx`: cancelled, payment failed, remarks kept, its
 * seats freed in the same transaction (docs/product.md section 11.2), audit, mail and live event.
 * A rejected rebooking payment queues the refund of the verified first payment.
 */
export async function rejectLockedTicket(opts: RejectLockedTicketOptions): Promise<AdminTicket> {
  const { db: tx, ticket: before } = opts;
  if (before.ticketStatus !== 'pending') throw ticketNotPending();
  await tx
    .update(tickets)
    .set({
      ticketStatus: 'cancelled',
      paymentStatus: 'failed',
      remarks: opts.remarks,
      updatedAt: opts.now,
      ...supersedeETicket,
    })
    .where(eq(tickets.id, before.id));
  await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, before.id));
  // A dearer rebooking's second payment rejected: the first one, already verified, comes back
  // in full (docs/decisions/027). An unverified first payment is rejected with it, as any is.
  const refund =
    before.extraAmount !== null && before.firstPaymentVerified && before.firstPaymentAmount !== null
      ? { amount: before.firstPaymentAmount, currency: before.currency }
      : null;
  if (refund) {
    await tx
      .insert(refundRequests)
      .values({
        ticketId: before.id,
        ...refund,
        reason: 'rejected_extra_payment',
        paymentVerified: true,
        createdAt: opts.now,
      })
      .onConflictDoNothing();
  }
  await writeAudit({
    db: tx,
    actorUserId: opts.actorUserId,
    action: opts.action ?? 'reject',
    entity: 'ticket',
    entityId: before.id,
    before: { ticketStatus: before.ticketStatus, paymentStatus: before.paymentStatus },
    after: {
      ticketStatus: 'cancelled',
      paymentStatus: 'failed',
      remarks: opts.remarks,
      ...(refund ? { refund: refund.amount } : {}),
    },
  });
  const ticket = await readTicket({ db: tx, id: before.id });
  if (!opts.quiet) await enqueueMail({ db: tx, mail: rejectedMail(ticket, refund) });
  await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: before.id } } });
  return ticket;
}
