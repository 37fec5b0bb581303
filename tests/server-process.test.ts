import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './setup/test-db.ts';

// The real server process, as `npm start` runs it: migrate, seed, serve, shut down on SIGTERM.
const root = path.resolve(import.meta.dirname, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      srv.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null>; url: string };

function startServer(env: Record<string, string>, port: number): Running {
  let output = '';
  const child = spawn(process.execPath, ['src/server/main.ts'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
  });
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited, url: `http://127.0.0.1:${port}` };
}

async function waitForHealth(server: Running): Promise<void> {
  for (let i = 0; i < 240; i++) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}

async function counts(url: string) {
  const [locations, banners, branding] = await Promise.all([
    fetch(`${url}/api/locations`).then((r) => r.json() as Promise<unknown[]>),
    fetch(`${url}/api/banners`).then((r) => r.json() as Promise<Array<{ imageUrl: string }>>),
    fetch(`${url}/api/branding`).then((r) => r.json() as Promise<{ appName: string }>),
  ]);
  return {
    locations: locations.length,
    banners: banners.length,
    appName: branding.appName,
    firstBanner: banners[0],
  };
}

describe(`server process (${testDatabaseKind})`, () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ferry-proc-'));
    env = { DATA_DIR: dataDir };
    if (testDatabaseKind === 'postgres') {
      // An empty database: the process migrates it itself.
      database = await createTestDatabase();
      await database.db.execute(
        'drop schema public cascade; drop schema if exists drizzle cascade; create schema public;',
      );
      env.DATABASE_URL = database.url ?? '';
    }
  });
  afterAll(async () => {
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates and seeds an empty database, serves the demo, and stops cleanly on SIGTERM', async () => {
    const server = startServer(env, await freePort());
    await waitForHealth(server);
    const first = await counts(server.url);
    expect(first.locations).toBe(5);
    expect(first.banners).toBeGreaterThanOrEqual(2);
    expect(first.appName).toBe('Island Ferry');
    const image = await fetch(`${server.url}${first.firstBanner?.imageUrl}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/webp');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('shutting down');
  }, 120_000);

  it('a second start seeds nothing twice', async () => {
    const server = startServer(env, await freePort());
    await waitForHealth(server);
    const again = await counts(server.url);
    expect(again.locations).toBe(5);
    expect(again.banners).toBeGreaterThanOrEqual(2);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('refuses to start with a bad configuration and says which variable is wrong', async () => {
    const server = startServer({ ...env, TZ_OPERATOR: 'Atlantis/Nowhere' }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('TZ_OPERATOR');
  }, 60_000);
});
