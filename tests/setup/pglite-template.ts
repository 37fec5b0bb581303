import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '#server/db/client.ts';
import { MIGRATIONS_DIR, migrateDatabase } from '#server/db/migrate.ts';

// PGlite's initdb takes seconds; loading a dump of an already migrated database takes a
// fraction of that. The template is rebuilt whenever a migration or PGlite itself changes.
const root = path.resolve(import.meta.dirname, '../..');

export function templateHash(): string {
  const h = createHash('sha256');
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkgFile = path.join(path.dirname(entry), '..', 'package.json');
  h.update((JSON.parse(readFileSync(pkgFile, 'utf8')) as { version: string }).version);
  const walk = (dir: string) => {
    for (const e of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else h.update(e.name).update(readFileSync(p));
    }
  };
  walk(MIGRATIONS_DIR);
  return h.digest('hex').slice(0, 16);
}

export async function ensurePgliteTemplate(): Promise<string> {
  const dir = path.join(root, '.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${templateHash()}.tar`);
  if (existsSync(file)) return file;
  const database = await openDatabase({ memory: true });
  await migrateDatabase(database);
  const dump = await (database.pglite as PGlite).dumpDataDir('none');
  await database.close();
  const tmp = `${file}.${process.pid}`;
  writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
  renameSync(tmp, file);
  return file;
}
