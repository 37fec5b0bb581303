import { sql } from 'drizzle-orm';
import type { Trip, TripStop } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { overlaps, type Stretch } from '../lib/stretch.ts';

type DayRow = {
  schedule_id: string;
  status: string;
  departure_time: string;
  /** The exact time of day, for ordering as the database orders times. */
  departure_at: string;
  stops: Array<TripStop & { at: string | null }> | null;
  launches: Array<{
    id: string;
    seats: number;
    /** [seat, from_stop, to_stop] of every ticket row. */
    held: Array<[string, number, number]> | null;
    /** [seat, from_stop, to_stop, locked_until] of every lock, expired ones included. */
    locks: Array<[string, number, number, string]> | null;
  }> | null;
};

/** A launch's seats and the stretches tickets and locks hold them for, by seat label. */
type LaunchSeats = {
  seats: number;
  held: Map<string, Stretch[]>;
  locks: Map<string, Array<Stretch & { until: number }>>;
};

/** One trip between one pair of stops, all but its free seats (those depend on the moment). */
type PairTrip = {
  trip: Omit<Trip, 'availableSeats' | 'fare' | 'prices'>;
  /** The exact departure from the From stop (HH:MM:SS...), the first sort key. */
  sortTime: string;
  /**
   * Per active launch, for the stretch From -> To: the seats no ticket holds for a leg of it, and
   * of those, per seat held by locks on a leg of it, when the last such lock ends.
   */
  launches: Array<{ free: number; lockEnds: number[] }>;
  /** When it leaves the From stop, worked out on the first search of the day that needs it. */
  departsAt?: number;
};

/**
 * Every bookable trip of one date, indexed by (From, To): what a search of that date needs,
 * loaded in one statement and shared by every From x To of the date. Free seats are kept per
 * (From, To) and launch as seats no ticket holds for a leg of that stretch
 * (docs/decisions/032-seats-per-leg.md), plus the ends of the locks on the others, so the count
 * at any moment is exact without asking the database again.
 */
export type TripDay = { date: string; byPair: Map<string, PairTrip[]> };

export type LoadTripDayOptions = { db: DbOrTx; date: string };

/**
 * One statement for the whole date: the schedules (not completed, not archived) with their
 * stops, active launches, and per launch its label count and the stretches its ticket rows and
 * locks hold.
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
                -- Labels are unique within a launch (setup-api.ts): a launch's seats are its label
                -- count, less those held for a leg of the stretch asked about. Rows of labels the
                -- launch no longer has hold nothing.
                'seats', cardinality(la.seat_numbers),
                'held', (SELECT json_agg(json_build_array(ts.seat_number, ts.from_stop, ts.to_stop))
                           FROM ticket_seats ts
                          WHERE ts.schedule_id = s.id AND ts.travel_date = s.travel_date
                            AND ts.launch_id = la.id AND ts.seat_number = ANY (la.seat_numbers)),
                'locks', (SELECT json_agg(json_build_array(k.seat_number, k.from_stop, k.to_stop, k.locked_until))
                            FROM seat_locks k
                           WHERE k.schedule_id = s.id AND k.travel_date = s.travel_date
                             AND k.launch_id = la.id AND k.seat_number = ANY (la.seat_numbers))
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
    const seats = (r.launches ?? []).map(launchSeats);
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
          // The stretch between the two stops' positions (src/server/lib/stretch.ts).
          launches: seats.map((l) => seatsOn(l, { fromStop: i, toStop: j })),
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

function launchSeats(l: NonNullable<DayRow['launches']>[number]): LaunchSeats {
  const held = new Map<string, Stretch[]>();
  for (const [seat, fromStop, toStop] of l.held ?? []) {
    push(held, seat, { fromStop: Number(fromStop), toStop: Number(toStop) });
  }
  const locks = new Map<string, Array<Stretch & { until: number }>>();
  for (const [seat, fromStop, toStop, until] of l.locks ?? []) {
    push(locks, seat, {
      fromStop: Number(fromStop),
      toStop: Number(toStop),
      until: new Date(until).getTime(),
    });
  }
  return { seats: Number(l.seats), held, locks };
}

/**
 * A launch's seats for one stretch: those no ticket holds for a leg of it, and the moments the
 * locked ones among them come free (a seat held on several legs by several locks: the last end).
 */
function seatsOn(l: LaunchSeats, stretch: Stretch): { free: number; lockEnds: number[] } {
  const taken = new Set<string>();
  for (const [seat, rows] of l.held) if (rows.some((row) => overlaps(row, stretch))) taken.add(seat);
  const lockEnds: number[] = [];
  for (const [seat, locks] of l.locks) {
    if (taken.has(seat)) continue;
    let end: number | null = null;
    for (const lock of locks)
      if (overlaps(lock, stretch) && (end === null || lock.until > end)) end = lock.until;
    if (end !== null) lockEnds.push(end);
  }
  return { free: l.seats - taken.size, lockEnds };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Minutes from one HH:MM to a later one, past midnight if the later reads earlier. */
function minutesBetween(from: string, to: string): number {
  const minutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
  return (minutes(to) - minutes(from) + 24 * 60) % (24 * 60);
}
