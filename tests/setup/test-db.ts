import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { inject } from 'vitest';
import { type Database, type Db, openDatabase, PGLITE_EXTENSIONS } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import * as schema from '#server/db/schema.ts';
import { createScratchPostgres } from './server-process.ts';

/**
 * Database-backed tests run on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is
 * set (CI runs the suite both ways). Each call gets its own empty, migrated database.
 */
export const testDatabaseKind: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export type TestDatabase = Database & { url: string | undefined; dispose(): Promise<void> };

type PgliteAssets = {
  pgliteWasmModule: WebAssembly.Module;
  initdbWasmModule: WebAssembly.Module;
  fsBundle: Blob;
  template: Blob;
};
let assets: Promise<PgliteAssets> | undefined;

// Compiled once per worker and reused by every database the worker makes.
function loadPgliteAssets(): Promise<PgliteAssets> {
  assets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
    const [pgliteWasm, initdbWasm, data, template] = await Promise.all([
      readFile(path.join(dist, 'pglite.wasm')),
      readFile(path.join(dist, 'initdb.wasm')),
      readFile(path.join(dist, 'pglite.data')),
      readFile(inject('pgliteTemplate')),
    ]);
    return {
      pgliteWasmModule: await WebAssembly.compile(pgliteWasm),
      initdbWasmModule: await WebAssembly.compile(initdbWasm),
      fsBundle: new Blob([data]),
      template: new Blob([template]),
    };
  })();
  return assets;
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) {
    const { template, ...modules } = await loadPgliteAssets();
    const client = await PGlite.create({ ...modules, loadDataDir: template, extensions: PGLITE_EXTENSIONS });
    const db = drizzle(client, { schema }) as unknown as Db;
    const close = () => client.close();
    return { db, kind: 'pglite', pglite: client, close, url: undefined, dispose: close };
  }
  const scratch = await createScratchPostgres(
    adminUrl,
    'ferry_test',
    inject('postgresTemplate') || undefined,
  );
  const database = await openDatabase({ databaseUrl: scratch.url });
  // Copied from the migrated template; migrating again finds nothing to do (and catches a template
  // that is not this checkout's).
  await migrateDatabase(database);
  return {
    ...database,
    url: scratch.url,
    async dispose() {
      await database.close();
      await scratch.drop();
    },
  };
}
