import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ADMIN } from '#shared/constants.ts';
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

/** Runs one of scripts/ as `npm run` does, on this Node, with only PATH and `env` set. */
function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    let output = '';
    const child = spawn(process.execPath, [script, ...args], {
      cwd: path.resolve(import.meta.dirname, '..'),
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
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

  it('npm run admin:reset makes a locked-out person an active Owner again with a printed single-use link', async () => {
    const post = (url: string, path: string, body: unknown, cookie?: string) =>
      fetch(`${url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: url, ...(cookie ? { cookie } : {}) },
        body: JSON.stringify(body),
      });
    const server = startServer(env, await freePort());
    await waitForHealth(server);
    const signedIn = await post(server.url, '/api/auth/login', {
      email: DEMO_ADMIN.email,
      password: DEMO_ADMIN.password,
    });
    expect(signedIn.status).toBe(200);
    const cookie = signedIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // PGlite is one process's: the command runs while the server is down, as docs/deploy.md says.
    expect(await server.stop()).toBe(0);

    const unknown = await runScript('scripts/admin-reset.ts', ['nobody@example.com'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.output).toContain('There is no account for nobody@example.com');

    const reset = await runScript('scripts/admin-reset.ts', [DEMO_ADMIN.email.toUpperCase()], env);
    expect(reset.code, reset.output).toBe(0);
    expect(reset.output).toContain(`${DEMO_ADMIN.email} is an active Owner again`);
    const token = /#([A-Za-z0-9_-]{43})\s*$/m.exec(reset.output)?.[1];
    expect(token).toBeDefined();

    const again = startServer(env, await freePort());
    await waitForHealth(again);
    try {
      // The sessions ended; the link sets a new password once.
      expect((await fetch(`${again.url}/api/admin/tickets`, { headers: { cookie } })).status).toBe(401);
      const done = await post(again.url, '/api/auth/links/complete', {
        token,
        password: 'new-harbour-lights-9',
      });
      expect(done.status).toBe(200);
      expect(((await done.json()) as { user: { role: string } }).user.role).toBe('owner');
      const used = await post(again.url, '/api/auth/links/complete', { token, password: 'another-lights-9' });
      expect(used.status).toBe(410);
      expect(
        (await post(again.url, '/api/auth/login', { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }))
          .status,
      ).toBe(401);
      const fresh = await post(again.url, '/api/auth/login', {
        email: DEMO_ADMIN.email,
        password: 'new-harbour-lights-9',
      });
      expect(fresh.status).toBe(200);
    } finally {
      expect(await again.stop()).toBe(0);
    }
  }, 180_000);

  it('refuses to start with a bad configuration and says which variable is wrong', async () => {
    const server = startServer({ ...env, TZ_OPERATOR: 'Atlantis/Nowhere' }, await freePort());
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('Invalid configuration');
    expect(server.output()).toContain('TZ_OPERATOR');
  }, 60_000);
});
