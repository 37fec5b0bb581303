// `npm start`: build the web app when the build is missing or older than its sources,
// then run the server (which migrates and seeds an empty database).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : statSync(p).mtimeMs);
  }
  return newest;
}

function needsBuild(): boolean {
  if (!existsSync(builtIndex)) return true;
  const built = statSync(builtIndex).mtimeMs;
  const sources = [
    path.join(root, 'src', 'web'),
    path.join(root, 'src', 'shared'),
    path.join(root, 'public'),
  ];
  const newest = Math.max(
    statSync(path.join(root, 'index.html')).mtimeMs,
    ...sources.filter(existsSync).map(newestMtime),
  );
  return newest > built;
}

if (needsBuild()) {
  console.log('Building the web app...');
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The demo offers card payments on the built-in test gateway (docs/decisions/042), unless told
// otherwise; production refuses it.
if (process.env.NODE_ENV !== 'production') process.env.PAYMENT_PROVIDER ??= 'test';

await import('../src/server/main.ts');
