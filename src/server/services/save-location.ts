import { asc, eq, sql } from 'drizzle-orm';
import type { LocationInput } from '#shared/catalogue-api.ts';
import { locationInputSchema } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import type { Location } from '#shared/schemas.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { locations } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';

const columns = { id: locations.id, name: locations.name, code: locations.code, country: locations.country };

/** SPEC.md section 7: locations ordered by name. */
export function listLocations(db: DbOrTx): Promise<Location[]> {
  return db.select(columns).from(locations).orderBy(asc(locations.name), asc(locations.createdAt));
}

/** Creates or renames a location; a rename shows everywhere at once (stops refer to it by id). */
export async function saveLocation(
  db: Db,
  opts: { id?: string; input: LocationInput; actorUserId: string | null },
): Promise<Location> {
  const input = locationInputSchema.parse(opts.input);
  return db.transaction(async (tx) => {
    if (!opts.id) {
      const [created] = await tx.insert(locations).values(input).returning(columns);
      if (!created) throw new Error('location insert returned nothing');
      await writeAudit(tx, {
        actorUserId: opts.actorUserId,
        action: 'create',
        entity: 'location',
        entityId: created.id,
        after: input,
      });
      return created;
    }
    const [before] = await tx.select(columns).from(locations).where(eq(locations.id, opts.id)).for('update');
    if (!before) throw new AppError('location_not_found', MSG.locationNotFound, 404);
    const [updated] = await tx
      .update(locations)
      .set(input)
      .where(eq(locations.id, opts.id))
      .returning(columns);
    if (!updated) throw new AppError('location_not_found', MSG.locationNotFound, 404);
    await writeAudit(tx, {
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

/** Deletes a location no schedule stops at and no ticket names (ARCHITECTURE.md section 8.6). */
export async function deleteLocation(
  db: Db,
  opts: { id: string; actorUserId: string | null },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [before] = await tx.select(columns).from(locations).where(eq(locations.id, opts.id)).for('update');
    if (!before) throw new AppError('location_not_found', MSG.locationNotFound, 404);
    const result = await tx.execute(sql`
      SELECT EXISTS (SELECT 1 FROM schedule_route_stops WHERE location_id = ${before.id})
          OR EXISTS (SELECT 1 FROM tickets
                      WHERE user_origin_id = ${before.id} OR user_destination_id = ${before.id}) AS used`);
    const [row] = (result as unknown as { rows: { used: boolean }[] }).rows;
    if (row?.used) throw new AppError('location_in_use', MSG.locationInUse, 409);
    await tx.delete(locations).where(eq(locations.id, before.id));
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'delete',
      entity: 'location',
      entityId: before.id,
      before,
    });
  });
}
