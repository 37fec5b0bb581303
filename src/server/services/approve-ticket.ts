import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import type { TicketSigner } from '#server/lib/ticket-signing.ts';
import { approvedMail } from '#server/mails/approved-mail.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { eTicketTokenOf } from './e-ticket-token-of.ts';
import { lockTicket } from './lock-ticket.ts';
import { readBookingView } from './read-booking-view.ts';
import { signedCode } from './read-e-ticket.ts';
import { readTicket } from './read-ticket.ts';

export const ticketNotPending = () => new AppError('ticket_not_pending', MSG.ticketNotPending, 409);

export type ApproveTicketOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  ticketId: string;
  /** Where the e-ticket link points (`<base>/t/<token>`); without it the mail carries no link. */
  eTicketBase?: string;
  /** Signs the e-ticket's code for the QR code the approval mail shows. */
  signer?: TicketSigner;
};

/**
 * docs/product.md section 4: pending becomes confirmed and the payment completed. One transaction holds
 * the row lock, the audit entry, the passenger's mail and the live event.
 */
export async function approveTicket(opts: ApproveTicketOptions): Promise<AdminTicket> {
  return opts.db.transaction(async (tx) => {
    const before = await lockTicket({ db: tx, id: opts.ticketId });
    if (before.ticketStatus !== 'pending') throw ticketNotPending();
    const now = opts.clock.now();
    await tx
      .update(tickets)
      .set({ ticketStatus: 'confirmed', paymentStatus: 'completed', approvedAt: now, updatedAt: now })
      .where(eq(tickets.id, before.id));
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'approve',
      entity: 'ticket',
      entityId: before.id,
      before: { ticketStatus: before.ticketStatus, paymentStatus: before.paymentStatus },
      after: { ticketStatus: 'confirmed', paymentStatus: 'completed' },
    });
    const ticket = await readTicket({ db: tx, id: before.id });
    const token = await eTicketTokenOf({ db: tx, ticketId: before.id });
    if (opts.eTicketBase) {
      const found = opts.signer ? await readBookingView({ db: tx, where: eq(tickets.id, before.id) }) : null;
      const code = found && opts.signer ? signedCode(found, opts.signer) : null;
      await enqueueMail({
        db: tx,
        mail: approvedMail(ticket, { url: `${opts.eTicketBase}/t/${token}`, code }),
      });
    } else {
      await enqueueMail({ db: tx, mail: approvedMail(ticket) });
    }
    await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: before.id } } });
    return ticket;
  });
}
