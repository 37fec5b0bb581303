import { type SQL, sql } from 'drizzle-orm';
import type { AdminSchedule, ScheduleStopView } from '#shared/setup-api.ts';
import type { DbOrTx } from '../db/client.ts';

type ScheduleRow = {
  id: string;
  travel_date: string;
  departure_time: string;
  status: string;
  completed_at: string | Date | null;
  route_stops: ScheduleStopView[] | null;
  launches: AdminSchedule['launches'] | null;
  active_bookings: number;
};

function toView(row: ScheduleRow): AdminSchedule {
  const launches = row.launches ?? [];
  return {
    id: row.id,
    travelDate: row.travel_date,
    departureTime: row.departure_time,
    status: row.status,
    completedAt: row.completed_at === null ? null : new Date(row.completed_at).toISOString(),
    launchIds: launches.map((l) => l.id),
    launches,
    routeStops: row.route_stops ?? [],
    activeBookings: row.active_bookings,
  };
}

export type ListSchedulesWhereOptions = {
  db: DbOrTx;
  where: SQL;
  /** By travel date: `desc` (the default) newest first, `asc` the next date first. */
  order?: 'asc' | 'desc';
};

/** Admin views of the schedules matching `where` (SQL on `schedules s`), newest travel date first unless told. */
export async function listSchedulesWhere({
  db,
  where,
  order = 'desc',
}: ListSchedulesWhereOptions): Promise<AdminSchedule[]> {
  const result = await db.execute(sql`
    SELECT s.id, s.travel_date::text AS travel_date, to_char(s.departure_time, 'HH24:MI') AS departure_time,
      s.status, s.completed_at,
      (SELECT json_agg(json_build_object(
                'stopOrder', rs.stop_order,
                'locationId', rs.location_id,
                'name', l.name,
                'departureTime', to_char(rs.departure_time, 'HH24:MI'),
                'archived', l.archived_at IS NOT NULL
              ) ORDER BY rs.stop_order)
         FROM schedule_route_stops rs JOIN locations l ON l.id = rs.location_id
        WHERE rs.schedule_id = s.id) AS route_stops,
      (SELECT json_agg(json_build_object('id', la.id, 'name', la.name, 'archived', la.archived_at IS NOT NULL) ORDER BY sl.position, la.name)
         FROM schedule_launches sl JOIN launches la ON la.id = sl.launch_id
        WHERE sl.schedule_id = s.id) AS launches,
      (SELECT count(*)::int FROM tickets t
        WHERE t.schedule_id = s.id AND t.ticket_status IN ('pending', 'awaiting_card', 'confirmed')) AS active_bookings
    FROM schedules s
    WHERE ${where}
    ORDER BY s.travel_date ${order === 'asc' ? sql`ASC` : sql`DESC`}, s.departure_time ASC, s.created_at ASC
  `);
  return (result as unknown as { rows: ScheduleRow[] }).rows.map(toView);
}
