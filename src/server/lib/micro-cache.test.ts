import { describe, expect, it } from 'vitest';
import { cacheStamp, createMicroCache } from './micro-cache.ts';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('micro cache', () => {
  it('serves identical reads from one load until the time is up', async () => {
    let now = 0;
    let loads = 0;
    const cache = createMicroCache<number>({ ttlMs: 1000, maxEntries: 10, now: () => now });
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('b', load)).toBe(2);
    now = 1000;
    expect(await cache.get('a', load)).toBe(3);
  });

  it('lets concurrent misses share one load', async () => {
    const cache = createMicroCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const pending = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return pending.promise;
    };
    const all = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    pending.resolve('v');
    expect(await all).toEqual(['v', 'v', 'v']);
    expect(loads).toBe(1);
  });

  it('never keeps a failure', async () => {
    const cache = createMicroCache<string>({ ttlMs: 1000, maxEntries: 10 });
    await expect(cache.get('k', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('k', async () => 'back')).toBe('back');
  });

  it('after clear(), a load that began before it does not fill the cache', async () => {
    const cache = createMicroCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const before = deferred<string>();
    const stale = cache.get('k', () => before.promise);
    cache.clear();
    const fresh = cache.get('k', async () => 'after the write');
    before.resolve('before the write');
    expect(await stale).toBe('before the write');
    expect(await fresh).toBe('after the write');
    expect(await cache.get('k', async () => 'not loaded again')).toBe('after the write');
  });

  it('stays within its size bound', async () => {
    const cache = createMicroCache<number>({ ttlMs: 1000, maxEntries: 3 });
    for (let i = 0; i < 10; i++) await cache.get(String(i), async () => i);
    expect(cache.size).toBeLessThanOrEqual(3);
  });

  it('with newerThan, loads again when its answer began before that stamp, and keeps the newer one', async () => {
    const cache = createMicroCache<string>({ ttlMs: 1000, maxEntries: 10, now: () => 0 });
    expect(await cache.get('k', async () => 'first')).toBe('first');
    const written = cacheStamp();
    expect(await cache.get('k', async () => 'second', { newerThan: written })).toBe('second');
    // The newer answer now serves everyone, the writer included.
    expect(await cache.get('k', async () => 'third')).toBe('second');
    expect(await cache.get('k', async () => 'third', { newerThan: written })).toBe('second');
  });
});
