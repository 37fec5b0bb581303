import crypto from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { Config } from '#server/config.ts';

/*
 * A real S3-compatible server (s3rver) in the test process, on a free port of 127.0.0.1, keeping
 * its objects in a temporary folder: the storage's own SDK client talks to it over HTTP, as to
 * any bucket. Start one per test file, not one per test. Two stand-ins fill s3rver's gaps
 * (docs/decisions/029): DES for its continuation tokens, and conditional writes.
 */

/** s3rver checks signatures against this one built-in key pair. */
const ACCESS_KEY = 'S3RVER';
const REGION = 'us-east-1';

export type S3Request = { method: string; url: string; headers: IncomingHttpHeaders };

export type S3Server = {
  /** `http://127.0.0.1:<port>`, addressed path-style (`<endpoint>/<bucket>/<key>`). */
  endpoint: string;
  bucket: string;
  /** The S3 part of Config, for createS3Storage. */
  config: NonNullable<Config['s3']>;
  /** The same as the S3_* variables of a server process. */
  env: Record<string, string>;
  /** Every request the server received, in order. */
  requests: S3Request[];
  /**
   * The file s3rver keeps an object's bytes in (its layout, not an S3 API); its modification
   * time is the object's LastModified, so `utimes` on it backdates the object.
   */
  objectFile(objectKey: string): string;
  /** Removes every object, leaving the bucket empty. */
  clear(): Promise<void>;
  close(): Promise<void>;
};

/**
 * s3rver encrypts its ListObjectsV2 continuation tokens with single DES ('des'), which OpenSSL 3
 * keeps in its legacy provider, so under Node 24 every truncated listing page fails with
 * InternalError. Triple DES with the key repeated three times is single DES, byte for byte, and
 * is in the default provider: lend s3rver that, and only for 'des'.
 */
const DES_LENT = Symbol.for('ferry.tests.s3rver-des');

function lendDesToS3rver(): void {
  const lent = crypto as typeof crypto & { [DES_LENT]?: true };
  if (lent[DES_LENT]) return;
  lent[DES_LENT] = true;
  const lend = <F>(real: F): F => {
    const call = real as (algorithm: string, key: unknown, ...rest: unknown[]) => unknown;
    return ((algorithm: string, key: unknown, ...rest: unknown[]) =>
      algorithm.toLowerCase() === 'des' && Buffer.isBuffer(key) && key.length === 8
        ? call('des-ede3-cbc', Buffer.concat([key, key, key]), ...rest)
        : call(algorithm, key, ...rest)) as F;
  };
  crypto.createCipheriv = lend(crypto.createCipheriv);
  crypto.createDecipheriv = lend(crypto.createDecipheriv);
}

const PRECONDITION_FAILED =
  '<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>PreconditionFailed</Code>' +
  '<Message>At least one of the pre-conditions you specified did not hold</Message>' +
  '<Condition>If-None-Match</Condition></Error>';

export async function startS3Server(opts: { bucket?: string } = {}): Promise<S3Server> {
  lendDesToS3rver();
  const bucket = opts.bucket ?? 'uploads';
  const directory = await mkdtemp(path.join(tmpdir(), 'ferry-s3rver-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  const requests: S3Request[] = [];
  const writing = new Map<string, Promise<void>>();
  // Ahead of s3rver's own handlers: record the request, and stand in for the conditional
  // PutObject (If-None-Match: *), which s3rver ignores and so overwrites. Conditional writes to
  // one key take turns, so exactly one of racers finds the key free and the rest get S3's 412.
  server.middleware.unshift(async (ctx, next) => {
    requests.push({ method: ctx.method, url: ctx.url, headers: { ...ctx.headers } });
    if (ctx.method !== 'PUT' || ctx.headers['if-none-match'] !== '*') return next();
    const [, bucketName = '', ...keyParts] = ctx.path.split('/');
    const key = decodeURIComponent(keyParts.join('/'));
    const id = `${bucketName}/${key}`;
    const before = writing.get(id) ?? Promise.resolve();
    let done = () => {};
    const mine = new Promise<void>((resolve) => {
      done = resolve;
    });
    const turn = before.then(() => mine);
    writing.set(id, turn);
    await before;
    try {
      if (await ctx.store.existsObject(bucketName, key)) {
        ctx.status = 412;
        ctx.type = 'application/xml';
        ctx.body = PRECONDITION_FAILED;
        return;
      }
      await next();
    } finally {
      done();
      if (writing.get(id) === turn) writing.delete(id);
    }
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    config: {
      endpoint,
      bucket,
      region: REGION,
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      publicUrl: undefined,
    },
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: REGION,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: ACCESS_KEY,
    },
    requests,
    objectFile: (objectKey) => `${path.join(directory, bucket, ...objectKey.split('/'))}._S3rver_object`,
    async clear() {
      server.reset();
      await server.configureBuckets();
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}
