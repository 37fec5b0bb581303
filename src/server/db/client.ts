import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { type PgDatabase, type PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import * as schema from './schema.ts';

export type Schema = typeof schema;
/** One type for both drivers: services take this, so a transaction can be passed in too. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

/**
 * Reads that do not depend on one another: together on the pool, which gives each its own
 * connection, and one after another in a transaction. A transaction's one connection answers one
 * query at a time: node-postgres queues a second behind the first, deprecates doing so, and its
 * next major version refuses it.
 */
export async function readTogether<const T extends readonly (() => unknown)[]>(
  db: DbOrTx,
  reads: T,
): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
  type Results = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
  if (!(db instanceof PgTransaction)) return (await Promise.all(reads.map((read) => read()))) as Results;
  const results: unknown[] = [];
  for (const read of reads) results.push(await read());
  return results as Results;
}

/**
 * The extensions every PGlite database of ours loads: btree_gist for the seats' exclusion
 * constraints (migration 0022), pg_trgm for the office's reference search (migration 0035).
 * PostgreSQL ships both in its contrib package.
 */
export const PGLITE_EXTENSIONS = { btree_gist, pg_trgm };

export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** The underlying client, for LISTEN/NOTIFY and raw work. */
  pglite?: PGlite;
  pool?: pg.Pool;
  close(): Promise<void>;
};

// numeric and date come back as strings (exact money, no time-zone shifts); node-postgres
// would otherwise turn `date` into a JS Date at local midnight.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

/**
 * PGlite is single-process and nothing in it stops a second process opening the same folder, so
 * whoever opens `DATA_DIR/pglite` leaves its pid here; `npm run backup` refuses while a live
 * process holds it (scripts/lib/backup.ts).
 */
export const PGLITE_LOCK_FILE = 'pglite.lock';

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  memory?: boolean;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      connectionTimeoutMillis: 5_000,
      // No just-in-time compilation: it pays off for long analytical scans, while the planner's
      // estimates for a report's grouped joins over a year start it for statements that then
      // spend 0.8 s of 1.1 s compiling (docs/decisions/045-year-scale.md).
      options: '-c jit=off',
    });
    // A connection lost while idle (PostgreSQL restarted) must not crash the process...
    pool.on('error', () => {});
    // ...nor one lost while checked out: the pool stops listening for a client's errors while
    // it is lent, and an unheard 'error' event ends the process. The query in flight fails
    // (the request answers 503) and the dead client is dropped when it is released.
    pool.on('connect', (client) => {
      client.on('error', () => {});
    });
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return { db, kind: 'postgres', pool, close: () => pool.end() };
  }
  if (opts.memory || !opts.dataDir) {
    const client = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return { db, kind: 'pglite', pglite: client, close: () => client.close() };
  }
  const dir = path.join(opts.dataDir, 'pglite');
  mkdirSync(dir, { recursive: true });
  const lockFile = path.join(opts.dataDir, PGLITE_LOCK_FILE);
  const mark = JSON.stringify({ pid: process.pid, hostname: hostname() });
  writeFileSync(lockFile, mark);
  const unlock = () => {
    try {
      if (readFileSync(lockFile, 'utf8') === mark) rmSync(lockFile, { force: true });
    } catch {
      // already gone
    }
  };
  const pglite = await PGlite.create({ dataDir: dir, extensions: PGLITE_EXTENSIONS }).catch(
    (err: unknown) => {
      unlock();
      throw err;
    },
  );
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return { db, kind: 'pglite', pglite, close: () => pglite.close().finally(unlock) };
}
