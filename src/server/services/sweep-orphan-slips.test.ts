import { mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '#server/config.ts';
import { systemClock } from '#server/lib/clock.ts';
import { createLocalStorage, createS3Storage, type Storage } from '#server/lib/storage.ts';
import { makeTicket, uniqueReference } from '#tests/factories.ts';
import { type S3Server, startS3Server } from '#tests/setup/s3-server.ts';
import { createTestDatabase, type TestDatabase } from '#tests/setup/test-db.ts';
import { slipKey } from './create-booking.ts';
import { SLIP_PREFIX, sweepOrphanSlips } from './sweep-orphan-slips.ts';

const webp = Buffer.from('RIFF\x10\0\0\0WEBPVP8 fake-bytes', 'latin1');
const GRACE_MS = 15 * 60 * 1000;
const put = (storage: Storage, key: string) =>
  storage.put(key, webp, { contentType: 'image/webp', visibility: 'private' });

let database: TestDatabase;
let s3rver: S3Server;
beforeAll(async () => {
  [database, s3rver] = await Promise.all([createTestDatabase(), startS3Server()]);
});
afterAll(async () => {
  await Promise.all([database.dispose(), s3rver.close()]);
});

it('stores slips under the prefix it sweeps', () => {
  expect(slipKey('AB12CD').startsWith(SLIP_PREFIX)).toBe(true);
});

type Backend = {
  name: string;
  /** A fresh, empty store. */
  open(): Promise<Storage>;
  close(): Promise<void>;
  /** The file holding an object, whose modification time is the object's age. */
  file(key: string, visibility: 'public' | 'private'): string;
  /** Leaves what a write still in flight leaves, where the store shows one (local disk's temp file). */
  writeInFlight?(): Promise<void>;
};

let dir = '';
const backends: Backend[] = [
  {
    name: 'local disk',
    async open() {
      dir = await mkdtemp(path.join(tmpdir(), 'ferry-sweep-'));
      return createLocalStorage(dir);
    },
    close: () => rm(dir, { recursive: true, force: true }),
    file: (key, visibility) => path.join(dir, visibility, ...key.split('/')),
    writeInFlight: () => writeFile(path.join(dir, 'private', SLIP_PREFIX, '.tmp-0123456789abcdef'), webp),
  },
  {
    name: 'S3 (s3rver)',
    async open() {
      await s3rver.clear();
      return createS3Storage(s3rver.config);
    },
    close: async () => {},
    file: (key, visibility) => s3rver.objectFile(`${visibility}/${key}`),
  },
];

describe.each(backends)('sweepOrphanSlips on $name', (backend) => {
  let storage: Storage;

  beforeEach(async () => {
    storage = await backend.open();
  });
  afterEach(async () => {
    await backend.close();
  });

  /** Backdates a stored file, as if it had been written `ageMs` ago. */
  const age = async (key: string, ageMs: number, visibility: 'public' | 'private' = 'private') => {
    const when = new Date(Date.now() - ageMs);
    await utimes(backend.file(key, visibility), when, when);
  };
  const exists = async (key: string, visibility: 'public' | 'private' = 'private') =>
    (await storage.get(key, visibility)) !== null;
  const sweep = () => sweepOrphanSlips({ db: database.db, storage, clock: systemClock, graceMs: GRACE_MS });

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
    // A write still in flight is not listed, so never removed.
    await backend.writeInFlight?.();

    const result = await sweep();

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

    const result = await sweep();

    expect(result.removed).toEqual([orphan]);
    expect(await exists(first)).toBe(true);
    expect(await exists(second)).toBe(true);
  });

  it('does nothing when no slip was ever stored', async () => {
    const result = await sweep();
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

describe('S3 storage listing, against s3rver', () => {
  it('pages through ListObjectsV2 and strips the visibility folder', async () => {
    await s3rver.clear();
    const s3 = createS3Storage(s3rver.config, { listPageSize: 2 });
    const slips = ['payment-slips/A/slip.webp', 'payment-slips/B/slip.webp', 'payment-slips/C/slip.webp'];
    for (const key of [...slips, 'other/x.webp']) await put(s3, key);
    await s3.put('payment-slips/D/slip.webp', webp, { contentType: 'image/webp', visibility: 'public' });
    const written = new Date('2020-01-02T03:04:05.000Z');
    for (const key of slips) await utimes(s3rver.objectFile(`private/${key}`), written, written);

    const before = s3rver.requests.length;
    const listed = [];
    for await (const object of s3.list(SLIP_PREFIX, 'private')) listed.push(object);
    expect(listed.map((o) => o.key).sort()).toEqual(slips);
    for (const object of listed) expect(object.lastModified.toISOString()).toBe(written.toISOString());
    // Three keys at two a page: the second page came by the first one's continuation token.
    const pages = s3rver.requests.slice(before).map((r) => new URL(r.url, s3rver.endpoint).searchParams);
    expect(pages.map((q) => [q.get('list-type'), q.get('max-keys'), q.has('continuation-token')])).toEqual([
      ['2', '2', false],
      ['2', '2', true],
    ]);
  });
});
