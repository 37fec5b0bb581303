import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { locations, scheduleRouteStops } from '#server/db/schema.ts';
import { type Stretch, stretchOn } from '#server/lib/stretch.ts';

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
 * A ticket's From and To as route positions: the stretch its seat rows hold (`stretchOn`), so a
 * route that calls at a stop twice reads the To after the From. A ticket without them (made
 * before stops were recorded) travels from the first stop, or the last; one whose From or To
 * is no longer on the route, or whose To does not come after its From, the whole route.
 */
export function stopPositions(
  stops: readonly { locationId: string }[],
  ticket: { userOriginId: string | null; userDestinationId: string | null },
): Stretch {
  const ids = stops.map((s) => s.locationId);
  const onRoute = (id: string | null) => (id && ids.includes(id) ? id : null);
  return (
    stretchOn(ids, onRoute(ticket.userOriginId), onRoute(ticket.userDestinationId)) ?? {
      fromStop: 0,
      toStop: ids.length - 1,
    }
  );
}
