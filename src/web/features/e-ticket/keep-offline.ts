/** The cache the service worker serves offline (src/web/sw.ts): e-tickets opened on this device. */
const TICKETS = 'e-tickets';

/**
 * Keeps an opened e-ticket for a jetty with no signal: its answer and the files its page loaded
 * beyond the shell. Only the e-ticket page calls this, so admin code and other answers are
 * never kept. Best effort: without the Cache API (an old browser, a private window) it does
 * nothing.
 */
export async function keepOffline(token: string): Promise<void> {
  if (typeof caches === 'undefined') return;
  try {
    const cache = await caches.open(TICKETS);
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname);
    await cache.addAll([`/api/t/${encodeURIComponent(token)}`, ...new Set(files)]);
  } catch {
    // Full storage or a failed fetch: the page still shows online.
  }
}
