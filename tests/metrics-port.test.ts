import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, startServer, waitForHealth } from './setup/server-process.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from './setup/test-db.ts';

/*
 * METRICS_PORT as the server process runs it (src/server/main.ts): the metrics on a port of their
 * own, bound to loopback by default, and nowhere on the public port.
 */
describe(`the server process with METRICS_PORT (${testDatabaseKind})`, () => {
  let dataDir: string;
  let database: TestDatabase | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ferry-metrics-'));
    env = { DATA_DIR: dataDir, SEED_DEMO: 'off' };
    if (testDatabaseKind === 'postgres') {
      database = await createTestDatabase();
      env.DATABASE_URL = database.url ?? '';
    }
  });
  afterAll(async () => {
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('serves /metrics on METRICS_PORT only, and closes it on SIGTERM', async () => {
    const metricsPort = await freePort();
    const server = startServer({ ...env, METRICS_PORT: String(metricsPort) }, await freePort());
    try {
      await waitForHealth(server);
      const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
      const res = await fetch(metricsUrl);
      expect(res.status, server.output()).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/plain; version=0.0.4; charset=utf-8');
      const text = await res.text();
      // The health checks that waited for the start were counted by their route.
      expect(text).toMatch(/^http_requests_total\{route="\/api\/health",method="GET",status="200"\} \d+$/m);
      expect(text).toMatch(/^nodejs_eventloop_lag_seconds [\d.e-]+$/m);
      expect(text).toMatch(/^mail_outbox_waiting\{status="pending"\} \d+$/m);

      const main = await fetch(`${server.url}/metrics`);
      expect(main.status).toBe(404);
      expect(((await main.json()) as { error: { code: string } }).error.code).toBe('not_found');

      expect(await server.stop()).toBe(0);
      await expect(fetch(metricsUrl)).rejects.toThrow();
    } finally {
      await server.kill9();
    }
  }, 120_000);
});
