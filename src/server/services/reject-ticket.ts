import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ticketSeats, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { ticketNotPending } from './approve-ticket.ts';
import { readAdminTicket } from './list-tickets.ts';
import { lockTicket } from './lock-ticket.ts';
import { rejectedMail } from './ticket-mails.ts';

/**
 * SPEC.md section 4: pending becomes cancelled, the payment failed, remarks kept. Its seats are
 * freed in the same transaction (ARCHITECTURE.md section 2.2), so they can be booked at once.
 */
export async function rejectTicket(opts: {
  db: Db;
  clock: Clock;
  actorUserId: string;
  ticketId: string;
  remarks?: string | undefined;
}): Promise<AdminTicket> {
  return opts.db.transaction(async (tx) => {
    const before = await lockTicket(tx, opts.ticketId);
    if (before.ticketStatus !== 'pending') throw ticketNotPending();
    const remarks = opts.remarks?.trim() ? opts.remarks.trim() : null;
    await tx
      .update(tickets)
      .set({ ticketStatus: 'cancelled', paymentStatus: 'failed', remarks, updatedAt: opts.clock.now() })
      .where(eq(tickets.id, before.id));
    await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, before.id));
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'reject',
      entity: 'ticket',
      entityId: before.id,
      before: { ticketStatus: before.ticketStatus, paymentStatus: before.paymentStatus },
      after: { ticketStatus: 'cancelled', paymentStatus: 'failed', remarks },
    });
    const ticket = await readAdminTicket(tx, before.id);
    await enqueueMail(tx, rejectedMail(ticket));
    await announce(tx, { kind: 'ticket', data: { type: 'updated', ticketId: before.id } });
    return ticket;
  });
}
