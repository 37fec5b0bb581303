import { eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { schedules, tickets } from '#server/db/schema.ts';
import { problem } from '#server/lib/errors.ts';
import { type LockedTicket, lockTicket } from './lock-ticket.ts';

export type LockTicketAndDepartureOptions = { db: Tx; id: string };

/**
 * The ticket's departure FOR SHARE, then the ticket as `lockTicket` does: the order in which
 * closing and reopening boarding take them (the departure, then its tickets), for a change that
 * records a boarding or depends on a stop's closure. A ticket moved to another departure
 * between the two is taken again with its new one.
 */
export async function lockTicketAndDeparture({
  db,
  id,
}: LockTicketAndDepartureOptions): Promise<LockedTicket> {
  for (;;) {
    const [row] = await db.select({ scheduleId: tickets.scheduleId }).from(tickets).where(eq(tickets.id, id));
    if (!row) throw problem('ticket_not_found');
    await db
      .select({ id: schedules.id })
      .from(schedules)
      .where(eq(schedules.id, row.scheduleId))
      .for('share');
    const locked = await lockTicket({ db, id });
    if (locked.scheduleId === row.scheduleId) return locked;
  }
}
