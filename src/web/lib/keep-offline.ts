/**
 * Keeps the files this page has loaded from /assets/ (its code, styles, fonts, WebAssembly) in
 * `cacheName`, with `extra` URLs, for the service worker (src/web/sw.ts) to serve with no
 * network. Best effort: without the Cache API (an old browser, a private window) it does nothing.
 */
export async function keepFilesOffline(cacheName: string, extra: readonly string[] = []): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(cacheName);
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname);
    // Once each: addAll refuses a list naming a file twice.
    await cache.addAll([...new Set([...extra, ...files])]);
  } catch {
    // Full storage or a failed fetch: the page still works online.
  }
}
