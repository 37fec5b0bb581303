import { describe, expect, it } from 'vitest';
import { createSessionFreshCache } from './session-fresh-cache.ts';

describe('session-fresh cache', () => {
  const loader = () => {
    let loads = 0;
    return { load: async () => ++loads, count: () => loads };
  };

  it('shares one answer between sessions until the time is up', async () => {
    let now = 0;
    const cache = createSessionFreshCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const { load } = loader();
    expect(await cache.get('trip', 'a', load)).toBe(1);
    expect(await cache.get('trip', 'b', load)).toBe(1);
    expect(await cache.get('trip', undefined, load)).toBe(1);
    now = 1000;
    expect(await cache.get('trip', 'a', load)).toBe(2);
  });

  it('never gives a session an answer loaded before its own write, whatever the write did', async () => {
    const cache = createSessionFreshCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    const { load, count } = loader();
    expect(await cache.get('trip', 'writer', load)).toBe(1);
    // A refused lock changes nothing here, so nothing was cleared; the writer still reads afresh.
    cache.noteWrite('writer');
    expect(await cache.get('trip', 'writer', load)).toBe(2);
    // The fresh answer serves everyone from then on, the writer included.
    expect(await cache.get('trip', 'other', load)).toBe(2);
    expect(await cache.get('trip', 'writer', load)).toBe(2);
    expect(count()).toBe(2);
  });

  it('does not let a load that began before the write answer the writer', async () => {
    const cache = createSessionFreshCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    let release = (_: string) => {};
    const pending = cache.get('trip', 'other', () => new Promise<string>((r) => (release = r)));
    cache.noteWrite('writer');
    const fresh = cache.get('trip', 'writer', async () => 'after the write');
    release('before the write');
    expect(await pending).toBe('before the write');
    expect(await fresh).toBe('after the write');
  });

  it('forgets writes older than its lifetime, and past its bound trusts nothing older than now', async () => {
    let now = 0;
    const cache = createSessionFreshCache<number>({
      ttlMs: 1000,
      maxEntries: 10,
      maxSessions: 2,
      now: () => now,
    });
    const { load } = loader();
    expect(await cache.get('trip', 'a', load)).toBe(1);
    cache.noteWrite('a');
    cache.noteWrite('b');
    // A third session at once: too many to track, so every session reads afresh.
    cache.noteWrite('c');
    expect(await cache.get('trip', 'nobody-wrote', load)).toBe(2);
    expect(await cache.get('trip', 'a', load)).toBe(2);
    now = 5000;
    cache.noteWrite('d');
    expect(await cache.get('trip', 'e', load)).toBe(3);
    expect(await cache.get('trip', 'e', load)).toBe(3);
  });
});
