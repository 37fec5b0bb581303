/**
 * A short-lived in-process cache for hot public reads (trip search). Many identical requests
 * within `ttlMs` share one database query, and concurrent misses wait for the same query
 * instead of each running it. `clear()` drops everything: the app calls it after every
 * successful write on this instance and on every live event from another instance, so a
 * reader sees its own changes at once and other instances' changes within `ttlMs`.
 */
export type MicroCache<T> = {
  /**
   * With `newerThan` (a `cacheStamp()`), an entry whose load began at or before that stamp is
   * not used: a new load replaces it (see session-fresh-cache.ts).
   */
  get(key: string, load: () => Promise<T>, opts?: { newerThan?: number }): Promise<T>;
  clear(): void;
  readonly size: number;
};

let stamps = 0;
/** A process-wide counter that only grows: orders loads and writes without a clock. */
export function cacheStamp(): number {
  stamps += 1;
  return stamps;
}

export function createMicroCache<T>(opts: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): MicroCache<T> {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; expiresAt: number; stamp: number }>();
  // Bumped by clear(): a query that started before a write must not refill the cache after it.
  let generation = 0;

  return {
    get(key, load, wanted) {
      const at = now();
      const hit = entries.get(key);
      const newerThan = wanted?.newerThan;
      if (hit && hit.expiresAt > at && (newerThan === undefined || hit.stamp > newerThan)) return hit.value;
      if (entries.size >= opts.maxEntries) entries.clear();
      const started = generation;
      const stamp = cacheStamp();
      const value = load();
      entries.set(key, { value, expiresAt: at + opts.ttlMs, stamp });
      const forget = () => {
        if (entries.get(key)?.value === value) entries.delete(key);
      };
      value.then(
        () => {
          if (started !== generation) forget();
        },
        // A failure is never cached: the next request tries again.
        forget,
      );
      return value;
    },
    clear() {
      generation++;
      entries.clear();
    },
    get size() {
      return entries.size;
    },
  };
}
