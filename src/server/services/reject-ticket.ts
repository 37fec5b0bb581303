import type { Db } from '#server/db/client.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { lockOtherJourneys } from './lock-other-journeys.ts';
import { lockTicket } from './lock-ticket.ts';
import { rejectLockedTicket } from './reject-locked-ticket.ts';

export type RejectTicketOptions = {
  db: Db;
  clock: Clock;
  actorUserId: string;
  ticketId: string;
  remarks?: string | undefined;
};

/**
 * docs/product.md section 4: pending becomes cancelled, the payment failed, remarks kept. Its seats are
 * freed in the same transaction (docs/product.md section 11.2), so they can be booked at once.
 */
export async function rejectTicket(opts: RejectTicketOptions): Promise<AdminTicket> {
  return opts.db.transaction(async (tx) => {
    const ticket = await lockTicket({ db: tx, id: opts.ticketId });
    const remarks = opts.remarks?.trim() ? opts.remarks.trim() : null;
    const now = opts.clock.now();
    const rejected = await rejectLockedTicket({
      db: tx,
      ticket,
      now,
      actorUserId: opts.actorUserId,
      remarks,
    });
    // A return is one payment (docs/decisions/037): its other journey waiting for it goes too,
    // told in the one mail above.
    for (const other of await lockOtherJourneys({ db: tx, ticket })) {
      if (other.ticketStatus !== 'pending') continue;
      await rejectLockedTicket({
        db: tx,
        ticket: other,
        now,
        actorUserId: opts.actorUserId,
        remarks,
        quiet: true,
      });
    }
    return rejected;
  });
}
