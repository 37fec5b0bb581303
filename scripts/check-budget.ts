// The public pages' first-load budget (ARCHITECTURE.md section 6): the JavaScript a visitor's
// browser fetches to show /, /booking or /bookings must stay at or under 150 KB gzipped, and no
// admin module may end up in those chunks. Reads the build manifest Vite writes next to the
// SPA and fails the build when either rule breaks.
// Usage: node scripts/check-budget.ts [dir]   (default: dist)
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ADMIN_SOURCE, closure, entryKey, PUBLIC_ROUTES, readManifest } from './public-chunks.ts';

const BUDGET_BYTES = 150 * 1024;
const dir = path.resolve(process.argv[2] ?? 'dist');
const manifest = readManifest(dir);
const entry = entryKey(manifest);

const gzipCache = new Map<string, number>();
function gzippedSize(file: string): number {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dir, file)), { level: 9 }).length;
    gzipCache.set(file, size);
  }
  return size;
}

let failed = false;
for (const [route, pages] of Object.entries(PUBLIC_ROUTES)) {
  for (const page of pages) {
    if (!manifest[page]) throw new Error(`${page} is not a chunk of the build: update PUBLIC_ROUTES`);
  }
  const chunks = closure(manifest, [entry, ...pages], { dynamic: false });
  const files = [...chunks].map((key) => manifest[key]?.file ?? '').filter((f) => f.endsWith('.js'));
  const total = files.reduce((sum, file) => sum + gzippedSize(file), 0);
  const admin = [...chunks].filter((key) => ADMIN_SOURCE.test(manifest[key]?.src ?? key));
  const kb = (total / 1024).toFixed(1);
  const verdict = total <= BUDGET_BYTES && admin.length === 0 ? 'ok' : 'OVER BUDGET';
  console.log(
    `budget: ${route.padEnd(10)} first-load JS ${kb} KB gzipped in ${files.length} files: ${verdict}`,
  );
  if (total > BUDGET_BYTES) failed = true;
  if (admin.length > 0) {
    console.error(`budget: ${route} loads admin code: ${admin.join(', ')}`);
    failed = true;
  }
}
if (failed) {
  console.error(
    `budget: the public first load must stay at or under ${BUDGET_BYTES / 1024} KB gzipped, without admin code`,
  );
  process.exit(1);
}
