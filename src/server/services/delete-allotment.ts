import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { allotments } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { AppError } from '#server/lib/errors.ts';

export type DeleteAllotmentOptions = { db: Db; partnerId: string; allotmentId: string; actorUserId: string };

/**
 * Ends an allotment now: the seats it still holds go back on sale at once (its seat locks go with
 * it); what the partner booked from it stays booked. Audited.
 */
export async function deleteAllotment(opts: DeleteAllotmentOptions): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [gone] = await tx
      .delete(allotments)
      .where(and(eq(allotments.id, opts.allotmentId), eq(allotments.partnerId, opts.partnerId)))
      .returning();
    if (!gone) throw new AppError('allotment_not_found', 'This allotment does not exist', 404);
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'allotment_delete',
      entity: 'partner',
      entityId: opts.partnerId,
      before: {
        allotment: gone.id,
        scheduleId: gone.scheduleId,
        travelDate: gone.travelDate,
        seats: gone.seats,
      },
    });
  });
}
