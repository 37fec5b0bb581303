import { sql } from 'drizzle-orm';
import type { Trip, TripStop } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';

type DayRow = {
  schedule_id: string;
  status: string;
  departure_time: string;
  /** The exact time of day, for ordering as the database orders times. */
  departure_at: string;
  stops: Array<TripStop & { at: string | null }> | null;
  launches: Array<{ id: string; free: number; locks: string[] | null }> | null;
};

/** One trip between one pair of stops, all but its free seats (those depend on the moment). */
type PairTrip = {
  trip: Omit<Trip, 'availableSeats' | 'fare'>;
  /** The exact departure from the From stop (HH:MM:SS...), the first sort key. */
  sortTime: string;
  launches: Array<{ free: number; lockEnds: number[] }>;
  /** When it leaves the From stop, worked out on the first search of the day that needs it. */
  departsAt?: number;
};

/**
 * Every bookable trip of one date, indexed by (From, To): what a search of that date needs,
 * loaded in one statement and shared by every From x To of the date. Free seats are kept as
 * seats not held by a ticket, per launch, plus the ends of the locks on the others, so the
 * count at any moment is exact without asking the database again.
 */
export type TripDay = { date: string; byPair: Map<string, PairTrip[]> };

export type LoadTripDayOptions = { db: DbOrTx; date: string };

/**
 * One statement for the whole date: the schedules (not completed, not archived) with their
 * stops, active launches, and per launch the labels no ticket holds and the locks on those.
 */
export async function loadTripDay({ db, date }: LoadTripDayOptions): Promise<TripDay> {
  const result = await db.execute(sql`
    SELECT s.id AS schedule_id, s.status, to_char(s.departure_time, 'HH24:MI') AS departure_time,
      s.departure_time::text AS departure_at,
      (SELECT json_agg(json_build_object(
                'stopOrder', rs.stop_order,
                'locationId', rs.location_id,
                'name', l.name,
                'nameDv', l.name_dv,
                'departureTime', to_char(rs.departure_time, 'HH24:MI'),
                'at', rs.departure_time::text
              ) ORDER BY rs.stop_order)
         FROM schedule_route_stops rs JOIN locations l ON l.id = rs.location_id
        WHERE rs.schedule_id = s.id) AS stops,
      (SELECT json_agg(json_build_object(
                'id', la.id,
                -- Labels are unique within a launch (setup-api.ts) and a seat is held by
                -- at most one ticket (ticket_seats_seat_uq): labels minus held labels, counted
                -- without unnesting the array.
                'free', cardinality(la.seat_numbers) - (
                          SELECT count(*) FROM ticket_seats ts
                           WHERE ts.schedule_id = s.id AND ts.travel_date = s.travel_date
                             AND ts.launch_id = la.id AND ts.seat_number = ANY (la.seat_numbers)),
                'locks', (SELECT json_agg(k.locked_until)
                            FROM seat_locks k
                           WHERE k.schedule_id = s.id AND k.travel_date = s.travel_date
                             AND k.launch_id = la.id AND k.seat_number = ANY (la.seat_numbers)
                             AND NOT EXISTS (
                               SELECT 1 FROM ticket_seats ts
                                WHERE ts.schedule_id = s.id AND ts.travel_date = s.travel_date
                                  AND ts.launch_id = la.id AND ts.seat_number = k.seat_number))
              ) ORDER BY sl.position, sl.launch_id)
         FROM schedule_launches sl JOIN launches la ON la.id = sl.launch_id
        WHERE sl.schedule_id = s.id
          AND la.status = 'active' AND la.archived_at IS NULL) AS launches
    FROM schedules s
    WHERE s.travel_date = ${date}::date AND s.status <> 'completed' AND s.status <> 'cancelled' AND s.archived_at IS NULL
  `);
  const rows = (result as unknown as { rows: DayRow[] }).rows;
  const byPair = new Map<string, PairTrip[]>();
  for (const r of rows) {
    const raw = r.stops ?? [];
    const stops: TripStop[] = raw.map((x) => ({
      stopOrder: x.stopOrder,
      locationId: x.locationId,
      name: x.name,
      nameDv: x.nameDv,
      departureTime: x.departureTime,
    }));
    const launches = (r.launches ?? []).map((l) => ({
      free: Number(l.free),
      lockEnds: (l.locks ?? []).map((until) => new Date(until).getTime()),
    }));
    const launchIds = (r.launches ?? []).map((l) => l.id);
    // A place listed twice on one route: the earliest From, then the earliest To after it.
    const seen = new Set<string>();
    for (let i = 0; i < raw.length; i++) {
      const f = raw[i] as TripStop & { at: string | null };
      for (let j = i + 1; j < raw.length; j++) {
        const t = raw[j] as TripStop;
        const pair = `${f.locationId}|${t.locationId}`;
        if (seen.has(pair)) continue;
        seen.add(pair);
        const departureTime = f.departureTime ?? r.departure_time;
        // The timetable's time at the To stop (none at a route's last stop).
        const arrivalTime = t.departureTime;
        const entry: PairTrip = {
          trip: {
            scheduleId: r.schedule_id,
            travelDate: date,
            from: { id: f.locationId, name: f.name, nameDv: f.nameDv },
            to: { id: t.locationId, name: t.name, nameDv: t.nameDv },
            departureTime,
            passengerDepartureTime: departureTime,
            stops,
            launchIds,
            status: r.status,
            arrivalTime,
            durationMinutes: arrivalTime === null ? null : minutesBetween(departureTime, arrivalTime),
          },
          sortTime: f.at ?? r.departure_at,
          launches,
        };
        const list = byPair.get(pair);
        if (list) list.push(entry);
        else byPair.set(pair, [entry]);
      }
    }
  }
  for (const list of byPair.values()) {
    // As the database ordered them: by the From stop's time of day, then by schedule id.
    list.sort((a, b) =>
      a.sortTime === b.sortTime
        ? a.trip.scheduleId < b.trip.scheduleId
          ? -1
          : 1
        : a.sortTime < b.sortTime
          ? -1
          : 1,
    );
  }
  return { date, byPair };
}

/** Minutes from one HH:MM to a later one, past midnight if the later reads earlier. */
function minutesBetween(from: string, to: string): number {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return (minutes(to) - minutes(from) + 24 * 60) % (24 * 60);
}
