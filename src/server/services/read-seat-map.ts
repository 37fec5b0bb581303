import type { SeatMap, SeatState } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import type { SessionFreshCache } from '../lib/session-fresh-cache.ts';
import { loadSharedSeatMap, type SharedSeatMap } from './load-shared-seat-map.ts';
import type { TripKey } from './read-trip.ts';

export type ReadSeatMapOptions = TripKey & {
  db: DbOrTx;
  launchId: string;
  /** The asking wizard run; without one every live lock shows as someone else's. */
  session: string | undefined;
  now: Date;
  /** Shared by every session for a moment (docs/decisions/015); without it, one statement per call. */
  cache?: SessionFreshCache<SharedSeatMap> | undefined;
};

/**
 * The seat grid of one launch on one trip. Only reads: expired locks are ignored here and
 * removed by the next lock request, so a GET never changes anything. With a cache, the part
 * every session shares is loaded at most once per cache lifetime (one statement) and each
 * request only lays its own session over it.
 */
export async function readSeatMap(opts: ReadSeatMapOptions): Promise<SeatMap> {
  const { cache } = opts;
  const key = `${opts.scheduleId}|${opts.travelDate}|${opts.launchId}`;
  const shared = cache
    ? await cache.get(key, opts.session, () => loadSharedSeatMap(opts))
    : await loadSharedSeatMap(opts);
  return seatMapFor(shared, opts.session, opts.now.getTime());
}

/** The shared part as `session` sees it at `now`: the same answer the database would give. */
export function seatMapFor(shared: SharedSeatMap, session: string | undefined, now: number): SeatMap {
  let lockedUntil: number | null = null;
  for (const lock of (session && shared.locksBySession.get(session)) || []) {
    if (lock.until > now && (lockedUntil === null || lock.until < lockedUntil)) lockedUntil = lock.until;
  }
  // Holding nothing live on the trip: the view every such session shares, until a lock ends.
  if (lockedUntil === null) {
    const cached = shared.anonymous;
    if (cached && cached.from <= now && now < cached.to) return cached.view;
    const view = { seats: seatsFor(shared, undefined, now), lockedUntil: null };
    let from = Number.NEGATIVE_INFINITY;
    let to = Number.POSITIVE_INFINITY;
    for (const end of shared.ends) {
      if (end <= now) from = end;
      else {
        to = end;
        break;
      }
    }
    shared.anonymous = { from, to, view };
    return view;
  }
  return { seats: seatsFor(shared, session, now), lockedUntil: new Date(lockedUntil).toISOString() };
}

function seatsFor(shared: SharedSeatMap, session: string | undefined, now: number) {
  return shared.labels.map((label) => {
    let state: SeatState = 'available';
    if (shared.occupied.has(label)) state = 'occupied';
    else {
      const lock = shared.locksBySeat.get(label);
      if (lock && lock.until > now) state = lock.session === session ? 'mine' : 'locked';
    }
    return { label, state };
  });
}
