// Builds the SPA into a folder of its own when that build is missing or older than its sources,
// the way the browser tests and the Lighthouse run need it: `vite build`, compressed copies,
// then the first-load budget check. Used by scripts/e2e.ts and scripts/lighthouse.ts.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

// Tools run on this Node (24), not on whatever `node` a shebang would find first on PATH.
const node = process.execPath;
const VITE = 'node_modules/vite/bin/vite.js';

/** What the build is made from: a newer file in any of these makes a build stale. */
const SOURCES = ['index.html', 'vite.config.ts', 'src/web', 'src/shared', 'public'];

function newestMtime(entry: string): number {
  if (!existsSync(entry)) return 0;
  const info = statSync(entry);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestMtime(path.join(entry, name))));
}

/** A build older than the web sources would test yesterday's app. */
export function buildIsStale(webRoot: string): boolean {
  const index = path.join(webRoot, 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((p) => newestMtime(p) > built);
}

function run(args: string[]): number {
  const env = {
    ...process.env,
    PATH: [path.dirname(node), path.resolve('node_modules/.bin'), process.env.PATH].join(path.delimiter),
  };
  const result = spawnSync(node, args, { stdio: 'inherit', env });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

/** Builds into `webRoot` (emptied first); false when a step failed (its output says why). */
export function buildWeb(webRoot: string): boolean {
  return (
    run([VITE, 'build', '--outDir', webRoot, '--emptyOutDir']) === 0 &&
    run(['scripts/precompress.ts', webRoot]) === 0 &&
    run(['scripts/check-budget.ts', webRoot]) === 0
  );
}
