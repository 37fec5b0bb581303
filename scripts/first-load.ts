// The first-load JavaScript of the public pages, as a real browser fetches it on a first visit:
// every script the page requests until the network is idle, and the service worker's own
// script once it is registered. The worker's background precache fill is not counted: it runs
// after the page is usable and is what lets the next visit open offline. The stylesheets and
// font files of the same visit are counted beside it (not in the JavaScript budget): an English
// page fetches no font (its switch's Thaana label is inline, docs/decisions/034-thaana-label-subset.md).
//
// Used by the browser test of the budget (tests/e2e/first-load.spec.ts) and `npm run bench`.
import { gzipSync } from 'node:zlib';
import type { Browser, BrowserContext } from '@playwright/test';
import { ADMIN_SOURCE, PUBLIC_ROUTES, readManifest } from './public-chunks.ts';

/**
 * The budget of docs/product.md section 12, enforced by the build and the browser test. Measured
 * on 2026-11-24: 146-151 KB on the three pages at first, 108-115 KB after the first cuts, 95-98 KB
 * once the router was wouter and the trip list and booking card loaded when needed.
 */
export const FIRST_LOAD_BUDGET_KB = 100;

export type MeasuredFirstLoad = {
  route: string;
  /** The browser's language (its Accept-Language), which the app's first visit follows. */
  locale: string;
  /** Script paths in the order they were requested, the service worker's last. */
  scripts: string[];
  /** Their bodies, each gzipped at level 9, summed. */
  gzipBytes: number;
  /** Scripts of admin code among them (must be none). */
  adminScripts: string[];
  /** Stylesheet paths fetched, and their bodies gzipped at level 9, summed. */
  stylesheets: string[];
  styleGzipBytes: number;
  /** Font files fetched (fonts inline in a stylesheet are no request of their own). */
  fonts: string[];
};

const SCRIPT_PATH = /\.m?js$/;
const STYLE_PATH = /\.css$/;

/** Visits `route` in a fresh context (empty cache, no worker yet) and sums its scripts. */
export async function measureFirstLoad(
  browser: Browser,
  baseUrl: string,
  route: string,
  adminFiles: ReadonlySet<string> = new Set(),
  locale = 'en-US',
): Promise<MeasuredFirstLoad> {
  const context = await browser.newContext({
    locale,
    serviceWorkers: 'allow',
    viewport: { width: 412, height: 823 },
  });
  try {
    const bodies = new Map<string, Promise<Buffer | null>>();
    const styles = new Map<string, Promise<Buffer | null>>();
    const fonts = new Set<string>();
    context.on('response', (response) => {
      const request = response.request();
      const url = new URL(response.url());
      // A font from anywhere counts; the rest only from the app's own origin.
      if (request.resourceType() === 'font')
        fonts.add(url.origin === new URL(baseUrl).origin ? url.pathname : url.href);
      if (url.origin !== new URL(baseUrl).origin) return;
      // The worker's own fetches (the precache fill) come after the page is usable; scripts it
      // imports are part of registering it (Chromium reports an importScripts as 'other').
      if (request.serviceWorker() && request.resourceType() === 'fetch') return;
      if (request.resourceType() === 'stylesheet' || STYLE_PATH.test(url.pathname)) {
        if (!styles.has(url.pathname))
          styles.set(
            url.pathname,
            response.body().catch(() => null),
          );
        return;
      }
      if (request.resourceType() !== 'script' && !SCRIPT_PATH.test(url.pathname)) return;
      if (!bodies.has(url.pathname))
        bodies.set(
          url.pathname,
          response.body().catch(() => null),
        );
    });
    const page = await context.newPage();
    await page.goto(new URL(route, baseUrl).toString(), { waitUntil: 'networkidle' });
    const worker = await page.evaluate(async () => {
      if (!('serviceWorker' in navigator)) return null;
      const ready = navigator.serviceWorker.ready.then((r) => r.active?.scriptURL ?? null);
      const late = new Promise<null>((resolve) => setTimeout(() => resolve(null), 10_000));
      return Promise.race([ready, late]);
    });
    await page.waitForLoadState('networkidle');
    if (worker) {
      const pathname = new URL(worker).pathname;
      if (!bodies.has(pathname)) bodies.set(pathname, fetchBody(context, worker));
    }
    const gzipped = async (files: Map<string, Promise<Buffer | null>>) => {
      let sum = 0;
      for (const [pathname, body] of files) {
        const bytes = (await body) ?? (await fetchBody(context, new URL(pathname, baseUrl).toString()));
        if (!bytes) throw new Error(`first load: could not read ${pathname}`);
        sum += gzipSync(bytes, { level: 9 }).length;
      }
      return sum;
    };
    const scripts = [...bodies.keys()];
    const gzipBytes = await gzipped(bodies);
    const adminScripts = scripts.filter((p) => adminFiles.has(p.replace(/^\//, '')));
    return {
      route,
      locale,
      scripts,
      gzipBytes,
      adminScripts,
      stylesheets: [...styles.keys()],
      styleGzipBytes: await gzipped(styles),
      fonts: [...fonts],
    };
  } finally {
    await context.close();
  }
}

async function fetchBody(context: BrowserContext, url: string): Promise<Buffer | null> {
  const response = await context.request.get(url, { headers: { 'accept-encoding': 'identity' } });
  return response.ok() ? response.body() : null;
}

/** The built files of admin code, from the build manifest in `webRoot`. */
export function adminFiles(webRoot: string): Set<string> {
  const manifest = readManifest(webRoot);
  return new Set(
    Object.entries(manifest)
      .filter(([key, chunk]) => ADMIN_SOURCE.test(chunk.src ?? key))
      .map(([, chunk]) => chunk.file),
  );
}

/**
 * Every public route, one fresh visit each, against the build in `webRoot` served at `baseUrl`,
 * by a browser set to `locale` (dv-MV: the Dhivehi pages, whose texts are scripts of their own).
 */
export async function measurePublicFirstLoads(
  browser: Browser,
  baseUrl: string,
  webRoot: string,
  locale?: string,
): Promise<MeasuredFirstLoad[]> {
  const admin = adminFiles(webRoot);
  const results: MeasuredFirstLoad[] = [];
  for (const route of Object.keys(PUBLIC_ROUTES)) {
    results.push(await measureFirstLoad(browser, baseUrl, route, admin, locale));
  }
  return results;
}
