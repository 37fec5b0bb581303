/**
 * A short-lived in-process cache for hot public reads (trip search). Many identical requests
 * within `ttlMs` share one database query, and concurrent misses wait for the same query
 * instead of each running it. `clear()` drops everything: the app calls it after every
 * successful write on this instance and on every live event from another instance, so a
 * reader sees its own changes at once and other instances' changes within `ttlMs`.
 */
export type MicroCache<T> = {
  get(key: string, load: () => Promise<T>): Promise<T>;
  clear(): void;
  readonly size: number;
};

export function createMicroCache<T>(opts: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): MicroCache<T> {
  const now = opts.now ?? Date.now;
  const entries = new Map<string, { value: Promise<T>; expiresAt: number }>();
  // Bumped by clear(): a query that started before a write must not refill the cache after it.
  let generation = 0;

  return {
    get(key, load) {
      const at = now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > at) return hit.value;
      if (entries.size >= opts.maxEntries) entries.clear();
      const started = generation;
      const value = load();
      entries.set(key, { value, expiresAt: at + opts.ttlMs });
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
