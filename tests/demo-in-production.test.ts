import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/client.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { PRODUCTION_ENV } from './setup/production-env.ts';
import {
  createScratchPostgres,
  freePort,
  type ScratchPostgres,
  type ServerProcess,
  startServer,
  waitForHealth,
} from './setup/server-process.ts';
import { testDatabaseKind } from './setup/test-db.ts';

const NEW_PASSWORD = 'harbour-master-2026';

/** Starts the server and keeps what it writes to stderr apart. */
function start(env: Record<string, string>, port: number): ServerProcess & { stderr(): string } {
  const server = startServer(env, port);
  let stderr = '';
  server.child.stderr?.on('data', (d) => {
    stderr += d;
  });
  return { ...server, stderr: () => stderr };
}

/** How a start ends: its exit code, or 'serving' once it answers (it is then stopped). */
async function outcome(server: ServerProcess): Promise<number | null | 'serving'> {
  const serving = waitForHealth(server, 200_000).then(
    () => 'serving' as const,
    () => server.exited,
  );
  const result = await Promise.race([server.exited, serving]);
  if (result === 'serving') await server.kill9();
  return result;
}

const login = (url: string, password: string) =>
  fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify({ email: DEMO_ADMIN.email, password }),
  });

/*
 * The demo never reaches production, as `npm start` runs it: a production start on data where
 * the demo was seeded refuses, and says how to put it right; doing what it says works.
 */
describe(`production start on demo data (${testDatabaseKind})`, () => {
  let dataDir: string;
  let scratch: ScratchPostgres | undefined;
  let env: Record<string, string>;
  let production: Record<string, string>;
  let port: number;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ferry-demo-prod-'));
    env = { DATA_DIR: dataDir };
    if (process.env.TEST_DATABASE_URL) {
      scratch = await createScratchPostgres(process.env.TEST_DATABASE_URL, 'ferry_demo_prod');
      env.DATABASE_URL = scratch.url;
    }
    port = await freePort();
    // The address the test's own requests come from, so the same-origin check lets them in.
    production = { ...env, ...PRODUCTION_ENV, PUBLIC_URL: `http://127.0.0.1:${port}` };
  });
  afterAll(async () => {
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  /** The database as the stopped server left it (PGlite allows one process at a time). */
  async function withDatabase(work: (db: Awaited<ReturnType<typeof openDatabase>>['db']) => Promise<void>) {
    const database = await openDatabase({ databaseUrl: scratch?.url, dataDir });
    try {
      await work(database.db);
    } finally {
      await database.close();
    }
  }

  it('refuses SEED_DEMO=on in production before touching the database', async () => {
    const server = start({ ...production, SEED_DEMO: 'on' }, port);
    expect(await outcome(server)).toBe(1);
    expect(server.stderr()).toContain(
      'SEED_DEMO: the demo (with its published admin password) is never seeded',
    );
  }, 240_000);

  it('refuses to start half-configured, naming each missing setting, before touching the database', async () => {
    const { PUBLIC_URL: _url, TICKET_SIGNING_KEY: _key, ...bare } = production;
    const server = start(bare, port);
    expect(await outcome(server)).toBe(1);
    expect(server.stderr()).toContain('PUBLIC_URL: production needs PUBLIC_URL');
    expect(server.stderr()).toContain('TICKET_SIGNING_KEY: production needs TICKET_SIGNING_KEY');
  }, 240_000);

  it('refuses to start where an account still has the demo password, and says how to fix it', async () => {
    const demo = start({ ...env, SEED_DEMO: 'on' }, port);
    await waitForHealth(demo, 120_000);
    expect(await demo.stop()).toBe(0);

    const server = start(production, port);
    expect(await outcome(server)).toBe(1);
    const stderr = server.stderr();
    expect(stderr).toContain('Refusing to start in production');
    expect(stderr).toContain(DEMO_ADMIN.email);
    expect(stderr).toContain('ADMIN_EMAIL');
    expect(stderr).toContain('ADMIN_PASSWORD');
    expect(server.output()).not.toContain('serving on');
  }, 240_000);

  it('still refuses when the flag says the password changed but the hash is the demo one', async () => {
    await withDatabase(async (db) => {
      await db.execute(sql`update admin_users set has_demo_password = false`);
    });
    const server = start(production, port);
    expect(await outcome(server)).toBe(1);
    expect(server.stderr()).toContain('Refusing to start in production');
    expect(server.stderr()).toContain(DEMO_ADMIN.email);
  }, 240_000);

  it('starts once ADMIN_EMAIL/ADMIN_PASSWORD replace the demo password; the demo password opens nothing', async () => {
    const server = start(
      { ...production, ADMIN_EMAIL: DEMO_ADMIN.email, ADMIN_PASSWORD: NEW_PASSWORD },
      port,
    );
    try {
      await waitForHealth(server, 120_000);
      const hint = await fetch(`${server.url}/api/auth/demo-credentials`);
      expect(await hint.json()).toEqual({ demo: null });
      expect((await login(server.url, DEMO_ADMIN.password)).status).toBe(401);
      expect((await login(server.url, NEW_PASSWORD)).status).toBe(200);
      expect((await fetch(`${server.url}/dev/outbox`)).status).toBe(404);
    } finally {
      expect(await server.stop()).toBe(0);
    }
    // Later starts need the variables no more.
    const again = start(production, port);
    try {
      await waitForHealth(again, 120_000);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 240_000);
});
