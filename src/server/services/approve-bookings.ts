import { createHash, randomBytes } from 'node:crypto';
import { inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { writeAudits } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { announceAll } from '#server/lib/live-events.ts';
import { enqueueLaterMails } from '#server/lib/mailer.ts';
import { type AdminTicket, APPROVAL_UNDO_SECONDS } from '#shared/admin-api.ts';
import { listTicketsById } from './list-tickets-by-id.ts';
import { lockBookingRows } from './lock-booking-rows.ts';

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

export type ApproveBookingsOptions = {
  /** The caller's transaction. */
  db: DbOrTx;
  clock: Clock;
  actorUserId: string | null;
  /**
   * One row of each booking to approve: its e-mail and its answer are this row's. The booking's
   * other journeys (docs/decisions/037) still waiting are approved with it.
   */
  ticketIds: string[];
  /** What the audit of a booking's approval adds to its `after` (the statement that paid it). */
  auditNote?: ((ticketId: string) => Record<string, unknown>) | undefined;
  /**
   * A booking paid by card online (docs/decisions/042): confirmed from 'awaiting_card', with no
   * undo, so its e-ticket mail goes out at once.
   */
  paidByCard?: boolean;
};

/**
 * docs/product.md section 4: pending becomes confirmed and the payment completed, for one
 * booking approved by a person or for every booking a bank statement paid, in the caller's
 * transaction: the rows locked, one update, the audit entries, an e-ticket link per row, the
 * passenger's mail held for the undo window (undo-approval.ts) and the live events. The rows
 * asked for, as the admin lists show them, are returned; one no longer pending is left alone.
 */
export async function approveBookings(opts: ApproveBookingsOptions): Promise<AdminTicket[]> {
  const { db } = opts;
  if (opts.ticketIds.length === 0) return [];
  const asked = new Set(opts.ticketIds);
  const rows = await lockBookingRows({ db, ticketIds: opts.ticketIds });
  const waiting = opts.paidByCard ? 'awaiting_card' : 'pending';
  const pending = rows.filter((r) => r.ticketStatus === waiting);
  const mains = pending.filter((r) => asked.has(r.id));
  if (mains.length === 0) return [];
  const mainOf = new Map(mains.map((m) => [m.paymentReference, m.id]));
  const approving = pending.filter((r) => mainOf.has(r.paymentReference));
  const ids = approving.map((r) => r.id);
  const now = opts.clock.now();
  await db
    .update(tickets)
    .set({ ticketStatus: 'confirmed', paymentStatus: 'completed', approvedAt: now, updatedAt: now })
    .where(inArray(tickets.id, ids));
  await writeAudits({
    db,
    entries: approving.map((row) => ({
      actorUserId: opts.actorUserId,
      action: opts.paidByCard ? 'card_paid' : 'approve',
      entity: 'ticket',
      entityId: row.id,
      before: {
        ticketStatus: row.ticketStatus,
        paymentStatus: row.paymentStatus,
        // A booking rebooked back to review was approved once before: an undo puts that back.
        ...(row.approvedAt ? { approvedAt: row.approvedAt.toISOString() } : {}),
      },
      after: {
        ticketStatus: 'confirmed',
        paymentStatus: 'completed',
        ...opts.auditNote?.(mainOf.get(row.paymentReference) ?? row.id),
      },
    })),
  });
  // Every row gets its own e-ticket link (a return's two open the same e-ticket); a link made
  // before is kept, so what the passenger was sent keeps working.
  const tokenOf = new Map(
    approving.map((r) => [r.id, r.eticketToken ?? randomBytes(32).toString('base64url')]),
  );
  const fresh = approving.filter((r) => r.eticketToken === null);
  if (fresh.length > 0) {
    const values = sql.join(
      fresh.map((r) => sql`(${r.id}::uuid, ${tokenOf.get(r.id)})`),
      sql`, `,
    );
    await db.execute(
      sql`update ${tickets} set eticket_token = v.token from (values ${values}) as v(id, token)
          where ${tickets.id} = v.id and ${tickets.eticketToken} is null`,
    );
  }
  const answers = await listTicketsById({ db, ids: mains.map((m) => m.id) });
  // Written when the undo window has passed (docs/decisions/041), from the booking as it then is.
  await enqueueLaterMails({
    db,
    mails: answers.map((ticket) => ({
      id: approvalMailId(ticket.id, now),
      to: ticket.passengerEmail,
      later: { kind: 'approval', ticketId: ticket.id },
      heldUntil: opts.paidByCard ? now : approvalFinalAt(now),
    })),
  });
  await announceAll({
    db,
    events: approving.map((row) => ({ kind: 'ticket', data: { type: 'updated', ticketId: row.id } })),
  });
  const order = new Map(opts.ticketIds.map((id, i) => [id, i]));
  return answers.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
}
