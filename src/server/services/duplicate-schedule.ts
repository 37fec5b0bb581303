import { asc, eq, sql } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import type { AdminSchedule } from '#shared/setup-api.ts';
import type { Db } from '../db/client.ts';
import { scheduleLaunches, scheduleRouteStops, schedules } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { addDays } from '../lib/clock.ts';
import { AppError, problem } from '../lib/errors.ts';
import { announce } from '../lib/live-events.ts';
import { readSchedule } from './read-schedule.ts';

export type DuplicateScheduleOptions = {
  db: Db;
  id: string;
  actorUserId: string | null;
};

/** docs/product.md section 4: the copy runs the same route with the same launches the next day, as scheduled. */
export async function duplicateSchedule(opts: DuplicateScheduleOptions): Promise<AdminSchedule> {
  const { db } = opts;
  const id = await db.transaction(async (tx) => {
    const [source] = await tx.select().from(schedules).where(eq(schedules.id, opts.id));
    if (!source) throw problem('schedule_not_found');
    // A copy is a new schedule: it may not name a launch or location that was deleted (decision 007).
    const result = await tx.execute(sql`
      SELECT EXISTS (SELECT 1 FROM schedule_launches sl JOIN launches la ON la.id = sl.launch_id
                      WHERE sl.schedule_id = ${source.id} AND la.archived_at IS NOT NULL)
          OR EXISTS (SELECT 1 FROM schedule_route_stops rs JOIN locations l ON l.id = rs.location_id
                      WHERE rs.schedule_id = ${source.id} AND l.archived_at IS NOT NULL) AS archived`);
    const [uses] = (result as unknown as { rows: { archived: boolean }[] }).rows;
    if (uses?.archived) throw new AppError('schedule_uses_deleted', MSG.scheduleUsesDeleted, 409);
    const stops = await tx
      .select()
      .from(scheduleRouteStops)
      .where(eq(scheduleRouteStops.scheduleId, source.id))
      .orderBy(asc(scheduleRouteStops.stopOrder));
    const links = await tx
      .select()
      .from(scheduleLaunches)
      .where(eq(scheduleLaunches.scheduleId, source.id))
      .orderBy(asc(scheduleLaunches.position));

    const [copy] = await tx
      .insert(schedules)
      .values({
        travelDate: addDays(source.travelDate, 1),
        departureTime: source.departureTime,
        status: 'scheduled',
      })
      .returning({ id: schedules.id });
    if (!copy) throw new Error('schedule insert returned nothing');
    if (stops.length > 0) {
      await tx.insert(scheduleRouteStops).values(
        stops.map((s) => ({
          scheduleId: copy.id,
          locationId: s.locationId,
          departureTime: s.departureTime,
          stopOrder: s.stopOrder,
        })),
      );
    }
    if (links.length > 0) {
      await tx
        .insert(scheduleLaunches)
        .values(links.map((l) => ({ scheduleId: copy.id, launchId: l.launchId, position: l.position })));
    }
    await writeAudit({
      db: tx,
      actorUserId: opts.actorUserId,
      action: 'duplicate',
      entity: 'schedule',
      entityId: copy.id,
      before: { sourceId: source.id },
    });
    await announce({ db: tx, event: { kind: 'schedule', data: { type: 'created', scheduleId: copy.id } } });
    return copy.id;
  });
  return readSchedule({ db, id });
}
