import { randomBytes } from 'node:crypto';
import type { Dirent } from 'node:fs';
import { link, mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { AppError } from './errors.ts';

export type Visibility = 'public' | 'private';
/** `url` is set only for public objects; private ones are never reachable by URL. */
export type StoredObject = { key: string; url: string | null };
/** One entry of a listing: the key and when the object was last written. */
export type ListedObject = { key: string; lastModified: Date };

export interface Storage {
  put(
    key: string,
    body: Buffer,
    opts: { contentType: string; visibility: Visibility; overwrite?: boolean },
  ): Promise<StoredObject>;
  get(key: string, visibility: Visibility): Promise<{ body: Buffer; contentType: string } | null>;
  /** A missing object is not an error. */
  delete(key: string, visibility: Visibility): Promise<void>;
  /**
   * Every object whose key starts with `prefix` (a folder such as `payment-slips/`), in no
   * particular order. Files of writes still in flight are not objects yet and are left out.
   */
  list(prefix: string, visibility: Visibility): AsyncIterable<ListedObject>;
  publicUrl(key: string): string;
  /**
   * Removes the temp files of writes a crash cut short, last written before `before`, and
   * says how many. Object storage writes whole objects and leaves none.
   */
  removeStaleTempFiles(before: Date): Promise<number>;
}

const KEY_MAX_LENGTH = 512;
const KEY_PATTERN = /^[A-Za-z0-9._/-]+$/;

/**
 * Keys become file paths and URL paths, so they are held to a small alphabet: no absolute
 * paths, no empty or dot-led segments (that rules out `..` and keeps the hidden temp files
 * of in-flight writes out of reach).
 */
export function isValidKey(key: string): boolean {
  if (key.length === 0 || key.length > KEY_MAX_LENGTH || !KEY_PATTERN.test(key)) return false;
  return key.split('/').every((segment) => segment.length > 0 && !segment.startsWith('.'));
}

function assertValidKey(key: string): void {
  if (!isValidKey(key))
    throw new AppError('invalid_storage_key', `Invalid storage key: ${JSON.stringify(key)}`, 400);
}

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.ico': 'image/x-icon',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.pdf': 'application/pdf',
};

/** Local disk keeps no metadata beside a file, so its type is a function of its key. */
export function contentTypeForKey(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? 'application/octet-stream';
}

const essence = (contentType: string) => {
  const t = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  return t === 'image/vnd.microsoft.icon' ? 'image/x-icon' : t;
};

/** Local disk serves the type its extension implies, so a disagreeing type would be served wrongly. */
function assertTypeMatchesKey(key: string, contentType: string): void {
  const expected = contentTypeForKey(key);
  if (essence(contentType) !== essence(expected)) {
    throw new AppError(
      'content_type_mismatch',
      `Content type ${contentType} does not match the extension of ${key} (${expected})`,
      400,
    );
  }
}

/** Names of files being written (put); a process killed mid-write leaves one behind. */
const TEMP_FILE_PREFIX = '.tmp-';

/** Every file under `start`, depth first; a folder removed meanwhile (or never made) is skipped. */
async function* walkFiles(start: string): AsyncGenerator<{ full: string; entry: Dirent }> {
  const pending = [start];
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = await readdir(dir, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) yield { full, entry };
    }
  }
}

const objectExists = (key: string) =>
  new AppError('object_exists', `A stored file already exists at ${key}`, 409);

