import { createHash } from 'node:crypto';
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
import { type AdminTicket, APPROVAL_UNDO_SECONDS } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { eTicketTokenOf } from './e-ticket-token-of.ts';
import { lockOtherJourneys } from './lock-other-journeys.ts';
import { lockTicket } from './lock-ticket.ts';
import { readBookingView } from './read-booking-view.ts';
import { signedCode } from './read-e-ticket.ts';
import { readTicket } from './read-ticket.ts';

export const ticketNotPending = () => new AppError('ticket_not_pending', MSG.ticketNotPending, 409);

/** When an approval made at `approvedAt` becomes final: no undo, and its e-mail goes out. */
export const approvalFinalAt = (approvedAt: Date) =>
  new Date(approvedAt.getTime() + APPROVAL_UNDO_SECONDS * 1000);

/**
 * The outbox id of the approval e-mail of one approval, derived from the ticket and the moment
 * it was approved, so the undo finds that very mail again with nothing stored beside it.
 */
export function approvalMailId(ticketId: string, approvedAt: Date): string {
  const hex = createHash('sha256')
    .update(`approval-mail:${ticketId}:${approvedAt.toISOString()}`)
    .digest('hex');
  // Shaped as a version 4, variant 1 UUID, as the column's other ids are.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

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
 * the row lock, the audit entry, the passenger's mail (held for the undo window) and the live event.
 */
export async function approveTicket(opts: ApproveTicketOptions): Promise<AdminTicket> {
  return opts.db.transaction(async (tx) => {
    const before = await lockTicket({ db: tx, id: opts.ticketId });
    if (before.ticketStatus !== 'pending') throw ticketNotPending();
    const now = opts.clock.now();
    // The passenger hears of the approval only once it can no longer be undone (undo-approval.ts).
    const held = { id: approvalMailId(before.id, now), heldUntil: approvalFinalAt(now) };
    await tx
      .update(tickets)
      .set({ ticketStatus: 'confirmed', paymentStatus: 'completed', approvedAt: now, updatedAt: now })
      .where(eq(tickets.id, before.id));
    // A return is one payment: its other journey, still waiting for it, is approved with it.
    const others = (await lockOtherJourneys({ db: tx, ticket: before })).filter(
      (o) => o.ticketStatus === 'pending',
    );
    for (const other of others) {
      await tx
        .update(tickets)
        .set({ ticketStatus: 'confirmed', paymentStatus: 'completed', approvedAt: now, updatedAt: now })
        .where(eq(tickets.id, other.id));
    }
    for (const row of [before, ...others]) {
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'approve',
        entity: 'ticket',
        entityId: row.id,
        before: {
          ticketStatus: row.ticketStatus,
          paymentStatus: row.paymentStatus,
          // A booking rebooked back to review was approved once before: an undo puts that back.
          ...(row.approvedAt ? { approvedAt: row.approvedAt.toISOString() } : {}),
        },
        after: { ticketStatus: 'confirmed', paymentStatus: 'completed' },
      });
    }
    const ticket = await readTicket({ db: tx, id: before.id });
    const token = await eTicketTokenOf({ db: tx, ticketId: before.id });
    // A return's other journey has its own link, which opens the same e-ticket of both journeys.
    for (const other of others) await eTicketTokenOf({ db: tx, ticketId: other.id });
    if (opts.eTicketBase) {
      const found = opts.signer ? await readBookingView({ db: tx, where: eq(tickets.id, before.id) }) : null;
      const code = found && opts.signer ? signedCode(found, opts.signer) : null;
      await enqueueMail({
        db: tx,
        mail: approvedMail(ticket, { url: `${opts.eTicketBase}/t/${token}`, code }),
        ...held,
      });
    } else {
      await enqueueMail({ db: tx, mail: approvedMail(ticket), ...held });
    }
    for (const row of [before, ...others]) {
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: row.id } } });
    }
    return ticket;
  });
}
