import type { SeatMap, SeatState } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { askedStretch, stretchKey } from '../lib/asked-stretch.ts';
import type { SessionFreshCache } from '../lib/session-fresh-cache.ts';
import { overlaps, type Stretch } from '../lib/stretch.ts';
import { loadSharedSeatMap, type SharedSeatMap } from './load-shared-seat-map.ts';
import type { TripKey } from './read-trip.ts';

export type ReadSeatMapOptions = TripKey & {
  db: DbOrTx;
  launchId: string;
  /**
   * The passenger's From and To (location ids on the departure's stops): the seats are seen from
   * that stretch (docs/decisions/032-seats-per-leg.md). Without them, the whole departure.
   */
  originId?: string | undefined;
  destinationId?: string | undefined;
  /** The asking wizard run; without one every live lock shows as someone else's. */
  session: string | undefined;
  now: Date;
  /** Shared by every session for a moment (docs/decisions/015); without it, one statement per call. */
  cache?: SessionFreshCache<SharedSeatMap> | undefined;
};

/**
 * The seat grid of one launch on one trip, seen from a stretch of it. Only reads: expired locks
 * are ignored here and removed by the next lock request, so a GET never changes anything. With a
 * cache, the part every session and stretch shares is loaded at most once per cache lifetime (one
 * statement) and each request only lays its own stretch and session over it. A From or To not on
 * the route, or a To not after the From, is 400 invalid_schedule.
 */
export async function readSeatMap(opts: ReadSeatMapOptions): Promise<SeatMap> {
  const { cache } = opts;
  const key = `${opts.scheduleId}|${opts.travelDate}|${opts.launchId}`;
  const shared = cache
    ? await cache.get(key, opts.session, () => loadSharedSeatMap(opts))
    : await loadSharedSeatMap(opts);
  const stretch = askedStretch(shared.stopIds, opts.originId, opts.destinationId);
  return seatMapFor(shared, stretch, opts.session, opts.now.getTime());
}

/**
 * The shared part as `session` sees it from `stretch` at `now`: the same answer the database
 * would give. A seat is `occupied` when a ticket holds it for a leg of the stretch, `locked` when
 * another session's live lock does, `mine` when the asker holds it live (for any stretch), and
 * `available` otherwise.
 */
export function seatMapFor(
  shared: SharedSeatMap,
  stretch: Stretch,
  session: string | undefined,
  now: number,
): SeatMap {
  let lockedUntil: number | null = null;
  for (const lock of (session && shared.locksBySession.get(session)) || []) {
    if (lock.until > now && (lockedUntil === null || lock.until < lockedUntil)) lockedUntil = lock.until;
  }
  // Holding nothing live on the trip: the view every such session shares, until a lock ends.
  if (lockedUntil === null) {
    const key = stretchKey(stretch);
    const cached = shared.anonymous.get(key);
    if (cached && cached.from <= now && now < cached.to) return cached.view;
    const view = { seats: seatsFor(shared, stretch, undefined, now), lockedUntil: null };
    let from = Number.NEGATIVE_INFINITY;
    let to = Number.POSITIVE_INFINITY;
    for (const end of shared.ends) {
      if (end <= now) from = end;
      else {
        to = end;
        break;
      }
    }
    shared.anonymous.set(key, { from, to, view });
    return view;
  }
  return { seats: seatsFor(shared, stretch, session, now), lockedUntil: new Date(lockedUntil).toISOString() };
}

function seatsFor(shared: SharedSeatMap, stretch: Stretch, session: string | undefined, now: number) {
  return shared.labels.map((label) => {
    let state: SeatState = 'available';
    if (shared.heldBySeat.get(label)?.some((held) => overlaps(held, stretch))) state = 'occupied';
    else {
      let mine = false;
      for (const lock of shared.locksBySeat.get(label) ?? []) {
        if (lock.until <= now) continue;
        if (lock.session === session) mine = true;
        else if (overlaps(lock, stretch)) state = 'locked';
      }
      // Another passenger's hold on a leg of the stretch keeps the seat from the asker, even
      // beside one of their own on other legs.
      if (mine && state === 'available') state = 'mine';
    }
    return { label, state };
  });
}
