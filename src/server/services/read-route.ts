import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { scheduleRouteStops } from '#server/db/schema.ts';

export type ReadRouteOptions = { db: DbOrTx; scheduleId: string };

/** A schedule's stops, whole rows, in route order. */
export async function readRoute({
  db,
  scheduleId,
}: ReadRouteOptions): Promise<(typeof scheduleRouteStops.$inferSelect)[]> {
  return db
    .select()
    .from(scheduleRouteStops)
    .where(eq(scheduleRouteStops.scheduleId, scheduleId))
    .orderBy(asc(scheduleRouteStops.stopOrder));
}
