import { cacheStamp, createMicroCache } from './micro-cache.ts';

/**
 * A micro-cache of answers shared by every booking session (docs/decisions/015), with one more
 * rule: a session never gets an answer whose load began before that session's own last write on
 * this instance. `noteWrite(session)` is called when any state-changing request carrying the
 * session's X-Booking-Session has been handled, whatever its outcome: a lock that won, a lock
 * refused because another instance's passenger got there first, a booking, a release. The next
 * read of that session loads again (and the fresh answer then serves everyone), so right after
 * their own write a passenger sees what the database said, even when the write failed and so
 * cleared nothing.
 *
 * Like the micro-cache, `clear()` drops every answer; the app calls it after every successful
 * write on the instance and on every live event from another instance.
 */
export type SessionFreshCache<T> = {
  get(key: string, session: string | undefined, load: () => Promise<T>): Promise<T>;
  noteWrite(session: string): void;
  clear(): void;
  readonly size: number;
};

export function createSessionFreshCache<T>(opts: {
  ttlMs: number;
  maxEntries: number;
  /** Most sessions remembered at once; past it every session reads afresh (see `floor`). */
  maxSessions?: number;
  now?: () => number;
}): SessionFreshCache<T> {
  const now = opts.now ?? Date.now;
  const maxSessions = opts.maxSessions ?? 100_000;
  const cache = createMicroCache<T>(opts);
  // session -> the stamp taken when its last write was answered, and when (for forgetting it).
  const writes = new Map<string, { stamp: number; at: number }>();
  // Answers loaded at or before this stamp serve no one (set when `writes` overflows).
  let floor = 0;

  const forgetOld = (at: number) => {
    // Oldest first (Map keeps insertion order and noteWrite re-inserts). A write older than the
    // time-to-live no longer matters: every answer loaded before it has expired since.
    for (const [session, write] of writes) {
      if (at - write.at < opts.ttlMs) break;
      writes.delete(session);
    }
  };

  return {
    get(key, session, load) {
      const mark = session === undefined ? undefined : writes.get(session)?.stamp;
      const newerThan = Math.max(mark ?? 0, floor);
      return cache.get(key, load, newerThan > 0 ? { newerThan } : undefined);
    },
    noteWrite(session) {
      const at = now();
      writes.delete(session);
      writes.set(session, { stamp: cacheStamp(), at });
      forgetOld(at);
      if (writes.size > maxSessions) {
        // Too many to track one by one: nobody trusts anything loaded before now.
        writes.clear();
        floor = cacheStamp();
      }
    },
    clear() {
      cache.clear();
    },
    get size() {
      return cache.size;
    },
  };
}
