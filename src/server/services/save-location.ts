import { eq } from 'drizzle-orm';
import type { Location } from '#shared/schemas.ts';
import type { LocationInput } from '#shared/setup-api.ts';
import type { Db } from '../db/client.ts';
import { locations } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { problem } from '../lib/errors.ts';
import { locationColumns as columns } from './list-locations.ts';

export type SaveLocationOptions = {
  db: Db;
  id?: string;
  input: LocationInput;
  actorUserId: string | null;
};

/**
 * Creates (no `id`) or renames a location; a rename shows everywhere at once (stops refer to it
 * by id). `input` is what the route's schema parsed; an edit without `nameDv` keeps the saved
 * Dhivehi name (a new location without one gets '').
 */
export async function saveLocation(opts: SaveLocationOptions): Promise<Location> {
  const { input } = opts;
  return opts.db.transaction(async (tx) => {
    if (!opts.id) {
      const [created] = await tx.insert(locations).values(input).returning(columns);
      if (!created) throw new Error('location insert returned nothing');
      await writeAudit({
        db: tx,
        actorUserId: opts.actorUserId,
        action: 'create',
        entity: 'location',
        entityId: created.id,
        after: input,
      });
      return created;
    }
    const [before] = await tx.select(columns).from(locations).where(eq(locations.id, opts.id)).for('update');
    if (!before) throw problem('location_not_found');
    const [updated] = await tx
      .update(locations)
      .set(input)
      .where(eq(locations.id, opts.id))
      .returning(columns);
    if (!updated) throw problem('location_not_found');
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'update',
      entity: 'location',
      entityId: updated.id,
      before,
      after: input,
    });
    return updated;
  });
}
