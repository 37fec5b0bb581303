import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { RejectPending, RejectPendingResult } from '#shared/admin-api.ts';
import { rejectLockedTicket } from './reject-locked-ticket.ts';

/** Who rejects, and whose pending bookings: one passenger e-mail or one client address. */
export type RejectPendingTicketsOptions = { db: Db; clock: Clock; actorUserId: string } & RejectPending;

/**
 * Clears a flood of junk bookings in one action: every pending booking of one passenger e-mail
 * (any case) or one client address is rejected as if one by one (seats freed, audit, mail, live
 * event), in one transaction. Rows are locked in one order, so it never deadlocks with an admin
 * acting on one of them; one already approved meanwhile is simply no longer pending.
 */
export async function rejectPendingTickets(opts: RejectPendingTicketsOptions): Promise<RejectPendingResult> {
  const who = opts.email
    ? eq(sql`lower(${tickets.passengerEmail})`, opts.email.toLowerCase())
    : eq(tickets.clientIp, opts.clientIp ?? '');
  const remarks = opts.remarks?.trim() ? opts.remarks.trim() : null;
  return opts.db.transaction(async (tx) => {
    const pending = await tx
      .select()
      .from(tickets)
      .where(and(eq(tickets.ticketStatus, 'pending'), who))
      .orderBy(asc(tickets.id))
      .for('update');
    const now = opts.clock.now();
    // A return's way back rejected with its outbound is the same booking (docs/decisions/037):
    // told of in the outbound's mail, and counted once.
    const withOutbound = (ticket: (typeof pending)[number]) =>
      ticket.outboundId !== null && pending.some((p) => p.id === ticket.outboundId);
    for (const ticket of pending) {
      await rejectLockedTicket({
        db: tx,
        ticket,
        now,
        actorUserId: opts.actorUserId,
        remarks,
        action: 'reject_bulk',
        quiet: withOutbound(ticket),
      });
    }
    return { rejected: pending.filter((ticket) => !withOutbound(ticket)).length };
  });
}
