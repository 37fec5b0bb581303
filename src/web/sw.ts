// The offline shell (docs/decisions/019-hand-written-service-worker.md). Built into dist/sw.js
// by the `service-worker` plugin in vite.config.ts, which fills in PRECACHE. API responses,
// uploads and admin code are never precached: only the files of PRECACHE are, at install. An
// e-ticket page keeps its own answer and files (keep-offline.ts), and the boarding screen, after
// a staff sign-in, its code; this serves both offline.

declare const self: ServiceWorkerGlobalScope;
/**
 * Where the precache list is (`precache.json?v=<its hash>`, written with the build): index.html,
 * the public pages' JS and CSS and the top-level icons, relative to the site root
 * (scripts/public-chunks.ts precacheList). A file whose name has no content hash carries one as
 * `?v=`, so a release that changes it changes its cache key.
 */
declare const PRECACHE_URL: string;

const CACHE = 'shell';
/** E-tickets opened on this device, and the files their page needs beyond the shell. */
const TICKETS = 'e-tickets';
/** The boarding screen's files, kept after a staff sign-in (keep-boarding-offline.ts). */
const STAFF = 'staff';
// Requests the worker leaves to the browser, navigations included (the server answers them, never
// the shell): the API (but for e-tickets, kept offline), uploads, the development routes and the
// web app manifest.
const PASS_THROUGH = /^\/(api\/(?!t\/)|files\/|dev\/)|^\/manifest\.webmanifest$/;
const listKey = new URL(PRECACHE_URL, location.href).href;

/** Path -> cache key of the file's current version, from the list this worker installed. */
let keys: Promise<Map<string, string>> | undefined;
function precacheKeys(): Promise<Map<string, string>> {
  keys ??= (async () => {
    const response = (await caches.match(listKey, { cacheName: CACHE })) ?? (await fetch(listKey));
    const list = (await response.json()) as string[];
    return new Map(
      list.map((entry) => {
        const url = new URL(entry, location.href);
        return [url.pathname, url.href];
      }),
    );
  })();
  // A failed read (offline before install finished) is tried again on the next request.
  keys.catch(() => {
    keys = undefined;
  });
  return keys;
}

self.addEventListener('install', (event) => {
  // A new release takes over open pages at once (autoUpdate, as with vite-plugin-pwa before).
  void self.skipWaiting();
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      await cache.add(listKey);
      const cached = new Set((await cache.keys()).map((request) => request.url));
      // Files unchanged since the previous release are already there.
      await cache.addAll([...(await precacheKeys()).values()].filter((key) => !cached.has(key)));
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      // Other caches are an earlier worker's (Workbox's precache before this one).
      for (const name of await caches.keys())
        if (name !== CACHE && name !== TICKETS && name !== STAFF) await caches.delete(name);
      const current = new Set([listKey, ...(await precacheKeys()).values()]);
      const cache = await caches.open(CACHE);
      for (const request of await cache.keys()) if (!current.has(request.url)) await cache.delete(request);
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== location.origin || PASS_THROUGH.test(url.pathname)) return;
  event.respondWith(respond(request, url));
});

async function respond(request: Request, url: URL): Promise<Response> {
  const all = await precacheKeys().catch(() => new Map<string, string>());
  const key = all.get(url.pathname);
  if (!key && /^\/(assets|api\/t)\//.test(url.pathname)) {
    // Offline, what an opened e-ticket kept (src/web/features/e-ticket/keep-offline.ts), or for
    // files, what the boarding screen kept.
    const kept = async () =>
      (await caches.match(request, { cacheName: TICKETS })) ??
      (url.pathname.startsWith('/assets/') ? await caches.match(request, { cacheName: STAFF }) : undefined);
    return fetch(request).catch(async (err) => (await kept()) ?? Promise.reject(err));
  }
  if (key) return (await caches.match(key)) ?? fetch(request);
  if (request.mode === 'navigate') {
    // The network first, so a new release's index.html (and the files it names) is what loads;
    // offline, the shell's router shows the page from the cached index.html.
    const indexKey = all.get('/index.html') ?? '';
    return fetch(request).catch(async () => (await caches.match(indexKey)) ?? Response.error());
  }
  return fetch(request);
}
