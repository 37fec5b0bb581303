import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { MSG } from '#shared/messages/api.ts';
import { launches } from '../db/schema.ts';
import { AppError, problem } from '../lib/errors.ts';
import type { Storage } from '../lib/storage.ts';
import { countActiveTickets } from './count-active-tickets.ts';
import { type DeleteCatalogueRowOptions, deleteOrArchive } from './delete-or-archive.ts';

export type DeleteLaunchOptions = DeleteCatalogueRowOptions & { storage: Storage; log: FastifyBaseLogger };

/**
 * Deletes a launch, or archives it when only history uses it (docs/product.md section 10.6,
 * docs/decisions/007-delete-or-archive.md). Refused while an active ticket travels on it.
 * Unused: the row goes, and its image after the commit (a storage failure is only logged).
 * Named by a schedule or an old ticket: archived, so it leaves the lists and the search while
 * those still read its name and seats.
 */
export async function deleteLaunch(opts: DeleteLaunchOptions): Promise<void> {
  const imageKey = await opts.db.transaction(async (tx) => {
    const [current] = await tx.select().from(launches).where(eq(launches.id, opts.id)).for('update');
    if (!current) throw problem('launch_not_found');
    const active = await countActiveTickets({ db: tx, launchId: current.id });
    if (active > 0) throw new AppError('launch_in_use', MSG.launchInUse(active), 409);
    const before = { name: current.name, capacity: current.capacity, seatNumbers: current.seatNumbers };

    const usedBy = sql`
      EXISTS (SELECT 1 FROM schedule_launches WHERE launch_id = ${current.id})
          OR EXISTS (SELECT 1 FROM tickets WHERE launch_id = ${current.id})`;
    const done = await deleteOrArchive({
      tx,
      entity: 'launch',
      row: current,
      usedBy,
      before,
      actorUserId: opts.actorUserId,
    });
    // Old tickets and schedules still show an archived launch: its image stays.
    return done === 'deleted' ? current.imageKey : null;
  });
  if (imageKey) {
    await opts.storage.delete(imageKey, 'public').catch((err: unknown) => {
      opts.log.warn({ err, key: imageKey }, 'launch image could not be deleted');
    });
  }
}
