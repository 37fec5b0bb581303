import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { refundRequests, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { AdminTicket, MarkedStatus } from '#shared/admin-api.ts';
import { CANCELLED_STATES } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { REFUND_MSG } from '#shared/staff-messages.ts';
import { lockTicket } from './lock-ticket.ts';
import { readTicket } from './read-ticket.ts';

/**
 * Attendance and after-the-fact outcomes on approved tickets, in any order. A marking never
 * frees a seat (docs/product.md section 10.4, as docs/decisions/026 words it): a confirmed ticket
 * marked cancelled or refunded keeps its seats. Reject, delete, a counter void and the states
 * `cancelled_by_operator` and `cancelled_by_passenger` free them, in the change that sets them,
 * so a `refunded` marking on a cancelled booking finds its seats already free.
 */
export async function markTicket(opts: {
  db: Db;
  clock: Clock;
  actorUserId: string;
  ticketId: string;
  status: MarkedStatus;
}): Promise<AdminTicket> {
  return opts.db.transaction(async (tx) => {
    const before = await lockTicket({ db: tx, id: opts.ticketId });
    // A booking the operator or the passenger cancelled is owed a refund: it takes `refunded`.
    const refund = opts.status === 'refunded' && CANCELLED_STATES.includes(before.ticketStatus);
    if (before.ticketStatus !== 'confirmed' && !refund) {
      throw new AppError('ticket_not_confirmed', MSG.ticketNotConfirmed, 409);
    }
    // A refund the queue owes is paid there, with the bank's reference, and the passenger told
    // (mark-refunded.ts); the plain marking is only for a ticket the queue owes nothing.
    if (opts.status === 'refunded') {
      const [open] = await tx
        .select({ id: refundRequests.id })
        .from(refundRequests)
        .where(and(eq(refundRequests.ticketId, before.id), eq(refundRequests.status, 'requested')))
        .limit(1);
      if (open) throw new AppError('refund_in_queue', REFUND_MSG.refundInQueue, 409);
    }
    await tx
      .update(tickets)
      .set({
        markedStatus: opts.status,
        // Marked on board by hand: the whole party; a no-show: nobody.
        ...(opts.status === 'present' ? { boardedCount: before.adultCount + before.childCount } : {}),
        ...(opts.status === 'no_show' ? { boardedCount: 0 } : {}),
        // Cancelled or refunded: the code no longer boards.
        ...(opts.status === 'cancelled' || opts.status === 'refunded' ? supersedeETicket : {}),
        updatedAt: opts.clock.now(),
      })
      .where(eq(tickets.id, before.id));
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'mark',
      entity: 'ticket',
      entityId: before.id,
      before: { ticketStatus: before.ticketStatus, markedStatus: before.markedStatus },
      after: { ticketStatus: before.ticketStatus, markedStatus: opts.status },
    });
    await announce(tx, { kind: 'ticket', data: { type: 'updated', ticketId: before.id } });
    return readTicket({ db: tx, id: before.id });
  });
}
