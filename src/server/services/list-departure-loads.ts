import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { PERSONS_NOT_INFANTS, SOLD_STATES } from '#server/lib/report-sql.ts';
import { type DepartureLoad, percentOf } from '#shared/reports.ts';

export type ListDepartureLoadsOptions = {
  db: DbOrTx;
  /** Travel dates, both included (YYYY-MM-DD). */
  from: string;
  to: string;
  /** Allotments count while their hold is live at this instant. */
  now: Date;
};

type DepartureRow = {
  schedule_id: string;
  travel_date: string;
  departure_time: string;
  status: string;
  route_key: string | null;
  stops: string[] | null;
  seats: number;
  seats_sold: number;
  seat_legs_sold: number;
  passengers: number;
  infants: number;
  allotted: number;
};

type LegRow = { schedule_id: string; leg: number; seats: number };

/**
 * Every departure of the range (a schedule on its travel date; a cancelled one is left out, it
 * offered nothing), with the seats its launches offer and those sold on it, per departure and per
 * leg (docs/decisions/032-seats-per-leg.md): two grouped queries, whatever the number of
 * departures. A seat counts as sold when a confirmed or completed booking of any channel holds it
 * on a leg; seat-legs are seats times legs. The departures are found by
 * `schedules_travel_date_idx`, their bookings by `tickets_travel_date_idx`, and their seats by
 * `ticket_seats_seat_idx` (schedule, date, ...) or a hash join with those bookings, as the
 * planner finds cheaper for the range.
 */
