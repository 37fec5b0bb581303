import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { refusal } from '#tests/setup/refusal.ts';
import { type S3Server, startS3Server } from '#tests/setup/s3-server.ts';
import { loadConfig } from '../config.ts';
import errorHandler from '../plugins/error-handler.ts';
import validation from '../plugins/validation.ts';
import fileRoutes from '../routes/public/files.ts';
import { AppError } from './errors.ts';
import { createLocalStorage, createS3Storage, createStorage, isValidKey, type Storage } from './storage.ts';

const webp = Buffer.from('RIFF\x10\0\0\0WEBPVP8 fake-bytes', 'latin1');
const png = Buffer.from('\x89PNG\r\n\x1a\nfake-bytes', 'latin1');

const BAD_KEYS = [
  '',
  '../escape.png',
  'banners/../../escape.png',
  '/etc/passwd',
  'banners//a.png',
  'banners/',
  'a\\b.png',
  'with space.png',
  'ünicode.png',
  '.hidden.png',
  'banners/.tmp-1234',
  'query?.png',
  `${'a'.repeat(600)}.png`,
];

async function listAll(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

/**
 * Eight writers race to create one public key (overwrite: false): exactly one wins, the others
 * are refused as `object_exists`. Gives what the winner wrote.
 */
async function raceToCreate(store: Storage, key: string): Promise<Buffer | undefined> {
  const bodies = Array.from({ length: 8 }, (_, i) => Buffer.concat([webp, Buffer.from(`writer-${i}`)]));
  const results = await Promise.allSettled(
    bodies.map((body) =>
      store.put(key, body, { contentType: 'image/webp', visibility: 'public', overwrite: false }),
    ),
  );
  const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
  expect(won).toHaveLength(1);
  for (const r of results) {
    if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('object_exists');
  }
  return bodies[won[0] as number];
}

let root: string;
let storage: Storage;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
  storage = createLocalStorage(root);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('local disk storage', () => {
  it('round-trips a public object under public/ with a /files URL', async () => {
    const stored = await storage.put('banners/banner_1_1700000000000.webp', webp, {
      contentType: 'image/webp',
      visibility: 'public',
    });
    expect(stored).toEqual({
      key: 'banners/banner_1_1700000000000.webp',
      url: '/files/banners/banner_1_1700000000000.webp',
    });
    expect(await readFile(path.join(root, 'public', 'banners', 'banner_1_1700000000000.webp'))).toEqual(webp);
    expect(await storage.get('banners/banner_1_1700000000000.webp', 'public')).toEqual({
      body: webp,
      contentType: 'image/webp',
    });
    expect(storage.publicUrl('banners/x.webp')).toBe('/files/banners/x.webp');

    await storage.delete('banners/banner_1_1700000000000.webp', 'public');
    expect(await storage.get('banners/banner_1_1700000000000.webp', 'public')).toBeNull();
    // Deleting again is not an error.
    await storage.delete('banners/banner_1_1700000000000.webp', 'public');
  });

  it('keeps private objects under private/, without a URL, invisible as public', async () => {
    const stored = await storage.put('payment-slips/2501011234/slip.webp', webp, {
      contentType: 'image/webp',
      visibility: 'private',
    });
    expect(stored.url).toBeNull();
    expect(
      (await stat(path.join(root, 'private', 'payment-slips', '2501011234', 'slip.webp'))).isFile(),
    ).toBe(true);
    expect(await storage.get('payment-slips/2501011234/slip.webp', 'public')).toBeNull();
    expect((await storage.get('payment-slips/2501011234/slip.webp', 'private'))?.body).toEqual(webp);
    // Deleting the public twin of a private key leaves the private one alone.
    await storage.delete('payment-slips/2501011234/slip.webp', 'public');
    expect(await storage.get('payment-slips/2501011234/slip.webp', 'private')).not.toBeNull();
  });

  it('overwrites by default and refuses an existing key with overwrite:false', async () => {
    const key = 'payment-slips/2501011234/slip.webp';
    await storage.put(key, webp, { contentType: 'image/webp', visibility: 'private' });
    const second = Buffer.concat([webp, Buffer.from('v2')]);
    await storage.put(key, second, { contentType: 'image/webp', visibility: 'private' });
    expect((await storage.get(key, 'private'))?.body).toEqual(second);

    const err = await refusal(
      storage.put(key, webp, { contentType: 'image/webp', visibility: 'private', overwrite: false }),
    );
    expect([err.code, err.status]).toEqual(['object_exists', 409]);
    expect((await storage.get(key, 'private'))?.body).toEqual(second);
    expect(await listAll(root)).toEqual([path.join('private', 'payment-slips', '2501011234', 'slip.webp')]);
  });

  it('lets exactly one of several racing overwrite:false writers win', async () => {
    const key = 'banners/banner_7_1.webp';
    const winner = await raceToCreate(storage, key);
    expect((await storage.get(key, 'public'))?.body).toEqual(winner);
    expect(await listAll(root)).toEqual([path.join('public', 'banners', 'banner_7_1.webp')]);
  });

  it('leaves only whole files behind, even when the final step fails', async () => {
    for (let i = 0; i < 5; i++) {
      await storage.put(`launch-images/launch_${i}.webp`, webp, {
        contentType: 'image/webp',
        visibility: 'public',
      });
    }
    // A key naming an existing folder: the write gets as far as the temp file, then the rename fails.
    const err = await storage
      .put('launch-images', png, { contentType: 'application/octet-stream', visibility: 'public' })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(err).toBeInstanceOf(Error);
    const files = await listAll(root);
    expect(files.filter((f) => path.basename(f).startsWith('.'))).toEqual([]);
    expect(files).toHaveLength(5);
    expect(await storage.get('launch-images', 'public')).toBeNull();
  });

  it('refuses bad keys everywhere', async () => {
    for (const key of BAD_KEYS) {
      expect(isValidKey(key), key).toBe(false);
      await refusal(storage.put(key, png, { contentType: 'image/png', visibility: 'public' }));
      await refusal(storage.get(key, 'public'));
      await refusal(storage.delete(key, 'private'));
      expect(() => storage.publicUrl(key)).toThrow(AppError);
    }
    expect(isValidKey('banners/banner_1_1700000000000.webp')).toBe(true);
    expect(isValidKey('branding/icon-192.png')).toBe(true);
    expect(await listAll(root).catch(() => [])).toEqual([]);
  });

  it('refuses a content type its extension contradicts, since the type is served from the extension', async () => {
    const err = await refusal(
      storage.put('banners/a.webp', png, { contentType: 'image/png', visibility: 'public' }),
    );
    expect(err.code).toBe('content_type_mismatch');
    await storage.put('branding/favicon.ico', png, { contentType: 'image/x-icon', visibility: 'public' });
    expect((await storage.get('branding/favicon.ico', 'public'))?.contentType).toBe('image/x-icon');
    await storage.put('branding/logo.PNG', png, { contentType: 'image/png', visibility: 'public' });
    expect((await storage.get('branding/logo.PNG', 'public'))?.contentType).toBe('image/png');
  });

  it('createStorage uses the uploads folder of DATA_DIR without S3', async () => {
    const config = loadConfig({ DATA_DIR: root });
    const fromConfig = createStorage(config);
    await fromConfig.put('banners/b.webp', webp, { contentType: 'image/webp', visibility: 'public' });
    expect(await readFile(path.join(root, 'uploads', 'public', 'banners', 'b.webp'))).toEqual(webp);
  });
});

describe('GET /files/*', () => {
  let app: FastifyInstance;
  beforeEach(async () => {
    app = Fastify();
    await app.register(validation);
    await app.register(errorHandler);
    await app.register(fileRoutes, { storage });
    await app.ready();
  });
  afterEach(async () => {
    await app.close();
  });

  it('serves a public object with a year-long immutable cache, its type and nosniff', async () => {
    const { url } = await storage.put('banners/banner_1_1.webp', webp, {
      contentType: 'image/webp',
      visibility: 'public',
    });
    const res = await app.inject({ method: 'GET', url: url ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.rawPayload).toEqual(webp);
  });

  const notFoundBody = { error: { code: 'not_found', message: 'Not found' } };

  it('answers 404 for a private object, a missing one and bad keys', async () => {
    await storage.put('payment-slips/2501011234/slip.webp', webp, {
      contentType: 'image/webp',
      visibility: 'private',
    });
    await storage.put('banners/real.webp', webp, { contentType: 'image/webp', visibility: 'public' });
    for (const url of [
      '/files/payment-slips/2501011234/slip.webp',
      '/files/..%2Fprivate%2Fpayment-slips%2F2501011234%2Fslip.webp',
      '/files/missing.webp',
      '/files/banners',
      '/files/',
      '/files/.tmp-abc',
    ]) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual(notFoundBody);
      expect(res.rawPayload.includes(webp), url).toBe(false);
    }
    // Dot segments are resolved before routing, so this never reaches the files route at all.
    for (const url of [
      '/files/../private/payment-slips/2501011234/slip.webp',
      '/files/%2e%2e/private/payment-slips/2501011234/slip.webp',
    ]) {
      const dotted = await app.inject({ method: 'GET', url });
      expect(dotted.statusCode, url).toBe(404);
      expect(dotted.rawPayload.includes(webp), url).toBe(false);
    }
  });
});

describe('S3 storage, against s3rver', () => {
  let server: S3Server;
  let s3: Storage;
  /** A client of its own, to see what landed in the bucket without going through the storage. */
  let raw: S3Client;
  beforeAll(async () => {
    server = await startS3Server();
    s3 = createS3Storage(server.config);
    raw = new S3Client({
      endpoint: server.endpoint,
      forcePathStyle: true,
      region: server.config.region,
      credentials: { accessKeyId: server.config.accessKeyId, secretAccessKey: server.config.secretAccessKey },
    });
  });
  afterAll(async () => {
    raw.destroy();
    await server.close();
  });

  const bucketKeys = async () =>
    ((await raw.send(new ListObjectsV2Command({ Bucket: server.bucket }))).Contents ?? []).map((o) => o.Key);
  const stored = async (objectKey: string) => {
    const res = await raw.send(new GetObjectCommand({ Bucket: server.bucket, Key: objectKey }));
    return {
      body: Buffer.from((await res.Body?.transformToByteArray()) ?? []),
      type: res.ContentType,
      cacheControl: res.CacheControl,
    };
  };

  it('puts public and private objects under their prefixes, path-style', async () => {
    const pub = await s3.put('banners/b1.webp', webp, { contentType: 'image/webp', visibility: 'public' });
    expect(pub).toEqual({
      key: 'banners/b1.webp',
      url: `${server.endpoint}/uploads/public/banners/b1.webp`,
    });
    const priv = await s3.put('payment-slips/1/slip.webp', webp, {
      contentType: 'image/webp',
      visibility: 'private',
    });
    expect(priv.url).toBeNull();
    expect((await bucketKeys()).sort()).toEqual([
      'private/payment-slips/1/slip.webp',
      'public/banners/b1.webp',
    ]);
    expect(await stored('public/banners/b1.webp')).toEqual({
      body: webp,
      type: 'image/webp',
      cacheControl: 'public, max-age=31536000, immutable',
    });
    expect((await stored('private/payment-slips/1/slip.webp')).cacheControl).toBe('private, no-store');
    // The public URL addresses the object itself (s3rver has no bucket policy to keep it private).
    const viaUrl = await fetch(pub.url ?? '');
    expect(viaUrl.status).toBe(200);
    expect(Buffer.from(await viaUrl.arrayBuffer())).toEqual(webp);
  });

  it('gets, overwrites by default, refuses overwrite:false, and deletes', async () => {
    expect(await s3.get('banners/b1.webp', 'public')).toEqual({ body: webp, contentType: 'image/webp' });
    expect(await s3.get('banners/b1.webp', 'private')).toBeNull();
    expect(await s3.get('banners/missing.webp', 'public')).toBeNull();

    const second = Buffer.concat([webp, Buffer.from('v2')]);
    await s3.put('banners/b1.webp', second, { contentType: 'image/webp', visibility: 'public' });
    expect((await stored('public/banners/b1.webp')).body).toEqual(second);

    const before = server.requests.length;
    const err = await refusal(
      s3.put('banners/b1.webp', png, { contentType: 'image/webp', visibility: 'public', overwrite: false }),
    );
    expect(err.code).toBe('object_exists');
    // Refused by the look before the write: a service that ignores If-None-Match refuses it too.
    expect(server.requests.slice(before).map((r) => r.method)).toEqual(['HEAD']);
    expect((await stored('public/banners/b1.webp')).body).toEqual(second);

    await s3.delete('banners/b1.webp', 'public');
    await s3.delete('banners/b1.webp', 'public');
    expect(await s3.get('banners/b1.webp', 'public')).toBeNull();
    expect(await bucketKeys()).toEqual(['private/payment-slips/1/slip.webp']);
    await refusal(s3.get('../b1.webp', 'public'));
  });

  it('lets exactly one of several racing overwrite:false writers win, each write conditional', async () => {
    const key = 'banners/banner_7_1.webp';
    const before = server.requests.length;
    const winner = await raceToCreate(s3, key);
    expect((await stored(`public/${key}`)).body).toEqual(winner);
    // The looks all go out before any write, so several writers find the key free and the store
    // decides between them: If-None-Match on every write, refused with 412 (s3rver lacks it; the
    // test server's stand-in answers as S3 does, see tests/setup/s3-server.ts).
    const puts = server.requests.slice(before).filter((r) => r.method === 'PUT');
    expect(puts.length).toBeGreaterThan(1);
    for (const put of puts) expect(put.headers['if-none-match']).toBe('*');
  });

  it('sends plain requests: no checksum headers, no aws-chunked bodies', async () => {
    const before = server.requests.length;
    await s3.put('banners/plain.webp', webp, { contentType: 'image/webp', visibility: 'public' });
    await s3.get('banners/plain.webp', 'public');
    const sent = server.requests.slice(before);
    expect(sent.map((r) => r.method)).toEqual(['PUT', 'GET']);
    for (const { headers } of sent) {
      expect(
        Object.keys(headers).filter(
          (h) => h.startsWith('x-amz-checksum') || h === 'x-amz-sdk-checksum-algorithm',
        ),
      ).toEqual([]);
      expect(headers['content-encoding']).toBeUndefined();
    }
    // The body is still signed by its hash, which S3 checks.
    expect(sent[0]?.headers['x-amz-content-sha256']).toMatch(/^[0-9a-f]{64}$/);
  });

  it('builds public URLs from S3_PUBLIC_URL when given', () => {
    const cdn = createS3Storage({
      endpoint: undefined,
      bucket: 'uploads',
      region: 'eu-west-1',
      accessKeyId: 'a',
      secretAccessKey: 'b',
      publicUrl: 'https://cdn.example.com/',
    });
    expect(cdn.publicUrl('banners/x.webp')).toBe('https://cdn.example.com/public/banners/x.webp');
  });
});
