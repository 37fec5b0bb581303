import { eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import type { AdminTicket, MarkedStatus } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages.ts';
import { lockTicket } from './lock-ticket.ts';
import { readTicket } from './read-ticket.ts';

/**
 * Attendance and after-the-fact outcomes on approved tickets, in any order. Marking cancelled
 * or refunded keeps the seats held (ARCHITECTURE.md section 8.4): only reject and delete free them.
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
    if (before.ticketStatus !== 'confirmed') {
      throw new AppError('ticket_not_confirmed', MSG.ticketNotConfirmed, 409);
    }
    await tx
      .update(tickets)
      .set({ markedStatus: opts.status, updatedAt: opts.clock.now() })
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
