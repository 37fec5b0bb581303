import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { dateInZone, timeInZone } from '#server/lib/clock.ts';
import type { CancellationPart } from '#server/lib/report-rollup.ts';
import { PARTY, SOLD_STATES } from '#server/lib/report-sql.ts';

export type ListCancellationsOptions = {
  db: DbOrTx;
  /** Travel dates, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** A departure has left once its passenger's stop time has passed at this instant. */
  now: Date;
  tzOperator: string;
};

type Row = {
  day: string;
  route_key: string | null;
  route: string | null;
  bookings: number;
  departed: number;
  no_shows: number;
  no_show_persons: number;
  by_operator: number;
  by_operator_persons: number;
  by_passenger: number;
  by_passenger_persons: number;
  rejected: number;
};

/**
 * No-shows and cancellations of the range's bookings, per travel date and route of their
 * departure, in one query: the tickets found by `tickets_travel_date_idx` and counted per
 * departure, then per date and route (lib/report-rollup.ts adds the dates up).
 *
 * - A no-show is a sold booking (confirmed or completed) whose departure has left (marked
 *   completed, or its From stop's time passed in the operator's zone) and of whose party nobody
 *   boarded: no boarding of it was accepted (the `boardings` table is the record of who boarded,
 *   docs/decisions/024; a "present" marked by hand is a boarding too).
 * - Cancellations are told apart by their status, which says who cancelled
 *   (docs/decisions/026): `cancelled_by_operator` when the operator cancelled or moved the
 *   departure, `cancelled_by_passenger` when the passengers cancelled on their manage page;
 *   `cancelled` is a booking the office rejected or that was released unpaid, never sold.
 */
export async function listCancellations(opts: ListCancellationsOptions): Promise<CancellationPart[]> {
  const { db, from, to } = opts;
  const nowLocal = `${dateInZone(opts.now, opts.tzOperator)} ${timeInZone(opts.now, opts.tzOperator)}`;
  const sold = sql`t.ticket_status IN ${SOLD_STATES}`;
  const departed = sql`(s.status = 'completed'
    OR t.travel_date + coalesce(t.passenger_departure_time, s.departure_time) <= ${nowLocal}::timestamp)`;
  const result = await db.execute(sql`
    WITH route AS (
      SELECT r.schedule_id,
             string_agg(r.location_id::text, '>' ORDER BY r.stop_order) AS route_key,
             string_agg(l.name, ' → ' ORDER BY r.stop_order) AS route
        FROM schedules s
        JOIN schedule_route_stops r ON r.schedule_id = s.id
        JOIN locations l ON l.id = r.location_id
       WHERE s.travel_date BETWEEN ${from}::date AND ${to}::date
       GROUP BY r.schedule_id
    ),
    -- Per departure first, then per route. A booking is a no-show when it was sold, its
    -- departure has left, and nobody of it boarded.
    per AS (
      SELECT t.travel_date, t.schedule_id,
             count(*) FILTER (WHERE t.sold) AS bookings,
             count(*) FILTER (WHERE t.departed) AS departed,
             count(*) FILTER (WHERE t.no_show) AS no_shows,
             sum(${PARTY}) FILTER (WHERE t.no_show) AS no_show_persons,
             count(*) FILTER (WHERE t.ticket_status = 'cancelled_by_operator') AS by_operator,
             sum(${PARTY}) FILTER (WHERE t.ticket_status = 'cancelled_by_operator') AS by_operator_persons,
             count(*) FILTER (WHERE t.ticket_status = 'cancelled_by_passenger') AS by_passenger,
             sum(${PARTY}) FILTER (WHERE t.ticket_status = 'cancelled_by_passenger') AS by_passenger_persons,
             count(*) FILTER (WHERE t.ticket_status = 'cancelled') AS rejected
        FROM (
          SELECT t.travel_date, t.schedule_id, t.ticket_status, t.adult_count, t.child_count, t.infant_count,
                 t.ticket_breakdown, ${sold} AS sold, ${sold} AND ${departed} AS departed,
                 ${sold} AND ${departed} AND boarded.ticket_id IS NULL AS no_show
            FROM tickets t
            JOIN schedules s ON s.id = t.schedule_id
            -- The range's bookings of which somebody boarded, found in one pass over the
            -- boardings (a year's 400,000 looked up one by one took 1.8 s, docs/decisions/045).
            LEFT JOIN (
              SELECT DISTINCT bd.ticket_id FROM boardings bd
               WHERE bd.accepted > 0
                 AND bd.ticket_id IN (SELECT bt.id FROM tickets bt
                                       WHERE bt.travel_date BETWEEN ${from}::date AND ${to}::date)
            ) boarded ON boarded.ticket_id = t.id
           WHERE t.travel_date BETWEEN ${from}::date AND ${to}::date
             AND s.travel_date BETWEEN ${from}::date AND ${to}::date
             AND t.ticket_status IN ('confirmed', 'completed', 'cancelled',
                                     'cancelled_by_operator', 'cancelled_by_passenger')
        ) t
       GROUP BY t.travel_date, t.schedule_id
    )
    SELECT per.travel_date::text AS day, route.route_key, max(route.route) AS route,
           sum(per.bookings)::int AS bookings,
           sum(per.departed)::int AS departed,
           sum(per.no_shows)::int AS no_shows,
           coalesce(sum(per.no_show_persons), 0)::int AS no_show_persons,
           sum(per.by_operator)::int AS by_operator,
           coalesce(sum(per.by_operator_persons), 0)::int AS by_operator_persons,
           sum(per.by_passenger)::int AS by_passenger,
           coalesce(sum(per.by_passenger_persons), 0)::int AS by_passenger_persons,
           sum(per.rejected)::int AS rejected
      FROM per LEFT JOIN route ON route.schedule_id = per.schedule_id
     GROUP BY per.travel_date, route.route_key`);
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
    day: r.day,
    routeKey: r.route_key ?? '',
    route: r.route ?? 'Unknown route',
    bookings: Number(r.bookings),
    departed: Number(r.departed),
    noShows: Number(r.no_shows),
    noShowPersons: Number(r.no_show_persons),
    byOperator: Number(r.by_operator),
    byOperatorPersons: Number(r.by_operator_persons),
    byPassenger: Number(r.by_passenger),
    byPassengerPersons: Number(r.by_passenger_persons),
    rejected: Number(r.rejected),
  }));
}
