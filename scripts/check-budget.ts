// The build's quick first-load check: the static imports of /, /booking and /bookings (a lower
// bound of what a browser fetches; tests/e2e/first-load.spec.ts measures the real thing) must
// stay within FIRST_LOAD_BUDGET_KB gzipped, and no admin module may end up in those chunks.
// Reads the build manifest Vite writes next to the SPA; needs no browser, so `npm start` can
// run it. Fails the build when either rule breaks.
// Usage: node scripts/check-budget.ts [dir]   (default: dist)
import path from 'node:path';
import { FIRST_LOAD_BUDGET_KB } from './first-load.ts';
import { publicFirstLoad } from './public-chunks.ts';

const BUDGET_BYTES = FIRST_LOAD_BUDGET_KB * 1024;
const dir = path.resolve(process.argv[2] ?? 'dist');

let failed = false;
for (const { route, files, gzipBytes: total, adminChunks: admin } of publicFirstLoad(dir)) {
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
