import { sql } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import type { SeatMap } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { AppError } from '../lib/errors.ts';
import { refuseUnoffered, type TripKey, tripNotFound } from './read-trip.ts';

type Lock = { launchId: string; seat: string; session: string; until: number };

/**
 * What every session sees alike of one launch on one trip: its seat labels, the seats tickets
 * hold, and every lock on the trip (any launch, expired ones included) with its session and
 * end. Which locks are live, and which are the asker's, is decided per request from `now` and
 * the session, so one load serves every passenger polling the departure (docs/decisions/015).
 */
export type SharedSeatMap = {
  launchId: string;
  labels: string[];
  occupied: Set<string>;
  /** Locks on this launch by seat label. */
  locksBySeat: Map<string, Lock>;
  /** Every lock on the trip by session (for the asker's `mine` seats and `lockedUntil`). */
  locksBySession: Map<string, Lock[]>;
  /** Lock ends, ascending: the anonymous view changes only at these instants. */
  ends: number[];
  /** The view of a session that holds nothing on the trip, while `now` is in [from, to). */
  anonymous?: { from: number; to: number; view: SeatMap };
};

type SeatMapRow = {
  travel_date: string;
  status: string;
  archived: boolean;
  launch_id: string | null;
  seat_numbers: string[] | null;
  held: string[] | null;
  locks: Array<[string, string, string, string]> | null;
};

export type LoadSharedSeatMapOptions = TripKey & { db: DbOrTx; launchId: string };

/** The trip, the launch on it, its ticket-held seats and the trip's locks: one statement. */
export async function loadSharedSeatMap({ db, ...key }: LoadSharedSeatMapOptions): Promise<SharedSeatMap> {
  const result = await db.execute(sql`
    SELECT s.travel_date::text AS travel_date, s.status, s.archived_at IS NOT NULL AS archived,
      la.id AS launch_id, to_json(la.seat_numbers) AS seat_numbers,
      (SELECT json_agg(ts.seat_number)
         FROM ticket_seats ts
        WHERE ts.schedule_id = s.id AND ts.travel_date = s.travel_date
          AND ts.launch_id = la.id) AS held,
      (SELECT json_agg(json_build_array(k.launch_id, k.seat_number, k.user_session, k.locked_until))
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

  const locksBySeat = new Map<string, Lock>();
  const locksBySession = new Map<string, Lock[]>();
  const ends: number[] = [];
  for (const [launchId, seat, session, until] of row.locks ?? []) {
    const lock = { launchId, seat, session, until: new Date(until).getTime() };
    if (launchId === row.launch_id) locksBySeat.set(seat, lock);
    const own = locksBySession.get(session);
    if (own) own.push(lock);
    else locksBySession.set(session, [lock]);
    ends.push(lock.until);
  }
  ends.sort((a, b) => a - b);
  return {
    launchId: row.launch_id,
    labels: row.seat_numbers,
    occupied: new Set(row.held ?? []),
    locksBySeat,
    locksBySession,
    ends,
  };
}
