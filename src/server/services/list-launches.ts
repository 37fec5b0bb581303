import { asc, isNull } from 'drizzle-orm';
import type { AdminLaunch } from '#shared/setup-api.ts';
import type { DbOrTx } from '../db/client.ts';
import { launches } from '../db/schema.ts';

export function toAdminLaunch(row: typeof launches.$inferSelect): AdminLaunch {
  return {
    id: row.id,
    name: row.name,
    imageUrl: row.imageUrl,
    capacity: row.capacity,
    seatNumbers: row.seatNumbers,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
  };
}

export type ListLaunchesOptions = { db: DbOrTx };

/** docs/product.md section 7: launches ordered by name; archived ones are history only (decision 007). */
export async function listLaunches({ db }: ListLaunchesOptions): Promise<AdminLaunch[]> {
  const rows = await db
    .select()
    .from(launches)
    .where(isNull(launches.archivedAt))
    .orderBy(asc(launches.name), asc(launches.createdAt));
  return rows.map(toAdminLaunch);
}
