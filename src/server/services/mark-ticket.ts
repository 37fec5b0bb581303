import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { boardingClosures, boardings, refundRequests, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { partySize } from '#server/lib/persons.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { AdminTicket, MarkedStatus } from '#shared/admin-api.ts';
import { BY_HAND_DEVICE } from '#shared/boarding.ts';
import { CANCELLED_STATES } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import { REFUND_MSG, STAFF_MSG } from '#shared/messages/staff.ts';
import type { LockedTicket } from './lock-ticket.ts';
import { lockTicketAndDeparture } from './lock-ticket-and-departure.ts';
import { readBoarded } from './read-boarded.ts';
import { readRouteStops, stopPositions } from './read-route-stops.ts';
import { readTicket } from './read-ticket.ts';

export type MarkTicketOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  ticketId: string;
  status: MarkedStatus;
  /** Why; required to mark a party that boarded a no-show, and kept in the audit entry. */
  reason?: string | undefined;
  /** Whether this person may mark a party that boarded a no-show (`boarding.override`). */
  mayOverride: boolean;
};

/**
 * Attendance and after-the-fact outcomes on approved tickets, in any order. A marking never
 * frees a seat (docs/product.md section 10.4, as docs/decisions/026 words it): a confirmed ticket
 * marked cancelled or refunded keeps its seats. Reject, delete, a counter void and the states
 * `cancelled_by_operator` and `cancelled_by_passenger` free them, in the change that sets them,
 * so a `refunded` marking on a cancelled booking finds its seats already free.
 *
 * Nor does a marking take anyone off board (docs/decisions/024): the boardings are the record.
 * `present` boards the rest of the party as a boarding by hand, at the ticket's From stop while
 * boarding is open there. `no_show` on a party that boarded is for Owner and Office alone
 * (`mayOverride`, the `boarding.override` permission), with a reason for the audit trail; the
 * boardings stand, so the party neither boards again nor becomes voidable.
 */
export async function markTicket(opts: MarkTicketOptions): Promise<AdminTicket> {
  const reason = opts.reason?.trim() || undefined;
  return opts.db.transaction(async (tx) => {
    const before = await lockTicketAndDeparture({ db: tx, id: opts.ticketId });
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
    const boarded = await readBoarded({ db: tx, ticketId: before.id });
    if (opts.status === 'no_show' && boarded > 0) {
      if (!opts.mayOverride) throw new AppError('boarded', STAFF_MSG.noShowBoarded, 409);
      if (!reason) throw new AppError('reason_required', STAFF_MSG.noShowReasonRequired, 400);
    }
    const boardedByHand =
      opts.status === 'present'
        ? await boardTheRest(tx, before, boarded, opts.actorUserId, opts.clock.now())
        : 0;
    await tx
      .update(tickets)
      .set({
        markedStatus: opts.status,
        // Cancelled or refunded: the code no longer boards.
        ...(opts.status === 'cancelled' || opts.status === 'refunded' ? supersedeETicket : {}),
        updatedAt: opts.clock.now(),
      })
      .where(eq(tickets.id, before.id));
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'mark',
      entity: 'ticket',
      entityId: before.id,
      before: { ticketStatus: before.ticketStatus, markedStatus: before.markedStatus, boarded },
      after: {
        ticketStatus: before.ticketStatus,
        markedStatus: opts.status,
        boarded: boarded + boardedByHand,
        ...(reason ? { reason } : {}),
      },
    });
    await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: before.id } } });
    if (boardedByHand > 0)
      await announce({ db: tx, event: { kind: 'boarding', data: { scheduleId: before.scheduleId } } });
    return readTicket({ db: tx, id: before.id });
  });
}

/**
 * A "present" marking boards whoever of the party has not boarded, as a boarding by hand at the
 * ticket's From stop, so it counts as a scan would. Refused once boarding has closed there: the
 * closing's counts stand until the stop is reopened.
 */
async function boardTheRest(
  tx: Tx,
  ticket: LockedTicket,
  boarded: number,
  actorUserId: string,
  now: Date,
): Promise<number> {
  const rest = partySize(ticket) - boarded;
  if (rest <= 0) return 0;
  const { fromStop } = stopPositions(await readRouteStops({ db: tx, scheduleId: ticket.scheduleId }), ticket);
  const [closed] = await tx
    .select({ stop: boardingClosures.stop })
    .from(boardingClosures)
    .where(and(eq(boardingClosures.scheduleId, ticket.scheduleId), eq(boardingClosures.stop, fromStop)))
    .limit(1);
  if (closed) throw new AppError('boarding_closed', STAFF_MSG.boardingClosedHere, 409);
  await tx.insert(boardings).values({
    id: randomUUID(),
    ticketId: ticket.id,
    scheduleId: ticket.scheduleId,
    stop: fromStop,
    persons: rest,
    accepted: rest,
    outcome: 'boarded',
    deviceId: BY_HAND_DEVICE,
    deviceTime: now,
    userId: actorUserId,
    receivedAt: now,
  });
  return rest;
}
