import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { inject } from 'vitest';
import { type Database, type Db, openDatabase } from '#server/db/client.ts';
import { migrateDatabase } from '#server/db/migrate.ts';
import * as schema from '#server/db/schema.ts';

/**
 * Database-backed tests run on PGlite by default and on PostgreSQL when TEST_DATABASE_URL is
 * set (CI runs the suite both ways). Each call gets its own empty, migrated database.
 */
export const testDatabaseKind: 'pglite' | 'postgres' = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export type TestDatabase = Database & { url: string | undefined; dispose(): Promise<void> };

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

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
    const client = await PGlite.create({ ...modules, loadDataDir: template });
    const db = drizzle(client, { schema }) as unknown as Db;
    const close = () => client.close();
    return { db, kind: 'pglite', pglite: client, close, url: undefined, dispose: close };
  }
  const name = `ferry_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = withDatabase(adminUrl, name);
  const database = await openDatabase({ databaseUrl: url });
  await migrateDatabase(database);
  return {
    ...database,
    url,
    async dispose() {
      await database.close();
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      try {
        await c.query(`drop database if exists ${name} with (force)`);
      } finally {
        await c.end();
      }
    },
  };
}
