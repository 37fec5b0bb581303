import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app.ts';
import { loadConfig } from '#server/config.ts';
import { createLocalStorage } from '#server/lib/storage.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';

/**
 * The real app with a real logger writing JSON lines to memory: what an operator's log would
 * hold after these requests.
 */
describe(`what the server log keeps (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let dataDir: string;
  let app: FastifyInstance;
  const lines: string[] = [];
  const logged = () => lines.join('');

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'ferry-logs-'));
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir });
    database = await createTestDatabase();
    app = await buildApp({
      config,
      database,
      storage: createLocalStorage(config.uploadsDir),
      webRoot: false,
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await database?.dispose();
    await rm(dataDir, { recursive: true, force: true });
  });
  beforeEach(() => {
    lines.length = 0;
  });

  it('logs the requests, with the token of an e-ticket link and secret query values redacted', async () => {
    await app.inject({ method: 'GET', url: '/t/tk_Secret0Ticket0Token0abc123' });
    await app.inject({
      method: 'GET',
      url: '/api/bookings/2603019999?token=Secret0Query0Token&lang=dv',
    });
    await app.inject({ method: 'GET', url: '/bookings/2603019999/manage?exp=1767225600&sig=Secret0Sig' });

    const requests = lines.map((line) => JSON.parse(line)).filter((entry) => entry.req);
    expect(requests.map((entry) => entry.req.url)).toEqual([
      '/t/[redacted]',
      '/api/bookings/2603019999?token=[redacted]&lang=dv',
      '/bookings/2603019999/manage?exp=[redacted]&sig=[redacted]',
    ]);
    expect(requests[0].req).toMatchObject({ method: 'GET', remoteAddress: '127.0.0.1' });
    expect(logged()).not.toMatch(/Secret0/);
  });

  it('never logs cookies or authorization headers', async () => {
    await app.inject({
      method: 'GET',
      url: '/api/health',
      headers: { cookie: 'ferry_session=Secret0Cookie', authorization: 'Bearer Secret0Bearer' },
    });
    expect(logged()).toContain('/api/health');
    expect(logged()).not.toMatch(/Secret0|cookie|authorization/i);
  });

  it('logs a failed statement with its SQL and code but without the values it was given', async () => {
    const secret = 'secret.passenger.7781@example.com';
    // A rule the statement breaks only for this address: a real database error, with the
    // address in drizzle's params and message and in PostgreSQL's detail ("Failing row ...").
    await database.db.execute(
      sql.raw(`alter table email_codes add constraint log_test_refuses check (email <> '${secret}')`),
    );
    try {
      const res = await app.inject({ method: 'POST', url: '/api/email-codes', payload: { email: secret } });
      expect(res.statusCode).toBe(500);
    } finally {
      await database.db.execute(sql.raw('alter table email_codes drop constraint log_test_refuses'));
    }

    const entry = lines.map((line) => JSON.parse(line)).find((e) => e.msg === 'unhandled error');
    expect(entry?.err?.message).toMatch(/^Failed query: insert into "email_codes"/);
    expect(JSON.stringify(entry?.err)).toContain('23514');
    expect(logged()).not.toContain('secret.passenger');
  });
});