export function createLocalStorage(rootDir: string, publicBaseUrl?: string): Storage {
  const root = path.resolve(rootDir);
  const base = (publicBaseUrl ?? '').replace(/\/+$/, '');
  const filePath = (key: string, visibility: Visibility) => path.join(root, visibility, ...key.split('/'));
  const publicUrl = (key: string) => {
    assertValidKey(key);
    return `${base}/files/${key}`;
  };

  return {
    publicUrl,

    async put(key, body, opts) {
      assertValidKey(key);
      assertTypeMatchesKey(key, opts.contentType);
      const target = filePath(key, opts.visibility);
      const dir = path.dirname(target);
      await mkdir(dir, { recursive: true });
      // Same directory as the target so the final rename/link stays on one file system and is atomic.
      const temp = path.join(dir, `${TEMP_FILE_PREFIX}${randomBytes(8).toString('hex')}`);
      try {
        const handle = await open(temp, 'wx');
        try {
          await handle.writeFile(body);
          // Flush before the rename: otherwise a crash could leave a renamed but empty file.
          await handle.sync();
        } finally {
          await handle.close();
        }
        if (opts.overwrite === false) {
          // link() fails with EEXIST when the key is taken, which closes the check-then-write race.
          try {
            await link(temp, target);
          } catch (err) {
            if ((err as NodeJS.ErrnoException).code === 'EEXIST') throw objectExists(key);
            throw err;
          }
        } else {
          await rename(temp, target);
        }
      } finally {
        await rm(temp, { force: true });
      }
      return { key, url: opts.visibility === 'public' ? publicUrl(key) : null };
    },

    async get(key, visibility) {
      assertValidKey(key);
      try {
        const body = await readFile(filePath(key, visibility));
        return { body, contentType: contentTypeForKey(key) };
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        // EISDIR: a key naming a folder of other keys is not an object.
        if (code === 'ENOENT' || code === 'EISDIR' || code === 'ENOTDIR') return null;
        throw err;
      }
    },

    async delete(key, visibility) {
      assertValidKey(key);
      await rm(filePath(key, visibility), { force: true });
    },

    async *list(prefix, visibility) {
      const base = path.join(root, visibility);
      // The folder part of the prefix is walked; the rest filters names inside it.
      const cut = prefix.lastIndexOf('/') + 1;
      const start = path.join(base, ...prefix.slice(0, cut).split('/').filter(Boolean));
      for await (const { full } of walkFiles(start)) {
        const key = path.relative(base, full).split(path.sep).join('/');
        // Temp files of in-flight writes are not valid keys, so they never show up here.
        if (!key.startsWith(prefix) || !isValidKey(key)) continue;
        try {
          yield { key, lastModified: (await stat(full)).mtime };
        } catch (err) {
          // Deleted between readdir and stat: no longer an object.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
    },

    async removeStaleTempFiles(before) {
      let removed = 0;
      for await (const { full, entry } of walkFiles(root)) {
        if (!entry.name.startsWith(TEMP_FILE_PREFIX)) continue;
        try {
          // The age tells a write still in flight (its file is being written now) from a dead one.
          if ((await stat(full)).mtime >= before) continue;
          await rm(full, { force: true });
          removed++;
        } catch (err) {
          // Renamed into place or removed by its own write meanwhile.
          if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
        }
      }
      return removed;
    },
  };
}

const isNotFound = (err: unknown) =>
  err instanceof S3ServiceException &&
  (err.name === 'NoSuchKey' || err.name === 'NotFound' || err.$metadata.httpStatusCode === 404);

export function createS3Storage(
  s3Config: NonNullable<Config['s3']>,
  /** `listPageSize`: keys per ListObjectsV2 page (S3's own limit, 1,000, when unset); tests page with less. */
  listOpts: { listPageSize?: number } = {},
): Storage {
  const client = new S3Client({
    region: s3Config.region,
    ...(s3Config.endpoint ? { endpoint: s3Config.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: s3Config.accessKeyId, secretAccessKey: s3Config.secretAccessKey },
    // Plain requests: no CRC32 headers or aws-chunked bodies that not every S3-compatible
    // service understands (docs/decisions/029). S3 still checks each body against its signed hash.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const bucket = s3Config.bucket;
  const base = (
    s3Config.publicUrl ??
    (s3Config.endpoint
      ? `${s3Config.endpoint.replace(/\/+$/, '')}/${bucket}`
      : `https://${bucket}.s3.${s3Config.region}.amazonaws.com`)
  ).replace(/\/+$/, '');
  // Only the public/ prefix is meant to be readable anonymously (bucket policy), see docs/decisions/002.
  const objectKey = (key: string, visibility: Visibility) => `${visibility}/${key}`;
  const publicUrl = (key: string) => {
    assertValidKey(key);
    return `${base}/public/${key}`;
  };
  const exists = async (fullKey: string) => {
    try {
      await client.send(new HeadObjectCommand({ Bucket: bucket, Key: fullKey }));
      return true;
    } catch (err) {
      if (isNotFound(err)) return false;
      throw err;
    }
  };

  return {
    publicUrl,

    async put(key, body, opts) {
      assertValidKey(key);
      // Same rule as on disk, so switching backends never changes what a URL serves.
      assertTypeMatchesKey(key, opts.contentType);
      if (opts.overwrite === false && (await exists(objectKey(key, opts.visibility)))) {
        // A service that ignores If-None-Match still refuses a key taken earlier (decision 029).
        throw objectExists(key);
      }
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: objectKey(key, opts.visibility),
            Body: body,
            ContentType: opts.contentType,
            CacheControl:
              opts.visibility === 'public' ? 'public, max-age=31536000, immutable' : 'private, no-store',
            // Conditional write: the store itself refuses a key taken meanwhile, so of writers racing
            // past the check above exactly one wins.
            ...(opts.overwrite === false ? { IfNoneMatch: '*' } : {}),
          }),
        );
      } catch (err) {
        if (
          opts.overwrite === false &&
          err instanceof S3ServiceException &&
          err.$metadata.httpStatusCode === 412
        ) {
          throw objectExists(key);
        }
        throw err;
      }
      return { key, url: opts.visibility === 'public' ? publicUrl(key) : null };
    },

    async get(key, visibility) {
      assertValidKey(key);
      try {
        const res = await client.send(
          new GetObjectCommand({ Bucket: bucket, Key: objectKey(key, visibility) }),
        );
        if (!res.Body) return null;
        const body = Buffer.from(await res.Body.transformToByteArray());
        return { body, contentType: res.ContentType ?? contentTypeForKey(key) };
      } catch (err) {
        if (isNotFound(err)) return null;
        throw err;
      }
    },

    async delete(key, visibility) {
      assertValidKey(key);
      await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: objectKey(key, visibility) }));
    },

    async *list(prefix, visibility) {
      const fullPrefix = objectKey(prefix, visibility);
      let token: string | undefined;
      // ListObjectsV2 answers at most 1,000 keys a page; the continuation token walks the rest.
      do {
        const page = await client.send(
          new ListObjectsV2Command({
            Bucket: bucket,
            Prefix: fullPrefix,
            ContinuationToken: token,
            MaxKeys: listOpts.listPageSize,
          }),
        );
        for (const object of page.Contents ?? []) {
          if (!object.Key) continue;
          const key = object.Key.slice(`${visibility}/`.length);
          if (isValidKey(key)) yield { key, lastModified: object.LastModified ?? new Date(0) };
        }
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },

    async removeStaleTempFiles() {
      return 0;
    },
  };
}

/** Object storage when S3 is configured, otherwise the uploads folder of DATA_DIR. */
export function createStorage(config: Config): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(config.uploadsDir);
}
