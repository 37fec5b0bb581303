import { expect, test } from './fixtures.ts';

// The app is installable and its public shell opens offline (docs/decisions/001-stack-and-layout.md: PWA).
test.use({ serviceWorkers: 'allow' });

test('the server manifest makes the app installable', async ({ request }) => {
  const res = await request.get('/manifest.webmanifest');
  expect(res.ok()).toBe(true);
  expect(res.headers()['content-type']).toContain('application/manifest+json');
  const manifest = await res.json();
  expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });
  expect(manifest.name).toBeTruthy();
  expect(manifest.icons.length).toBeGreaterThan(0);
});

test('a service worker takes over and the public pages open offline', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The worker installs (precaching the public shell) and claims the page.
  const swScript = await page.evaluate(
    async () => (await navigator.serviceWorker.ready).active?.scriptURL ?? '',
  );
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  expect(new URL(swScript).pathname).toBe('/sw.js');

  // Offline: the requests for data fail and say so in the console; that is expected here.
  page.removeAllListeners('console');
  page.removeAllListeners('pageerror');
  await context.setOffline(true);
  try {
    for (const [path, heading] of [
      ['/booking', 'Book Your Ferry Journey'],
      ['/bookings', 'Check Your Booking'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
  } finally {
    await context.setOffline(false);
  }
});

test('API responses and admin pages are never served from the worker cache', async ({ page }) => {
  await page.goto('/');
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((url) => url.startsWith('/api/') || url.startsWith('/files/'))).toEqual([]);
  // Admin screens' code is not in the precache: a passenger's phone never downloads it.
  expect(cached.filter((url) => /\/(dashboard|tickets|login|layout|banners)-[\w-]+\.js$/.test(url))).toEqual(
    [],
  );
});

test('a new worker deletes the caches an earlier one left behind', async ({ page }) => {
  // The cache the Workbox worker of earlier releases precached into; made before ours installs.
  await page.addInitScript(() => {
    void caches.open('workbox-precache-v2-old');
  });
  await page.goto('/');
  // Ours claims the page only once its activation has cleaned up.
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  const names = await page.evaluate(() => caches.keys());
  expect(names).not.toContain('workbox-precache-v2-old');
  expect(names).toHaveLength(1);
});
