import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { locations, scheduleRouteStops } from '#server/db/schema.ts';

export type ReadRouteStopsOptions = { db: DbOrTx; scheduleId: string };

/** The departure's stops in route order; a ticket's From and To are positions in this list. */
export async function readRouteStops({ db, scheduleId }: ReadRouteStopsOptions) {
  return db
    .select({
      locationId: scheduleRouteStops.locationId,
      name: locations.name,
      departureTime: scheduleRouteStops.departureTime,
    })
    .from(scheduleRouteStops)
    .leftJoin(locations, eq(locations.id, scheduleRouteStops.locationId))
    .where(eq(scheduleRouteStops.scheduleId, scheduleId))
    .orderBy(asc(scheduleRouteStops.stopOrder));
}

/**
 * A ticket's From and To as route positions. A ticket without them (made before stops were
 * recorded) travels the whole route.
 */
export function stopPositions(
  stops: readonly { locationId: string }[],
  ticket: { userOriginId: string | null; userDestinationId: string | null },
): { fromStop: number; toStop: number } {
  const from = stops.findIndex((s) => s.locationId === ticket.userOriginId);
  const to = stops.findIndex((s) => s.locationId === ticket.userDestinationId);
  return { fromStop: Math.max(from, 0), toStop: to < 0 ? stops.length - 1 : to };
}
