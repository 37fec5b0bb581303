import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import { scheduleRouteStops } from '../db/schema.ts';

export type DepartureStop = { locationId: string; departureTime: string | null };

export type ListDepartureStopsOptions = {
  db: DbOrTx;
  scheduleId: string;
};

/** The stops of a schedule with their departure times, in route order. */
export async function listDepartureStops({
  db,
  scheduleId,
}: ListDepartureStopsOptions): Promise<DepartureStop[]> {
  return db
    .select({ locationId: scheduleRouteStops.locationId, departureTime: scheduleRouteStops.departureTime })
    .from(scheduleRouteStops)
    .where(eq(scheduleRouteStops.scheduleId, scheduleId))
    .orderBy(asc(scheduleRouteStops.stopOrder));
}
