import { sql } from 'drizzle-orm';
import type { Trip, TripSearchQuery, TripStop } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { dateInZone } from '../lib/clock.ts';

export type SearchTripsOptions = TripSearchQuery & { now: Date; timeZone: string };

type TripRow = {
  schedule_id: string;
  travel_date: string;
  status: string;
  from_id: string;
  from_name: string;
  to_id: string;
  to_name: string;
  departure_time: string;
  stops: TripStop[];
  launch_ids: string[] | null;
  available_seats: number;
};

/**
 * SPEC.md section 5: non-completed schedules on that date where From is a stop before To.
 * One statement answers the whole search (stops, launches and free seats included) because
 * this is the busiest public read (ARCHITECTURE.md section 6: p99 <= 25 ms at 1,000 req/s).
 */
export async function searchTrips(db: DbOrTx, opts: SearchTripsOptions): Promise<Trip[]> {
  const { date, from, to, now } = opts;
  // From or To alone finds nothing; neither does a day already gone in the operator's zone.
  if (!from || !to || from === to) return [];
  if (date < dateInZone(now, opts.timeZone)) return [];

  const nowIso = now.toISOString();
  const result = await db.execute(sql`
    SELECT m.schedule_id, m.travel_date::text AS travel_date, m.status,
      m.from_id, fl.name AS from_name, m.to_id, tl.name AS to_name,
      to_char(m.departure_time, 'HH24:MI') AS departure_time,
      (SELECT json_agg(json_build_object(
                'stopOrder', rs.stop_order,
                'locationId', rs.location_id,
                'name', l.name,
                'departureTime', to_char(rs.departure_time, 'HH24:MI')
              ) ORDER BY rs.stop_order)
         FROM schedule_route_stops rs JOIN locations l ON l.id = rs.location_id
        WHERE rs.schedule_id = m.schedule_id) AS stops,
      (SELECT json_agg(sl.launch_id ORDER BY sl.position, sl.launch_id)
         FROM schedule_launches sl WHERE sl.schedule_id = m.schedule_id) AS launch_ids,
      -- ARCHITECTURE.md section 8.5: seat labels minus seats held by a pending or confirmed
      -- ticket (ticket_seats) or by anyone's live lock.
      (SELECT count(*)::int
         FROM schedule_launches sl
         JOIN launches la ON la.id = sl.launch_id
         CROSS JOIN LATERAL unnest(la.seat_numbers) AS seat(label)
        WHERE sl.schedule_id = m.schedule_id
          AND NOT EXISTS (SELECT 1 FROM ticket_seats ts
                           WHERE ts.schedule_id = m.schedule_id AND ts.travel_date = m.travel_date
                             AND ts.launch_id = la.id AND ts.seat_number = seat.label)
          AND NOT EXISTS (SELECT 1 FROM seat_locks k
                           WHERE k.schedule_id = m.schedule_id AND k.travel_date = m.travel_date
                             AND k.launch_id = la.id AND k.seat_number = seat.label
                             AND k.locked_until > ${nowIso}::timestamptz)) AS available_seats
    FROM (
      -- A place listed twice on one route: the earliest From, then the earliest To after it.
      SELECT DISTINCT ON (s.id)
        s.id AS schedule_id, s.travel_date, s.status,
        f.location_id AS from_id, t.location_id AS to_id,
        coalesce(f.departure_time, s.departure_time) AS departure_time
      FROM schedules s
      JOIN schedule_route_stops f ON f.schedule_id = s.id AND f.location_id = ${from}::uuid
      JOIN schedule_route_stops t ON t.schedule_id = s.id AND t.location_id = ${to}::uuid
                                 AND t.stop_order > f.stop_order
      WHERE s.travel_date = ${date}::date AND s.status <> 'completed'
      ORDER BY s.id, f.stop_order, t.stop_order
    ) m
    JOIN locations fl ON fl.id = m.from_id
    JOIN locations tl ON tl.id = m.to_id
    ORDER BY m.departure_time, m.schedule_id
  `);
  const rows = (result as unknown as { rows: TripRow[] }).rows;
  return rows.map((r) => ({
    scheduleId: r.schedule_id,
    travelDate: r.travel_date,
    from: { id: r.from_id, name: r.from_name },
    to: { id: r.to_id, name: r.to_name },
    departureTime: r.departure_time,
    passengerDepartureTime: r.departure_time,
    stops: r.stops ?? [],
    launchIds: r.launch_ids ?? [],
    availableSeats: Number(r.available_seats),
    status: r.status,
  }));
}
