/**
 * The instance's front door for seat locks. Lock requests for the same trip take turns, and
 * what this instance last learned about each seat (which session holds it, or a ticket) is
 * remembered for a moment. When hundreds of sessions race for one seat, the first goes to the
 * database and wins; the next reads who holds the seats (one read, no transaction); everyone
 * after that is refused from memory, naming the same seats the database would, instead of
 * queueing for a transaction that must fail (PGlite runs one statement at a time).
 *
 * The memory only refuses, never grants: every lock that succeeds is decided by the database
 * (lock-seats.ts). An entry counts for `ttlMs` after it was learned, and a lock's entry not past
 * the lock's end; `forget()` drops everything, and the app calls it after every other write on
 * this instance (a release, a booking, an admin change) and on every live event. So a seat
 * freed on another instance can be refused here for at most `ttlMs`, the freshness of the trip
 * search's answers.
 */

/** Who holds a seat: a booking session's lock until `until`, or a ticket (`session: null`). */
export type SeatHolder = { seat: string; session: string | null; until: Date | null };

export type SeatLockGate = {
  lock<T extends { lockedUntil: string }>(
    /**
     * `trip` names one trip on one day; seats are labels of `launchId`; `stretch` names the
     * passenger's From and To (docs/decisions/032). What is remembered of a seat holds for the
     * stretch it was learned for only: a stretch overlaps itself, so a refusal from memory is
     * always one the database would give; another stretch of the seat goes to the database.
     */
    request: {
      trip: string;
      launchId: string;
      stretch?: string;
      session: string;
      seats: string[];
      now: Date;
    },
    run: (hint: { contested: boolean; remember(holders: SeatHolder[]): void }) => Promise<T>,
    refuse: (seats: string[]) => Error,
  ): Promise<T>;
  forget(): void;
};

// Far more trips than run in a day; past it the memory starts again rather than grow.
const MAX_TRIPS = 10_000;

type Entry = { session: string | null; until: number; seenAt: number };

export function createSeatLockGate(opts: { ttlMs: number }): SeatLockGate {
  const turns = new Map<string, Promise<void>>();
  const known = new Map<string, Map<string, Entry>>();
  // Bumped by forget(): what a request learned before a write must not be recorded after it.
  let generation = 0;

  const fresh = (entry: Entry | undefined, at: number) =>
    entry && entry.until > at && at - entry.seenAt < opts.ttlMs ? entry : undefined;

  function record(trip: string, at: number, started: number, write: (seats: Map<string, Entry>) => void) {
    if (started !== generation) return;
    const seats = known.get(trip) ?? new Map<string, Entry>();
    for (const [key, entry] of seats) if (!fresh(entry, at)) seats.delete(key);
    write(seats);
    if (!known.has(trip) && known.size >= MAX_TRIPS) known.clear();
    known.set(trip, seats);
  }

  return {
    async lock({ trip, launchId, stretch = '', session, seats, now }, run, refuse) {
      const previous = turns.get(trip) ?? Promise.resolve();
      let done = () => {};
      const mine = new Promise<void>((resolve) => {
        done = resolve;
      });
      const turn = previous.then(() => mine);
      turns.set(trip, turn);
      await previous;
      try {
        const at = now.getTime();
        const started = generation;
        const entries = seats.map((seat) =>
          fresh(known.get(trip)?.get(`${launchId}:${seat}@${stretch}`), at),
        );
        const othersHold = (entry: Entry | undefined) => entry !== undefined && entry.session !== session;
        // Everything about these seats is known and fresh: answer as the database would.
        if (entries.every((e) => e !== undefined)) {
          const taken = seats.filter((_, i) => othersHold(entries[i])).sort();
          if (taken.length > 0) throw refuse(taken);
        }
        const result = await run({
          contested: entries.some(othersHold),
          remember: (holders) =>
            record(trip, at, started, (map) => {
              for (const h of holders) {
                const until = h.until ? h.until.getTime() : Number.POSITIVE_INFINITY;
                map.set(`${launchId}:${h.seat}@${stretch}`, { session: h.session, until, seenAt: at });
              }
            }),
        });
        record(trip, at, started, (map) => {
          // The session's earlier selection on this trip (any launch) was replaced.
          for (const [key, entry] of map) if (entry.session === session) map.delete(key);
          const until = Date.parse(result.lockedUntil);
          for (const seat of seats) map.set(`${launchId}:${seat}@${stretch}`, { session, until, seenAt: at });
        });
        return result;
      } finally {
        done();
        if (turns.get(trip) === turn) turns.delete(trip);
      }
    },
    forget() {
      generation++;
      known.clear();
    },
  };
}
