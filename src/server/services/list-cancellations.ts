import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { dateInZone, timeInZone } from '#server/lib/clock.ts';
import { PARTY, SOLD_STATES } from '#server/lib/report-sql.ts';
import type { CancellationRow } from '#shared/reports.ts';

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
 * No-shows and cancellations of the range's bookings, by the route of their departure, in one
 * grouped query over `tickets_travel_date_idx`.
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
export async function listCancellations(opts: ListCancellationsOptions): Promise<CancellationRow[]> {
  const { db, from, to } = opts;
  const nowLocal = `${dateInZone(opts.now, opts.tzOperator)} ${timeInZone(opts.now, opts.tzOperator)}`;
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
    b AS (
      SELECT t.schedule_id, t.ticket_status, ${PARTY} AS persons,
             (t.ticket_status IN ${SOLD_STATES}
              AND (s.status = 'completed'
                   OR t.travel_date + coalesce(t.passenger_departure_time, s.departure_time)
                      <= ${nowLocal}::timestamp)) AS departed,
             EXISTS (SELECT 1 FROM boardings bd WHERE bd.ticket_id = t.id AND bd.accepted > 0) AS boarded
        FROM tickets t
        JOIN schedules s ON s.id = t.schedule_id
       WHERE t.travel_date BETWEEN ${from}::date AND ${to}::date
         AND t.ticket_status IN ('confirmed', 'completed', 'cancelled',
                                 'cancelled_by_operator', 'cancelled_by_passenger')
    )
    SELECT route.route_key, max(route.route) AS route,
           count(*) FILTER (WHERE b.ticket_status IN ${SOLD_STATES})::int AS bookings,
           count(*) FILTER (WHERE b.departed)::int AS departed,
           count(*) FILTER (WHERE b.departed AND NOT b.boarded)::int AS no_shows,
           coalesce(sum(b.persons) FILTER (WHERE b.departed AND NOT b.boarded), 0)::int AS no_show_persons,
           count(*) FILTER (WHERE b.ticket_status = 'cancelled_by_operator')::int AS by_operator,
           coalesce(sum(b.persons) FILTER (WHERE b.ticket_status = 'cancelled_by_operator'), 0)::int
             AS by_operator_persons,
           count(*) FILTER (WHERE b.ticket_status = 'cancelled_by_passenger')::int AS by_passenger,
           coalesce(sum(b.persons) FILTER (WHERE b.ticket_status = 'cancelled_by_passenger'), 0)::int
             AS by_passenger_persons,
           count(*) FILTER (WHERE b.ticket_status = 'cancelled')::int AS rejected
      FROM b LEFT JOIN route ON route.schedule_id = b.schedule_id
     GROUP BY route.route_key
     ORDER BY max(route.route)`);
  return (result as unknown as { rows: Row[] }).rows.map((r) => ({
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
