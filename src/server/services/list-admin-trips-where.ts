import { and, asc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { launches, scheduleLaunches, schedules, tickets } from '#server/db/schema.ts';
import { partyPersons } from '#server/lib/boarded-persons.ts';
import { hhmm, instantInZone } from '#server/lib/clock.ts';
import type { AdminStop, AdminTrip, NamedRef } from '#shared/admin-api.ts';
import { listStopsOf } from './list-stops-of.ts';

function groupBy<T extends { scheduleId: string }>(rows: T[]): Map<string, T[]> {
  const map = new Map<string, T[]>();
  for (const row of rows) {
    const list = map.get(row.scheduleId) ?? [];
    list.push(row);
    map.set(row.scheduleId, list);
  }
  return map;
}

const ref = (stop: AdminStop | undefined): NamedRef | null =>
  stop ? { id: stop.locationId, name: stop.name } : null;

export type ListAdminTripsWhereOptions = {
  db: DbOrTx;
  where: SQL;
  /** The operator's zone, in which a departure's date and time are read. */
  timeZone: string;
};

/**
 * Trips for the Ticketing screen (docs/product.md section 2): route, stops, launches and the number of
 * passengers on confirmed tickets (docs/product.md section 10.12), ordered by departure time.
 */
export async function listAdminTripsWhere({
  db,
  where,
  timeZone,
}: ListAdminTripsWhereOptions): Promise<AdminTrip[]> {
  const rows = await db
    .select()
    .from(schedules)
    .where(where)
    .orderBy(asc(schedules.departureTime), asc(schedules.createdAt));
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [stopsBy, launchRows, counts] = await readTogether(db, [
    () => listStopsOf({ db, scheduleIds: ids }),
    () =>
      db
        .select({ scheduleId: scheduleLaunches.scheduleId, id: launches.id, name: launches.name })
        .from(scheduleLaunches)
        .innerJoin(launches, eq(launches.id, scheduleLaunches.launchId))
        .where(inArray(scheduleLaunches.scheduleId, ids))
        .orderBy(asc(scheduleLaunches.position), asc(launches.name)),
    () =>
      db
        .select({
          scheduleId: tickets.scheduleId,
          passengers: sql<number>`coalesce(sum(${partyPersons()}), 0)::int`,
        })
        .from(tickets)
        .where(and(inArray(tickets.scheduleId, ids), eq(tickets.ticketStatus, 'confirmed')))
        .groupBy(tickets.scheduleId),
  ]);
  const launchesBy = groupBy(launchRows);
  return rows.map((s) => {
    const stops = stopsBy.get(s.id) ?? [];
    return {
      scheduleId: s.id,
      travelDate: s.travelDate,
      status: s.status,
      completedAt: s.completedAt ? s.completedAt.toISOString() : null,
      departureTime: hhmm(s.departureTime) ?? '',
      departsAt: instantInZone(s.travelDate, s.departureTime, timeZone).toISOString(),
      from: ref(stops[0]),
      to: ref(stops.length > 1 ? stops[stops.length - 1] : undefined),
      stops,
      launches: (launchesBy.get(s.id) ?? []).map((l) => ({ id: l.id, name: l.name })),
      passengerCount: Number(counts.find((c) => c.scheduleId === s.id)?.passengers ?? 0),
    };
  });
}
