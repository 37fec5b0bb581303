import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { systemClock } from '#server/lib/clock.ts';
import { createLocalStorage, createS3Storage, type Storage } from '#server/lib/storage.ts';
import { makeTicket, uniqueReference } from '#tests/factories.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { slipKey } from './create-booking.ts';
import { SLIP_PREFIX, sweepOrphanSlips } from './sweep-orphan-slips.ts';

const webp = Buffer.from('RIFF\x10\0\0\0WEBPVP8 fake-bytes', 'latin1');
const GRACE_MS = 15 * 60 * 1000;
const put = (storage: Storage, key: string) =>
  storage.put(key, webp, { contentType: 'image/webp', visibility: 'private' });

describe('sweepOrphanSlips', () => {
  let database: TestDatabase;
  let dir: string;
  let storage: Storage;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database.dispose();
  });
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'ferry-sweep-'));
    storage = createLocalStorage(dir);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  /** Backdates a stored private file, as if it had been written `ageMs` ago. */
  const age = async (key: string, ageMs: number, visibility = 'private') => {
    const when = new Date(Date.now() - ageMs);
    await utimes(path.join(dir, visibility, ...key.split('/')), when, when);
  };
  const exists = async (key: string, visibility: 'public' | 'private' = 'private') =>
    (await storage.get(key, visibility)) !== null;

  it('stores slips under the prefix it sweeps', () => {
    expect(slipKey('AB12CD').startsWith(SLIP_PREFIX)).toBe(true);
  });

  it('removes an old orphan and keeps a young orphan, a referenced slip and other files', async () => {
    const orphan = slipKey(uniqueReference());
    const young = slipKey(uniqueReference());
    const reference = uniqueReference();
    const referenced = slipKey(reference);
    await makeTicket(database.db, { paymentReference: reference, paymentSlipKey: referenced });
    for (const key of [orphan, young, referenced]) await put(storage, key);
    await age(orphan, GRACE_MS + 60_000);
    await age(referenced, GRACE_MS * 10);
    // Not a slip: banners and other public files are never the sweep's business.
    await storage.put('banners/old.webp', webp, { contentType: 'image/webp', visibility: 'public' });
    await age('banners/old.webp', GRACE_MS * 10, 'public');
    // A write still in flight (its temp file) is not listed, so never removed.
    const temp = path.join(dir, 'private', SLIP_PREFIX, '.tmp-0123456789abcdef');
    await writeFile(temp, webp);

    const result = await sweepOrphanSlips({
      db: database.db,
      storage,
      clock: systemClock,
      graceMs: GRACE_MS,
    });

    expect(result.removed).toEqual([orphan]);
    expect(result.checked).toBe(3);
    expect(await exists(orphan)).toBe(false);
    expect(await exists(young)).toBe(true);
    expect(await exists(referenced)).toBe(true);
    expect(await exists('banners/old.webp', 'public')).toBe(true);
  });

  it('keeps a dearer rebooking’s second slip as it keeps the first', async () => {
    const reference = uniqueReference();
    const first = slipKey(reference);
    const second = slipKey(reference);
    const orphan = slipKey(reference);
    await makeTicket(database.db, {
      paymentReference: reference,
      paymentSlipKey: first,
      extraSlipKey: second,
      extraAmount: '20.00',
    });
    for (const key of [first, second, orphan]) {
      await put(storage, key);
      await age(key, GRACE_MS * 10);
    }

    const result = await sweepOrphanSlips({
      db: database.db,
      storage,
      clock: systemClock,
      graceMs: GRACE_MS,
    });

    expect(result.removed).toEqual([orphan]);
    expect(await exists(first)).toBe(true);
    expect(await exists(second)).toBe(true);
  });

  it('does nothing when no slip was ever stored', async () => {
    const result = await sweepOrphanSlips({
      db: database.db,
      storage,
      clock: systemClock,
      graceMs: GRACE_MS,
    });
    expect(result).toEqual({ checked: 0, removed: [] });
  });
});

describe('ORPHAN_UPLOAD_GRACE_SECONDS', () => {
  it('defaults to 15 minutes and refuses a value below one second', () => {
    expect(loadConfig({}).orphanUploadGraceMs).toBe(900_000);
    expect(loadConfig({ ORPHAN_UPLOAD_GRACE_SECONDS: '60' }).orphanUploadGraceMs).toBe(60_000);
    for (const bad of ['0', '-5', '1.5', 'soon']) {
      expect(() => loadConfig({ ORPHAN_UPLOAD_GRACE_SECONDS: bad })).toThrow(ConfigError);
    }
  });
});

/** Just enough of ListObjectsV2 (prefix, max 2 keys a page, continuation token) to page through. */
function startListingS3(keys: string[]): Promise<{ server: Server; endpoint: string; pages: number }> {
  const state = { pages: 0 };
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const prefix = url.searchParams.get('prefix') ?? '';
    const start = Number(url.searchParams.get('continuation-token') ?? 0);
    const matching = keys.filter((k) => k.startsWith(prefix));
    const page = matching.slice(start, start + 2);
    const more = start + 2 < matching.length;
    state.pages++;
    res.setHeader('content-type', 'application/xml');
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><ListBucketResult><Name>uploads</Name><Prefix>${prefix}</Prefix>` +
        `<KeyCount>${page.length}</KeyCount><IsTruncated>${more}</IsTruncated>` +
        (more ? `<NextContinuationToken>${start + 2}</NextContinuationToken>` : '') +
        page
          .map(
            (k) =>
              `<Contents><Key>${k}</Key><LastModified>2020-01-02T03:04:05.000Z</LastModified></Contents>`,
          )
          .join('') +
        '</ListBucketResult>',
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        server,
        endpoint: `http://127.0.0.1:${port}`,
        get pages() {
          return state.pages;
        },
      });
    }),
  );
}

describe('S3 storage listing', () => {
  it('pages through ListObjectsV2 and strips the visibility folder', async () => {
    const fake = await startListingS3([
      'private/payment-slips/A/slip.webp',
      'private/payment-slips/B/slip.webp',
      'private/payment-slips/C/slip.webp',
      'private/other/x.webp',
      'public/payment-slips/D/slip.webp',
    ]);
    try {
      const s3 = createS3Storage({
        endpoint: fake.endpoint,
        bucket: 'uploads',
        region: 'us-east-1',
        accessKeyId: 'test',
        secretAccessKey: 'test',
        publicUrl: undefined,
      });
      const listed = [];
      for await (const object of s3.list(SLIP_PREFIX, 'private')) listed.push(object);
      expect(listed.map((o) => o.key).sort()).toEqual([
        'payment-slips/A/slip.webp',
        'payment-slips/B/slip.webp',
        'payment-slips/C/slip.webp',
      ]);
      expect(listed[0]?.lastModified.toISOString()).toBe('2020-01-02T03:04:05.000Z');
      expect(fake.pages).toBe(2);
    } finally {
      await new Promise((resolve) => fake.server.close(resolve));
    }
  });
});
