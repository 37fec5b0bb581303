import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, waitForHealth } from './setup/server-process.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './setup/test-db.ts';

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
