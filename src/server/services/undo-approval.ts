import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { auditLog, mailOutbox, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { approvalFinalAt, approvalMailId } from './approve-bookings.ts';
import { lockOtherJourneys } from './lock-other-journeys.ts';
import { type LockedTicket, lockTicket } from './lock-ticket.ts';
import { readTicket } from './read-ticket.ts';

const undoTooLate = () => new AppError('undo_too_late', MSG.undoTooLate, 409);
const undoRefused = () => new AppError('undo_refused', MSG.undoRefused, 409);

export type UndoApprovalOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  ticketId: string;
};

/**
 * Takes back an approval made moments ago: the booking is pending again, as it was, with its
 * seats held as a pending booking holds them (they were never released) and nothing else undone.
 *
 * Only while the passenger knows nothing of it. The approval e-mail waits in the outbox for the
 * undo window (approve-ticket.ts), and the undo withdraws it, so an undone approval reached no
 * one; once the window has passed, or the mailer has claimed the mail, the passenger is being
 * told and the undo is refused rather than followed by a second mail saying "not after all".
 * Refused as well once anything else happened to the booking after the approval (a marking, a
 * boarding, a rebooking, an e-ticket the passenger asked to be sent, a reminder): an undo puts
 * back the approval alone, never what came after it. The Check Booking page does show the
 * approval during the window to anyone who looks the reference up; that cannot be taken back.
 */
export async function undoApproval(opts: UndoApprovalOptions): Promise<AdminTicket> {
  return opts.db.transaction(async (tx) => {
    const ticket = await lockTicket({ db: tx, id: opts.ticketId });
    const approvedAt = ticket.approvedAt;
    if (ticket.ticketStatus !== 'confirmed' || !approvedAt) throw undoRefused();
    const now = opts.clock.now();
    if (now.getTime() > approvalFinalAt(approvedAt).getTime()) throw undoTooLate();
    // Every change to a booking stamps updated_at; the approval stamped both with one instant.
    const since = (at: Date | null) => at !== null && at.getTime() >= approvedAt.getTime();
    if (
      ticket.updatedAt.getTime() !== approvedAt.getTime() ||
      since(ticket.eticketMailedAt) ||
      since(ticket.reminderSentAt)
    ) {
      throw undoRefused();
    }
    // A return's other journey approved in the same approval (one payment, docs/decisions/037)
    // goes back with it, untouched since as this one must be.
    const others = (await lockOtherJourneys({ db: tx, ticket })).filter(
      (o) =>
        o.ticketStatus === 'confirmed' &&
        o.approvedAt?.getTime() === approvedAt.getTime() &&
        o.updatedAt.getTime() === approvedAt.getTime(),
    );

    // The mailer claims a due mail in one statement; a claimed or sent one is not withdrawn. The
    // approval's one mail is keyed by the journey the office approved.
    const withdrawn = await tx
      .delete(mailOutbox)
      .where(
        and(
          inArray(
            mailOutbox.id,
            [ticket, ...others].map((row) => approvalMailId(row.id, approvedAt)),
          ),
          eq(mailOutbox.status, 'held'),
          isNull(mailOutbox.claimedUntil),
        ),
      )
      .returning({ id: mailOutbox.id });
    if (withdrawn.length === 0) throw undoTooLate();

    for (const row of [ticket, ...others]) await restore(row);
    return readTicket({ db: tx, id: ticket.id });

    async function restore(row: LockedTicket) {
      // What the approval recorded it replaced: every approval of one booking since its last
      // rebooking replaced the same earlier approval time, if any.
      const [approval] = await tx
        .select({ before: auditLog.before })
        .from(auditLog)
        .where(
          and(eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, row.id), eq(auditLog.action, 'approve')),
        )
        .orderBy(desc(auditLog.createdAt))
        .limit(1);
      const replaced = approval?.before as { approvedAt?: string; paymentStatus?: string } | null;
      const earlier = replaced?.approvedAt;
      // A payment a bank statement verified stays verified: only the approval is taken back, so
      // the booking waits for a person and no later statement line pays it a second time.
      const restored = {
        ticketStatus: 'pending',
        paymentStatus: replaced?.paymentStatus === 'completed' ? 'completed' : 'pending',
        approvedAt: earlier ? new Date(earlier) : null,
      };
      await tx
        .update(tickets)
        .set({ ...restored, updatedAt: now })
        .where(eq(tickets.id, row.id));
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'undo_approval',
        entity: 'ticket',
        entityId: row.id,
        before: { ticketStatus: row.ticketStatus, paymentStatus: row.paymentStatus },
        after: { ticketStatus: restored.ticketStatus, paymentStatus: restored.paymentStatus },
      });
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: row.id } } });
    }
  });
}
