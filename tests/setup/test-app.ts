import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp } from '#server/app.ts';
import { type Config, loadConfig } from '#server/config.ts';
import { seedDemo } from '#server/db/seed.ts';
import type { Clock } from '#server/lib/clock.ts';
import type { PaymentProvider } from '#server/lib/payments/types.ts';
import { createLocalStorage, type Storage } from '#server/lib/storage.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export type TestApp = {
  app: FastifyInstance;
  database: TestDatabase;
  storage: Storage;
  config: Config;
  dataDir: string;
  close(): Promise<void>;
};

export type TestAppOptions = {
  env?: Record<string, string>;
  seed?: boolean;
  clock?: Clock;
  webRoot?: string | false;
  /** The card gateway, instead of the one the configuration names (docs/decisions/042). */
  payments?: PaymentProvider | null;
  /** Routes a test adds before the app is ready (to show what the app does with them). */
  beforeReady?: (app: FastifyInstance) => void;
};

/** A real app on a fresh database and a temporary upload folder, for `app.inject` tests. */
export async function createTestApp(opts: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'ferry-test-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent', ...opts.env });
  const database = await createTestDatabase();
  const storage = createLocalStorage(config.uploadsDir);
  if (opts.seed)
    await seedDemo({ db: database.db, storage, tzOperator: config.tzOperator, clock: opts.clock });
  const app = await buildApp({
    config,
    database,
    storage,
    logger: false,
    webRoot: opts.webRoot ?? false,
    // Every JSON answer a test receives is checked against its route's response schema.
    checkResponses: true,
    ...(opts.clock ? { clock: opts.clock } : {}),
    ...(opts.payments !== undefined ? { payments: opts.payments } : {}),
  });
  opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    database,
    storage,
    config,
    dataDir,
    async close() {
      const mismatches = [...app.responseMismatches];
      await app.close();
      await database.dispose();
      await rm(dataDir, { recursive: true, force: true });
      // Loud even when the test did not look at the answer that lied.
      if (mismatches.length > 0) {
        throw new Error(`Responses that do not match their schemas:\n${JSON.stringify(mismatches, null, 2)}`);
      }
    },
  };
}

/**
 * The test app of the enclosing `describe`: made before its tests (then `setUp` runs, if given)
 * and closed after them. The object returned is filled in when the app is made.
 */
export function useTestApp(opts: TestAppOptions = {}, setUp?: (t: TestApp) => Promise<unknown>): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(opts));
    await setUp?.(t);
  });
  afterAll(() => t.close?.());
  return t;
}