export async function listDepartureLoads(opts: ListDepartureLoadsOptions): Promise<DepartureLoad[]> {
  const { db, from, to } = opts;
  const departures = sql`
    SELECT s.id, s.travel_date, s.departure_time, s.status
      FROM schedules s
     WHERE s.travel_date BETWEEN ${from}::date AND ${to}::date
       AND s.status <> 'cancelled'`;
  // The seats sold on the range's departures, straight from the tables (not through the
  // departures above, which the planner cannot see into), so it reads them by the indexes for a
  // short range and by hash joins for a long one. Each side is bounded by its own travel date,
  // and the seats join their departure by id alone (a departure is one date): joined on the date
  // as well, the planner took the two columns for independent and expected 700 seats of a
  // year's 600,000, then looked each one's booking up by its key (docs/decisions/045).
  const sold = sql`
    SELECT ts.schedule_id, ts.launch_id, ts.seat_number, ts.from_stop, ts.to_stop
      FROM ticket_seats ts
      JOIN schedules s ON s.id = ts.schedule_id
      JOIN tickets t ON t.id = ts.ticket_id
     WHERE ts.travel_date BETWEEN ${from}::date AND ${to}::date
       AND s.travel_date BETWEEN ${from}::date AND ${to}::date AND s.status <> 'cancelled'
       AND t.travel_date BETWEEN ${from}::date AND ${to}::date AND t.ticket_status IN ${SOLD_STATES}`;

  const [main, legs] = await Promise.all([
    db.execute(sql`
      WITH d AS (${departures}),
      stops AS (
        SELECT r.schedule_id, r.location_id, l.name,
               row_number() OVER (PARTITION BY r.schedule_id ORDER BY r.stop_order) AS pos
          FROM d JOIN schedule_route_stops r ON r.schedule_id = d.id
          JOIN locations l ON l.id = r.location_id
      ),
      route AS (
        SELECT schedule_id,
               string_agg(location_id::text, '>' ORDER BY pos) AS route_key,
               array_agg(name ORDER BY pos) AS stops
          FROM stops GROUP BY schedule_id
      ),
      offered AS (
        SELECT sl.schedule_id, sum(cardinality(l.seat_numbers))::int AS seats
          FROM d JOIN schedule_launches sl ON sl.schedule_id = d.id
          JOIN launches l ON l.id = sl.launch_id
         GROUP BY sl.schedule_id
      ),
      -- One row per seat sold on a departure, with its legs: a seat sold Malé -> Airport and
      -- again Airport -> Thoddoo is one seat, two seat-legs.
      seat AS (
        SELECT x.schedule_id, sum(x.to_stop - x.from_stop) AS legs
          FROM (${sold}) x GROUP BY x.schedule_id, x.launch_id, x.seat_number
      ),
      sold AS (
        SELECT schedule_id, count(*)::int AS seats, sum(legs)::int AS seat_legs FROM seat GROUP BY schedule_id
      ),
      people AS (
        SELECT t.schedule_id,
               sum(${PERSONS_NOT_INFANTS})::int AS passengers,
               sum(t.infant_count)::int AS infants
          FROM tickets t
         WHERE t.travel_date BETWEEN ${from}::date AND ${to}::date AND t.ticket_status IN ${SOLD_STATES}
         GROUP BY t.schedule_id
      ),
      allotted AS (
        SELECT lk.schedule_id, count(DISTINCT lk.launch_id::text || '/' || lk.seat_number)::int AS seats
          FROM d JOIN seat_locks lk ON lk.schedule_id = d.id AND lk.travel_date = d.travel_date
         WHERE lk.allotment_id IS NOT NULL AND lk.locked_until > ${opts.now.toISOString()}::timestamptz
         GROUP BY lk.schedule_id
      )
      SELECT d.id AS schedule_id, d.travel_date::text AS travel_date,
             to_char(d.departure_time, 'HH24:MI') AS departure_time, d.status,
             route.route_key, route.stops,
             coalesce(offered.seats, 0) AS seats,
             coalesce(sold.seats, 0) AS seats_sold, coalesce(sold.seat_legs, 0) AS seat_legs_sold,
             coalesce(people.passengers, 0) AS passengers, coalesce(people.infants, 0) AS infants,
             coalesce(allotted.seats, 0) AS allotted
        FROM d
        LEFT JOIN route ON route.schedule_id = d.id
        LEFT JOIN offered ON offered.schedule_id = d.id
        LEFT JOIN sold ON sold.schedule_id = d.id
        LEFT JOIN people ON people.schedule_id = d.id
        LEFT JOIN allotted ON allotted.schedule_id = d.id
       ORDER BY d.travel_date, d.departure_time, route.route_key`),
    // A seat row covers legs from_stop .. to_stop - 1; no two rows of one seat share a leg (the
    // exclusion constraint), so the rows on a leg are its seats sold. Counted per stretch first:
    // a departure has a few stretches and dozens of seats on each.
    db.execute(sql`
      SELECT x.schedule_id, g.leg::int AS leg, sum(x.seats)::int AS seats
        FROM (SELECT y.schedule_id, y.from_stop, y.to_stop, count(*) AS seats
                FROM (${sold}) y GROUP BY y.schedule_id, y.from_stop, y.to_stop) x
        CROSS JOIN LATERAL generate_series(x.from_stop, x.to_stop - 1) AS g(leg)
       GROUP BY x.schedule_id, g.leg`),
  ]);

  const soldOnLeg = new Map<string, number>();
  for (const row of (legs as unknown as { rows: LegRow[] }).rows) {
    soldOnLeg.set(`${row.schedule_id}/${row.leg}`, Number(row.seats));
  }

  return (main as unknown as { rows: DepartureRow[] }).rows.map((row) => {
    const stops = row.stops ?? [];
    const legCount = Math.max(stops.length - 1, 1);
    const seatsOffered = Number(row.seats);
    const seatLegsOffered = seatsOffered * legCount;
    const seatLegsSold = Number(row.seat_legs_sold);
    return {
      scheduleId: row.schedule_id,
      travelDate: row.travel_date,
      departureTime: row.departure_time,
      routeKey: row.route_key ?? row.schedule_id,
      route: stops.join(' → '),
      status: row.status,
      seatsOffered,
      seatsSold: Number(row.seats_sold),
      seatLegsOffered,
      seatLegsSold,
      loadFactor: percentOf(seatLegsSold, seatLegsOffered),
      passengers: Number(row.passengers),
      infants: Number(row.infants),
      allottedUnsold: Number(row.allotted),
      legs: stops.slice(0, -1).map((name, leg) => {
        const seatsSold = soldOnLeg.get(`${row.schedule_id}/${leg}`) ?? 0;
        return {
          from: name,
          to: stops[leg + 1] ?? '',
          seatsSold,
          loadFactor: percentOf(seatsSold, seatsOffered),
        };
      }),
    };
  });
}
