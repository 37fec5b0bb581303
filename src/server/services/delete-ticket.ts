import { inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { ticketSeats, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import type { Storage } from '#server/lib/storage.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import { lockOtherJourneys } from './lock-other-journeys.ts';
import { lockTicket } from './lock-ticket.ts';
import { revokeCodes } from './revoke-codes.ts';

type Logger = { warn(obj: object, msg: string): void };

export type DeleteTicketOptions = {
  db: Db;
  storage: Storage;
  log: Logger;
  actorUserId: string;
  ticketId: string;
};

/**
 * Deletes a ticket in any status and frees its seats in the same transaction. The slips go
 * after the commit: a storage failure must not undo the deletion, and leaves an orphan file
 * that only an admin could ever have reached.
 */
export async function deleteTicket(opts: DeleteTicketOptions): Promise<void> {
  const slipKeys = await opts.db.transaction(async (tx) => {
    const before = await lockTicket({ db: tx, id: opts.ticketId });
    // The cash-up counts every counter sale and its void: deleting one would take money out of
    // a seller's drawer without a trace (docs/decisions/025).
    if (before.channel === 'counter')
      throw new AppError('counter_sale_kept', COUNTER_MSG.counterSaleKept, 409);
    // A partner's booking is on its account and in its statements (docs/decisions/043): it is
    // cancelled, never deleted, or the partner's balance would change without a trace.
    if (before.channel === 'partner') {
      throw new AppError(
        'partner_booking_kept',
        'A partner’s booking stays on its account: the partner cancels it on its screen',
        409,
      );
    }
    // A return is one booking with one slip (docs/decisions/037): its journeys go together.
    const rows = [before, ...(await lockOtherJourneys({ db: tx, ticket: before }))];
    const ids = rows.map((row) => row.id);
    // A code already given out must not board as "not in the list yet" once the ticket is gone.
    await revokeCodes({ db: tx, ticketIds: ids, reason: 'deleted', now: new Date() });
    await tx.delete(ticketSeats).where(inArray(ticketSeats.ticketId, ids));
    await tx.delete(tickets).where(inArray(tickets.id, ids));
    for (const row of rows) {
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'delete',
        entity: 'ticket',
        entityId: row.id,
        before: {
          reference: row.paymentReference,
          ticketStatus: row.ticketStatus,
          paymentStatus: row.paymentStatus,
          markedStatus: row.markedStatus,
        },
        after: null,
      });
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'deleted', ticketId: row.id } } });
    }
    // Every payment's slip: the booking's own (one for both journeys) and a dearer rebooking's.
    return [...new Set(rows.flatMap((row) => [row.paymentSlipKey, row.extraSlipKey]))].filter(
      (key) => key !== null,
    );
  });
  for (const slipKey of slipKeys) {
    await opts.storage.delete(slipKey, 'private').catch((err: unknown) => {
      opts.log.warn({ err, slipKey }, 'ticket deleted but its slip could not be removed from storage');
    });
  }
}
