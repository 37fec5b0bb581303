// Which built files belong to the public pages: read from the manifest Vite writes with the
// build (`dist/.vite/manifest.json`). Used by the first-load budget check and by the service
// worker's precache list (only the public shell is precached; admin code never is).
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

export { ROUTE_PAGES } from '../src/shared/route-pages.ts';

export type ManifestChunk = {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type Manifest = Record<string, ManifestChunk>;

/** The page modules each public route loads (src/web/router.tsx), besides the entry. */
export const PUBLIC_ROUTES: Record<string, string[]> = {
  '/': ['src/web/pages/home.tsx'],
  '/booking': ['src/web/pages/booking.tsx'],
  '/bookings': ['src/web/pages/check-booking.tsx'],
};

/** Modules only a signed-in operator, or a partner's user (its own screen), loads. */
export const ADMIN_SOURCE =
  /src\/web\/(pages\/admin\/|pages\/partner\.tsx|features\/(admin|partner)\/|components\/slip-viewer|lib\/(use-)?admin-)/;

/**
 * Public pages that only work online (the manage page: every step asks the server). The service
 * worker does not precache them: their file names would lengthen its script, which every first
 * visit downloads. Offline they are simply not there, as their answers would not be.
 */
export const ONLINE_ONLY_SOURCE = /src\/web\/pages\/manage-booking\.tsx$/;

export function readManifest(dir: string): Manifest {
  return JSON.parse(readFileSync(path.join(dir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!key) throw new Error('the build manifest has no entry chunk');
  return key;
}

/**
 * The chunks reachable from `keys`: through static imports only (what must load before a page
 * runs), or through lazy imports too (everything a page may load later, for the precache), never
 * entering admin modules or online-only pages.
 */
export function closure(manifest: Manifest, keys: string[], opts: { dynamic: boolean }): Set<string> {
  const seen = new Set<string>();
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (seen.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build manifest has no chunk ${key}`);
    const src = chunk.src ?? key;
    if (opts.dynamic && (ADMIN_SOURCE.test(src) || ONLINE_ONLY_SOURCE.test(src))) continue;
    seen.add(key);
    stack.push(...(chunk.imports ?? []));
    if (opts.dynamic) stack.push(...(chunk.dynamicImports ?? []));
  }
  return seen;
}

/** Every file the public pages can load (JS and CSS), for the service worker's precache. */
export function publicShellFiles(manifest: Manifest): Set<string> {
  const files = new Set<string>();
  for (const key of closure(manifest, [entryKey(manifest)], { dynamic: true })) {
    const chunk = manifest[key];
    if (!chunk) continue;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
  }
  return files;
}

/**
 * The service worker's precache (src/web/sw.ts), relative to the site root: index.html, the
 * public shell and the top-level icons. Hashed build files are named by their content; the
 * others carry a hash of it as `?v=`, so a release that changes one changes its cache key.
 */
export function precacheList(dir: string, manifest: Manifest = readManifest(dir)): string[] {
  const unhashed = ['index.html', ...readdirSync(dir).filter((name) => name.endsWith('.svg'))];
  const versioned = unhashed.sort().map((file) => {
    const hash = createHash('sha256').update(readFileSync(path.join(dir, file)));
    return `${file}?v=${hash.digest('hex').slice(0, 12)}`;
  });
  return [...versioned, ...[...publicShellFiles(manifest)].sort()];
}

export type RouteFirstLoad = {
  route: string;
  /** The JavaScript files the route fetches before it runs. */
  files: string[];
  /** Their total size, each gzipped at level 9. */
  gzipBytes: number;
  /** Admin modules among those chunks (must be none). */
  adminChunks: string[];
};

/** The first-load JavaScript of each public route: the entry and the route's page, static imports only. */
export function publicFirstLoad(dir: string, manifest: Manifest = readManifest(dir)): RouteFirstLoad[] {
  const entry = entryKey(manifest);
  const gzipCache = new Map<string, number>();
  const gzippedSize = (file: string): number => {
    let size = gzipCache.get(file);
    if (size === undefined) {
      size = gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
      gzipCache.set(file, size);
    }
    return size;
  };
  return Object.entries(PUBLIC_ROUTES).map(([route, pages]) => {
    for (const page of pages) {
      if (!manifest[page]) throw new Error(`${page} is not a chunk of the build: update PUBLIC_ROUTES`);
    }
    const chunks = closure(manifest, [entry, ...pages], { dynamic: false });
    const files = [...chunks].map((key) => manifest[key]?.file ?? '').filter((f) => f.endsWith('.js'));
    return {
      route,
      files,
      gzipBytes: files.reduce((sum, file) => sum + gzippedSize(file), 0),
      adminChunks: [...chunks].filter((key) => ADMIN_SOURCE.test(manifest[key]?.src ?? key)),
    };
  });
}

/**
 * Each public route's own code beyond the entry's (its page chunk and what that imports), for
 * `<link rel="modulepreload">` in the route's HTML: the browser fetches it alongside the entry
 * instead of after the entry has run and the router asked for it.
 */
export function routePreloads(dir: string, manifest: Manifest = readManifest(dir)): Record<string, string[]> {
  const entry = closure(manifest, [entryKey(manifest)], { dynamic: false });
  return Object.fromEntries(
    Object.entries(PUBLIC_ROUTES).map(([route, pages]) => {
      const own = [...closure(manifest, pages, { dynamic: false })].filter((key) => !entry.has(key));
      return [route, own.map((key) => manifest[key]?.file ?? '').filter((file) => file.endsWith('.js'))];
    }),
  );
}
