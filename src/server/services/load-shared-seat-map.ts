import { sql } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import type { SeatMap } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import type { Stretch } from '../lib/stretch.ts';
import { refuseUnoffered, type TripKey, tripNotFound } from './read-trip.ts';

/** A lock on a seat for a stretch of the departure (docs/decisions/032-seats-per-leg.md). */
export type SeatLock = Stretch & { launchId: string; seat: string; session: string; until: number };

/**
 * What every session sees alike of one launch on one trip: its seat labels, the departure's stops,
 * the stretches tickets hold each seat for, and every lock on the trip (any launch, expired ones
 * included) with its stretch, session and end. Which seats are free for the asker's stretch, which
 * locks are live and which are the asker's, is decided per request from the stretch, `now` and the
 * session, so one load serves every passenger polling the departure, whatever their From and To
 * (docs/decisions/015).
 */
export type SharedSeatMap = {
  launchId: string;
  labels: string[];
  /** The departure's stops (location ids) in route order: what a From and To are read on. */
  stopIds: string[];
  /** The stretches tickets hold on this launch, by seat label. */
  heldBySeat: Map<string, Stretch[]>;
  /** Locks on this launch by seat label: a seat may be held for stretches that share no leg. */
  locksBySeat: Map<string, SeatLock[]>;
  /** Every lock on the trip by session (for the asker's `mine` seats and `lockedUntil`). */
  locksBySession: Map<string, SeatLock[]>;
  /** Lock ends, ascending: the anonymous views change only at these instants. */
  ends: number[];
  /** Per stretch, the view of a session that holds nothing on the trip, while `now` is in [from, to). */
  anonymous: Map<string, { from: number; to: number; view: SeatMap }>;
};

type SeatMapRow = {
  travel_date: string;
  status: string;
  archived: boolean;
  launch_id: string | null;
  seat_numbers: string[] | null;
  stops: string[] | null;
  held: Array<[string, number, number]> | null;
  locks: Array<[string, string, string, string, number, number]> | null;
};

export type LoadSharedSeatMapOptions = TripKey & { db: DbOrTx; launchId: string };

/** The trip, its stops, the launch on it, its ticket-held seats and the trip's locks: one statement. */
export async function loadSharedSeatMap({ db, ...key }: LoadSharedSeatMapOptions): Promise<SharedSeatMap> {
  const result = await db.execute(sql`
    SELECT s.travel_date::text AS travel_date, s.status, s.archived_at IS NOT NULL AS archived,
      la.id AS launch_id, to_json(la.seat_numbers) AS seat_numbers,
      (SELECT json_agg(rs.location_id ORDER BY rs.stop_order)
         FROM schedule_route_stops rs
        WHERE rs.schedule_id = s.id) AS stops,
      (SELECT json_agg(json_build_array(ts.seat_number, ts.from_stop, ts.to_stop))
         FROM ticket_seats ts
        WHERE ts.schedule_id = s.id AND ts.travel_date = s.travel_date
          AND ts.launch_id = la.id) AS held,
      (SELECT json_agg(json_build_array(k.launch_id, k.seat_number, k.user_session, k.locked_until,
                                        k.from_stop, k.to_stop))
         FROM seat_locks k
        WHERE k.schedule_id = s.id AND k.travel_date = s.travel_date) AS locks
    FROM schedules s
    LEFT JOIN schedule_launches sl ON sl.schedule_id = s.id AND sl.launch_id = ${key.launchId}::uuid
    LEFT JOIN launches la ON la.id = sl.launch_id
    WHERE s.id = ${key.scheduleId}::uuid
  `);
  const [row] = (result as unknown as { rows: SeatMapRow[] }).rows;
  // A trip is a schedule on its own date; an archived schedule is no trip (read-trip.ts).
  if (!row || row.archived || row.travel_date !== key.travelDate) throw tripNotFound();
  // A refusal is never cached, and the cancel's write clears the cache: no seat of a cancelled
  // departure shows free, not even from an answer loaded just before.
  refuseUnoffered(row.status);
  if (!row.launch_id || !row.seat_numbers) throw new AppError('launch_not_found', MSG.launchNotOnTrip, 404);

  const heldBySeat = new Map<string, Stretch[]>();
  for (const [seat, fromStop, toStop] of row.held ?? []) {
    push(heldBySeat, seat, { fromStop: Number(fromStop), toStop: Number(toStop) });
  }
  const locksBySeat = new Map<string, SeatLock[]>();
  const locksBySession = new Map<string, SeatLock[]>();
  const ends: number[] = [];
  for (const [launchId, seat, session, until, fromStop, toStop] of row.locks ?? []) {
    const lock = {
      launchId,
      seat,
      session,
      until: new Date(until).getTime(),
      fromStop: Number(fromStop),
      toStop: Number(toStop),
    };
    if (launchId === row.launch_id) push(locksBySeat, seat, lock);
    push(locksBySession, session, lock);
    ends.push(lock.until);
  }
  ends.sort((a, b) => a - b);
  return {
    launchId: row.launch_id,
    labels: row.seat_numbers,
    stopIds: row.stops ?? [],
    heldBySeat,
    locksBySeat,
    locksBySession,
    ends,
    anonymous: new Map(),
  };
}

function push<T>(map: Map<string, T[]>, key: string, value: T): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
