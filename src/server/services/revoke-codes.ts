import { inArray, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { revokedCodes, tickets } from '#server/db/schema.ts';
import type { RevokeReason } from '#shared/boarding.ts';

export type RevokeCodesOptions = { db: Tx; ticketIds: readonly string[]; reason: RevokeReason; now: Date };

/**
 * Records that the tickets' codes no longer board on the departure they are on now
 * (docs/decisions/024): call it in the change's transaction, before the ticket leaves it (a
 * rebooking, a move) or is deleted. It reads each ticket's departure, date and code version as
 * they are, so the departure's manifest can list the old codes and a device shows them red.
 */
export async function revokeCodes({ db, ...opts }: RevokeCodesOptions): Promise<void> {
  if (opts.ticketIds.length === 0) return;
  await db.insert(revokedCodes).select(
    db
      .select({
        id: sql<string>`gen_random_uuid()`.as('id'),
        ticketId: tickets.id,
        scheduleId: tickets.scheduleId,
        travelDate: tickets.travelDate,
        version: tickets.eticketVersion,
        reason: sql<string>`${opts.reason}::text`.as('reason'),
        createdAt: sql<Date>`${opts.now.toISOString()}::timestamptz`.as('created_at'),
      })
      .from(tickets)
      .where(inArray(tickets.id, [...opts.ticketIds])),
  );
}
