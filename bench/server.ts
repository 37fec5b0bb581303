// The built server as the bench runs it: production mode, demo data, a known admin, mail to an
// in-process SMTP sink, per-IP limits lifted. Start times are measured from spawn to the first
// healthy answer, so they include Node's own start.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { OPEN_HOLD_LIMITS } from '../tests/setup/http-passenger.ts';
import { type ServerProcess, startServer } from '../tests/setup/server-process.ts';

export const ADMIN = { email: 'bench-admin@example.com', password: 'bench-admin-password-1' };

/** One database the whole suite runs on: PGlite in a temporary folder, or a PostgreSQL database. */
export type BenchDatabase = {
  name: 'PGlite' | 'PostgreSQL';
  env: Record<string, string>;
  /** Empties the database (and the uploads folder), as on a first install. */
  reset(): Promise<void>;
  cleanup(): Promise<void>;
};

export function pgliteDatabase(): BenchDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-'));
  const env = { DATA_DIR: dataDir };
  return {
    name: 'PGlite',
    env,
    async reset() {
      rmSync(dataDir, { recursive: true, force: true });
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function postgresDatabase(url: string): BenchDatabase {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'ferry-bench-pg-'));
  return {
    name: 'PostgreSQL',
    env: { DATA_DIR: dataDir, DATABASE_URL: url },
    async reset() {
      rmSync(dataDir, { recursive: true, force: true });
      await createIfMissing(url);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query('drop schema if exists drizzle cascade');
        await client.query('drop schema if exists public cascade');
        await client.query('create schema public');
      } finally {
        await client.end();
      }
    },
    async cleanup() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Creates the bench database through the server's `postgres` database when it does not exist yet. */
async function createIfMissing(url: string): Promise<void> {
  const probe = new pg.Client({ connectionString: url });
  try {
    await probe.connect();
    return;
  } catch (err) {
    if ((err as { code?: string }).code !== '3D000') throw err;
  } finally {
    await probe.end().catch(() => {});
  }
  const admin = new URL(url);
  const name = admin.pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  admin.pathname = '/postgres';
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
}

export type StartedServer = {
  server: ServerProcess;
  /** Spawn to first healthy /api/health answer. */
  wallMs: number;
  /** main() to listening, as the server logs it (info level only). */
  reportedMs: number | undefined;
};

export async function startBenchServer(
  db: BenchDatabase,
  port: number,
  extraEnv: Record<string, string>,
  logLevel: 'info' | 'warn' = 'warn',
): Promise<StartedServer> {
  const started = performance.now();
  const server = startServer(
    {
      ...db.env,
      ...extraEnv,
      // The demo's data, so not NODE_ENV=production: production never seeds or serves the demo
      // (docs/decisions/017-demo-never-in-production.md). Nothing measured here depends on it.
      SEED_DEMO: 'true',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: logLevel,
      // Per-IP limits protect real users; a benchmark is one IP sending thousands of requests.
      RATE_LIMIT_SCALE: '100000',
      ...OPEN_HOLD_LIMITS,
      // BENCH_CPU_PROF=<folder>: each server process writes a V8 CPU profile there on exit.
      ...(process.env.BENCH_CPU_PROF
        ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(process.env.BENCH_CPU_PROF)}` }
        : {}),
    },
    port,
  );
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      if ((await fetch(`${server.url}/api/health`)).ok) {
        const wallMs = performance.now() - started;
        const reported = /"startupMs":(\d+)/.exec(server.output())?.[1];
        return { server, wallMs, reportedMs: reported === undefined ? undefined : Number(reported) };
      }
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 20));
  }
  await server.kill9();
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
