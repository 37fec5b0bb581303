import { eq, sql } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import { locations } from '../db/schema.ts';
import { AppError, problem } from '../lib/errors.ts';
import { countActiveTickets } from './count-active-tickets.ts';
import { type DeleteCatalogueRowOptions, deleteOrArchive } from './delete-or-archive.ts';

export type DeleteLocationOptions = DeleteCatalogueRowOptions;

/**
 * Deletes a location, or archives it when only history uses it (docs/product.md section 10.6,
 * docs/decisions/007-delete-or-archive.md). Refused while an active ticket travels from, to or
 * through it. A stop of any schedule or the From or To of an old ticket: archived, so it leaves
 * the lists, the search and the schedule dialog while those still read its name.
 */
export async function deleteLocation(opts: DeleteLocationOptions): Promise<void> {
  await opts.db.transaction(async (tx) => {
    const [current] = await tx.select().from(locations).where(eq(locations.id, opts.id)).for('update');
    if (!current) throw problem('location_not_found');
    const active = await countActiveTickets({ db: tx, locationId: current.id });
    if (active > 0) throw new AppError('location_in_use', MSG.locationInUse(active), 409);
    const before = { name: current.name, code: current.code, country: current.country };

    const usedBy = sql`
      EXISTS (SELECT 1 FROM schedule_route_stops WHERE location_id = ${current.id})
          OR EXISTS (SELECT 1 FROM tickets
                      WHERE user_origin_id = ${current.id} OR user_destination_id = ${current.id})`;
    await deleteOrArchive({
      tx,
      entity: 'location',
      row: current,
      usedBy,
      before,
      actorUserId: opts.actorUserId,
    });
  });
}
