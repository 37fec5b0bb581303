import { asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { locations, scheduleRouteStops } from '#server/db/schema.ts';
import { hhmm } from '#server/lib/clock.ts';
import type { AdminStop } from '#shared/admin-api.ts';
import { UNKNOWN_LOCATION } from '#shared/messages/api.ts';

export type ListStopsOfOptions = { db: DbOrTx; scheduleIds: string[] };

/** Stops of many schedules in one query, in route order, keyed by schedule id. */
export async function listStopsOf({
  db,
  scheduleIds,
}: ListStopsOfOptions): Promise<Map<string, AdminStop[]>> {
  const byId = new Map<string, AdminStop[]>();
  if (scheduleIds.length === 0) return byId;
  const rows = await db
    .select({
      scheduleId: scheduleRouteStops.scheduleId,
      stopOrder: scheduleRouteStops.stopOrder,
      locationId: scheduleRouteStops.locationId,
      name: locations.name,
      departureTime: scheduleRouteStops.departureTime,
    })
    .from(scheduleRouteStops)
    .leftJoin(locations, eq(locations.id, scheduleRouteStops.locationId))
    .where(inArray(scheduleRouteStops.scheduleId, [...new Set(scheduleIds)]))
    .orderBy(asc(scheduleRouteStops.scheduleId), asc(scheduleRouteStops.stopOrder));
  for (const row of rows) {
    const list = byId.get(row.scheduleId) ?? [];
    list.push({
      stopOrder: row.stopOrder,
      locationId: row.locationId,
      name: row.name ?? UNKNOWN_LOCATION,
      departureTime: hhmm(row.departureTime),
    });
    byId.set(row.scheduleId, list);
  }
  return byId;
}
