// The test files that can reach a database: those importing the server's code or the test
// set-up (src/server, tests/). CI runs these again on PostgreSQL; a file that imports neither
// (the web's and the shared code's pure functions) gives the same answer on any database, and its
// first run already proved it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const ROOTS = ['src', 'tests'];
const SKIP = new Set(['node_modules', 'e2e']);
const REACHES_DATABASE = /from '#(server|tests)\/|from '(\.\.\/)+(src\/server|tests)\//;

function* testFiles(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* testFiles(file);
    else if (entry.name.endsWith('.test.ts')) yield file;
  }
}

const files = ROOTS.flatMap((root) => [...testFiles(root)]).filter(
  (file) =>
    !file.startsWith(`src${path.sep}`) ||
    file.startsWith(path.join('src', 'server')) ||
    REACHES_DATABASE.test(readFileSync(file, 'utf8')),
);
console.log(files.sort().join('\n'));
