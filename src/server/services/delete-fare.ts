import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { routeFares } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { fareColumns, fareOf } from './list-fares.ts';
import { fareNotFound } from './save-fare.ts';

export type DeleteFareOptions = { db: Db; id: string; actorUserId: string | null };

/** Removes one price of a port pair: that ticket kind costs the default list's price there again. */
export async function deleteFare(opts: DeleteFareOptions): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [row] = await tx.delete(routeFares).where(eq(routeFares.id, opts.id)).returning(fareColumns);
    if (!row) throw fareNotFound();
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'delete',
      entity: 'fare',
      entityId: row.id,
      before: fareOf(row),
    });
  });
}
