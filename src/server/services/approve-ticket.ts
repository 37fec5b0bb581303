import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { approveBookings } from './approve-bookings.ts';
import { lockTicket } from './lock-ticket.ts';

export const ticketNotPending = () => new AppError('ticket_not_pending', MSG.ticketNotPending, 409);

export type ApproveTicketOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  ticketId: string;
};

/**
 * docs/product.md section 4: pending becomes confirmed and the payment completed. One transaction holds
 * the row lock, the audit entry, the passenger's mail (held for the undo window) and the live
 * event; the approval itself is the one a bank statement's matches go through (approve-bookings.ts).
 */
export async function approveTicket(opts: ApproveTicketOptions): Promise<AdminTicket> {
  return opts.db.transaction(async (tx) => {
    const before = await lockTicket({ db: tx, id: opts.ticketId });
    if (before.ticketStatus !== 'pending') throw ticketNotPending();
    const [ticket] = await approveBookings({
      db: tx,
      clock: opts.clock,
      actorUserId: opts.actorUserId,
      ticketIds: [before.id],
    });
    if (!ticket) throw ticketNotPending();
    return ticket;
  });
}
