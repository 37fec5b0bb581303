import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
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

async function refusal(promise: Promise<unknown>): Promise<AppError> {
  const err = await promise.then(
    () => {
      throw new Error('expected a refusal');
    },
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
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
    const bodies = Array.from({ length: 8 }, (_, i) => Buffer.concat([webp, Buffer.from(`writer-${i}`)]));
    const results = await Promise.allSettled(
      bodies.map((body) =>
        storage.put(key, body, { contentType: 'image/webp', visibility: 'public', overwrite: false }),
      ),
    );
    const won = results.flatMap((r, i) => (r.status === 'fulfilled' ? [i] : []));
    expect(won).toHaveLength(1);
    for (const r of results) {
      if (r.status === 'rejected') expect((r.reason as AppError).code).toBe('object_exists');
    }
    expect((await storage.get(key, 'public'))?.body).toEqual(bodies[won[0] as number]);
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

/**
 * A minimal S3-compatible endpoint (path-style PUT/GET/DELETE, If-None-Match, NoSuchKey) so the
 * real SDK client is exercised end to end without a cloud account.
 */
function startFakeS3(): Promise<{
  server: Server;
  endpoint: string;
  objects: Map<string, { body: Buffer; type: string }>;
}> {
  const objects = new Map<string, { body: Buffer; type: string }>();
  const readBody = async (req: IncomingMessage) => {
    const chunks: Buffer[] = [];
    for await (const c of req) chunks.push(c as Buffer);
    return Buffer.concat(chunks);
  };
  const xmlError = (code: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${code}</Message></Error>`;
  const server = createServer(async (req, res) => {
    const objectPath = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    if (req.method === 'PUT') {
      const body = await readBody(req);
      if (req.headers['if-none-match'] === '*' && objects.has(objectPath)) {
        res.writeHead(412, { 'content-type': 'application/xml' }).end(xmlError('PreconditionFailed'));
        return;
      }
      objects.set(objectPath, { body, type: String(req.headers['content-type']) });
      res.writeHead(200, { etag: '"1"' }).end();
    } else if (req.method === 'GET') {
      const obj = objects.get(objectPath);
      if (!obj) {
        res.writeHead(404, { 'content-type': 'application/xml' }).end(xmlError('NoSuchKey'));
        return;
      }
      res.writeHead(200, { 'content-type': obj.type, 'content-length': obj.body.length }).end(obj.body);
    } else if (req.method === 'DELETE') {
      objects.delete(objectPath);
      res.writeHead(204).end();
    } else {
      res.writeHead(405).end();
    }
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({ server, endpoint: `http://127.0.0.1:${port}`, objects });
    });
  });
}

describe('S3 storage', () => {
  let fake: Awaited<ReturnType<typeof startFakeS3>>;
  let s3: Storage;
  beforeAll(async () => {
    fake = await startFakeS3();
    s3 = createS3Storage({
      endpoint: fake.endpoint,
      bucket: 'uploads',
      region: 'us-east-1',
      accessKeyId: 'test',
      secretAccessKey: 'test-secret',
      publicUrl: undefined,
    });
  });
  afterAll(async () => {
    await new Promise((resolve) => fake.server.close(resolve));
  });

  it('puts public and private objects under their prefixes, path-style', async () => {
    const pub = await s3.put('banners/b1.webp', webp, { contentType: 'image/webp', visibility: 'public' });
    expect(pub).toEqual({ key: 'banners/b1.webp', url: `${fake.endpoint}/uploads/public/banners/b1.webp` });
    const priv = await s3.put('payment-slips/1/slip.webp', webp, {
      contentType: 'image/webp',
      visibility: 'private',
    });
    expect(priv.url).toBeNull();
    expect([...fake.objects.keys()].sort()).toEqual([
      '/uploads/private/payment-slips/1/slip.webp',
      '/uploads/public/banners/b1.webp',
    ]);
    expect(fake.objects.get('/uploads/public/banners/b1.webp')).toEqual({ body: webp, type: 'image/webp' });
  });

  it('gets, refuses overwrite:false, and deletes', async () => {
    expect(await s3.get('banners/b1.webp', 'public')).toEqual({ body: webp, contentType: 'image/webp' });
    expect(await s3.get('banners/b1.webp', 'private')).toBeNull();
    const err = await refusal(
      s3.put('banners/b1.webp', png, { contentType: 'image/webp', visibility: 'public', overwrite: false }),
    );
    expect(err.code).toBe('object_exists');
    expect(fake.objects.get('/uploads/public/banners/b1.webp')?.body).toEqual(webp);
    await s3.delete('banners/b1.webp', 'public');
    await s3.delete('banners/b1.webp', 'public');
    expect(await s3.get('banners/b1.webp', 'public')).toBeNull();
    await refusal(s3.get('../b1.webp', 'public'));
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
