import { asc, isNull } from 'drizzle-orm';
import type { Location } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { locations } from '../db/schema.ts';

export const locationColumns = {
  id: locations.id,
  name: locations.name,
  nameDv: locations.nameDv,
  code: locations.code,
  country: locations.country,
};

export type ListLocationsOptions = { db: DbOrTx };

/** docs/product.md section 7: locations ordered by name; archived ones are history only (decision 007). */
export function listLocations({ db }: ListLocationsOptions): Promise<Location[]> {
  return db
    .select(locationColumns)
    .from(locations)
    .where(isNull(locations.archivedAt))
    .orderBy(asc(locations.name), asc(locations.createdAt));
}
