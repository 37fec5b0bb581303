// What `npm run backup` and `npm run restore` share: the folder layout, the manifest and its
// checksums, and one function per database kind and per storage kind. See docs/deploy.md.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import path from 'node:path';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Config } from '#server/config.ts';
import { openDatabase, PGLITE_EXTENSIONS, PGLITE_LOCK_FILE } from '#server/db/client.ts';
import { contentTypeForKey, createStorage, isValidKey, type Visibility } from '#server/lib/storage.ts';

/** A refusal or failure the operator can act on: printed as is, without a stack. */
export class BackupError extends Error {}

export type Log = (line: string) => void;

export const MANIFEST_FILE = 'manifest.json';
const POSTGRES_DUMP = 'database.pgdump';
const PGLITE_DUMP = 'database.pglite.tar.gz';
/** Uploads as `files/<visibility>/<key>`: the layout of DATA_DIR/uploads and of the S3 bucket alike. */
const FILES_DIR = 'files';
const VISIBILITIES: readonly Visibility[] = ['public', 'private'];

export type ManifestFile = { path: string; size: number; sha256: string };
export type Manifest = {
  format: 1;
  createdAt: string;
  database: { kind: 'postgres' | 'pglite'; file: string; serverVersion: string };
  storage: 'local' | 's3';
  counts: { tickets: number; files: number };
  /** Every file of the backup but this manifest, with its checksum. */
  files: ManifestFile[];
};

type DatabaseSnapshot = { tickets: number; slipKeys: string[]; serverVersion: string };

const TICKETS_SQL = 'select count(*)::int as n from tickets';
const SLIP_KEYS_SQL = 'select payment_slip_key as key from tickets where payment_slip_key is not null';

export function defaultBackupDir(now = new Date()): string {
  const stamp = now
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  return path.resolve('backups', `ferry-${stamp}`);
}

// ---------------------------------------------------------------------------------------------
// Checksums

async function sha256File(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function describeFile(root: string, relative: string): Promise<ManifestFile> {
  const full = path.join(root, ...relative.split('/'));
  return { path: relative, size: (await stat(full)).size, sha256: await sha256File(full) };
}

/** Every regular file under `dir`, as `/`-separated paths relative to it. */
async function walk(dir: string): Promise<string[]> {
  const out: string[] = [];
  const pending = [dir];
  while (pending.length > 0) {
    const current = pending.pop() as string;
    let entries: import('node:fs').Dirent[];
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw err;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) pending.push(full);
      else if (entry.isFile()) out.push(path.relative(dir, full).split(path.sep).join('/'));
    }
  }
  return out.sort();
}

/** `public/banners/x.webp` -> its visibility and storage key; null for anything that is not an object. */
function splitObjectPath(relative: string): { visibility: Visibility; key: string } | null {
  const [visibility, ...rest] = relative.split('/');
  const key = rest.join('/');
  // Temp files of writes in flight start with a dot and are not valid keys.
  if (!VISIBILITIES.includes(visibility as Visibility) || !isValidKey(key)) return null;
  return { visibility: visibility as Visibility, key };
}

async function mapLimit<T>(
  items: readonly T[],
  limit: number,
  fn: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await fn(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

// ---------------------------------------------------------------------------------------------
// PostgreSQL: pg_dump / pg_restore from PATH

/** libpq takes the URL as is, but the password goes through the environment, not argv (ps). */
function libpqTarget(databaseUrl: string): { url: string; env: NodeJS.ProcessEnv } {
  const u = new URL(databaseUrl);
  const password = decodeURIComponent(u.password);
  u.password = '';
  return { url: u.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('error', (err: NodeJS.ErrnoException) => {
      reject(
        err.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found on PATH. Install the PostgreSQL client tools ` +
                '(postgresql-client, the same major version as the server or newer).',
            )
          : err,
      );
    });
    child.on('close', (code) => {
      if (code === 0) resolve(output);
      else reject(new BackupError(`${command} failed (exit ${code}):\n${output.trim()}`));
    });
  });
}

async function clientMajor(tool: 'pg_dump' | 'pg_restore'): Promise<number> {
  const out = await run(tool, ['--version'], process.env);
  const major = Number(/(\d+)(?:\.\d+)?/.exec(out)?.[1]);
  if (!Number.isFinite(major)) throw new BackupError(`Could not read the version of ${tool}: ${out}`);
  return major;
}

async function withPgClient<T>(databaseUrl: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function serverVersion(client: pg.Client): Promise<{ text: string; major: number }> {
  const { rows } = await client.query<{ v: string; n: string }>(
    "select current_setting('server_version') as v, current_setting('server_version_num') as n",
  );
  const row = rows[0] as { v: string; n: string };
  return { text: row.v, major: Math.floor(Number(row.n) / 10_000) };
}

/**
 * pg_dump is a consistent snapshot and fine while servers run. It reads from a snapshot this
 * connection exports, so the ticket count and slip keys in the manifest are those of the dump.
 */
async function dumpPostgres(databaseUrl: string, file: string): Promise<DatabaseSnapshot> {
  const toolMajor = await clientMajor('pg_dump');
  return withPgClient(databaseUrl, async (client) => {
    const version = await serverVersion(client);
    if (version.major > toolMajor) {
      throw new BackupError(
        `pg_dump ${toolMajor} cannot dump a PostgreSQL ${version.major} server. Install ` +
          `postgresql-client-${version.major} and put its bin folder first on PATH.`,
      );
    }
    await client.query('begin isolation level repeatable read read only');
    try {
      const { rows } = await client.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
      const tickets = (await client.query<{ n: number }>(TICKETS_SQL)).rows[0]?.n ?? 0;
      const slipKeys = (await client.query<{ key: string }>(SLIP_KEYS_SQL)).rows.map((r) => r.key);
      const target = libpqTarget(databaseUrl);
      await run(
        'pg_dump',
        ['--format=custom', `--snapshot=${rows[0]?.snapshot}`, `--file=${file}`, `--dbname=${target.url}`],
        target.env,
      );
      return { tickets, slipKeys, serverVersion: version.text };
    } finally {
      await client.query('rollback');
    }
  });
}

async function postgresIsEmpty(databaseUrl: string): Promise<boolean> {
  return withPgClient(databaseUrl, async (client) => {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    return rows[0]?.n === 0;
  });
}

async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  await clientMajor('pg_restore');
  const target = libpqTarget(databaseUrl);
  // One transaction: a restore that fails half-way leaves the database as it was.
  await run(
    'pg_restore',
    ['--clean', '--if-exists', '--no-owner', '--single-transaction', `--dbname=${target.url}`, file],
    target.env,
  );
}

async function countPostgresTickets(databaseUrl: string): Promise<number> {
  return withPgClient(databaseUrl, async (c) => (await c.query<{ n: number }>(TICKETS_SQL)).rows[0]?.n ?? 0);
}

// ---------------------------------------------------------------------------------------------
// PGlite: single-process, so only with the server stopped

function pgliteDir(config: Config): string {
  return path.join(config.dataDir, 'pglite');
}

/** Refuses while another live process has DATA_DIR/pglite open (the lock file openDatabase writes). */
export async function assertPgliteNotInUse(config: Config): Promise<void> {
  const lockFile = path.join(config.dataDir, PGLITE_LOCK_FILE);
  let holder: { pid?: number; hostname?: string };
  try {
    holder = JSON.parse(await readFile(lockFile, 'utf8'));
  } catch {
    return; // no lock file (or a torn one from a crash): nobody has it open
  }
  const pid = Number(holder.pid);
  const stop =
    'PGlite allows one process at a time: stop the server, then run this again ' +
    '(or use PostgreSQL, which can be backed up while servers run).';
  if (holder.hostname && holder.hostname !== hostname()) {
    throw new BackupError(
      `${pgliteDir(config)} is marked in use by process ${pid} on host ${holder.hostname}. ${stop} ` +
        `If no server runs there any more, delete ${lockFile}.`,
    );
  }
  if (!Number.isInteger(pid) || pid === process.pid) return;
  try {
    process.kill(pid, 0);
  } catch (err) {
    // ESRCH: the process is gone (killed without shutting down), the lock is stale.
    if ((err as NodeJS.ErrnoException).code === 'ESRCH') return;
  }
  throw new BackupError(`A server (process ${pid}) is using ${pgliteDir(config)}. ${stop}`);
}

async function dumpPglite(config: Config, file: string): Promise<DatabaseSnapshot> {
  if (!existsSync(path.join(pgliteDir(config), 'PG_VERSION'))) {
    throw new BackupError(`There is no PGlite database in ${pgliteDir(config)} (check DATA_DIR).`);
  }
  await assertPgliteNotInUse(config);
  // openDatabase marks the folder in use for as long as the dump runs.
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    const pglite = database.pglite as PGlite;
    const tickets = (await pglite.query<{ n: number }>(TICKETS_SQL)).rows[0]?.n ?? 0;
    const slipKeys = (await pglite.query<{ key: string }>(SLIP_KEYS_SQL)).rows.map((r) => r.key);
    const version =
      (await pglite.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ?? '';
    const dump = await pglite.dumpDataDir('gzip');
    await writeFile(file, Buffer.from(await dump.arrayBuffer()));
    return { tickets, slipKeys, serverVersion: `${version} (PGlite)` };
  } finally {
    await database.close();
  }
}

async function isNonEmptyDir(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).length > 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw err;
  }
}

async function restorePglite(config: Config, file: string): Promise<void> {
  const pglite = await PGlite.create({
    dataDir: pgliteDir(config),
    extensions: PGLITE_EXTENSIONS,
    loadDataDir: new Blob([new Uint8Array(await readFile(file))]),
  });
  await pglite.close();
}

async function countPgliteTickets(config: Config): Promise<number> {
  const database = await openDatabase({ dataDir: config.dataDir });
  try {
    return (await (database.pglite as PGlite).query<{ n: number }>(TICKETS_SQL)).rows[0]?.n ?? 0;
  } finally {
    await database.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Uploads: DATA_DIR/uploads or the S3 bucket

function s3Client(s3: NonNullable<Config['s3']>): S3Client {
  return new S3Client({
    region: s3.region,
    ...(s3.endpoint ? { endpoint: s3.endpoint, forcePathStyle: true } : {}),
    credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
  });
}

async function* listS3(s3: NonNullable<Config['s3']>, client: S3Client, maxKeys?: number) {
  let token: string | undefined;
  do {
    const page = await client.send(
      new ListObjectsV2Command({ Bucket: s3.bucket, ContinuationToken: token, MaxKeys: maxKeys }),
    );
    for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

/** Copies every upload into `<backup>/files/`; returns their paths there. */
async function copyUploads(config: Config, filesDir: string): Promise<string[]> {
  const copied: string[] = [];
  if (config.s3) {
    const s3 = config.s3;
    const client = s3Client(s3);
    const keys: string[] = [];
    for await (const key of listS3(s3, client)) if (splitObjectPath(key)) keys.push(key);
    await mapLimit(keys, 8, async (key) => {
      const res = await client.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
      if (!res.Body) return;
      const target = path.join(filesDir, ...key.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      await writeFile(target, await res.Body.transformToByteArray());
      copied.push(key);
    });
    client.destroy();
  } else {
    for (const relative of await walk(config.uploadsDir)) {
      if (!splitObjectPath(relative)) continue;
      const target = path.join(filesDir, ...relative.split('/'));
      await mkdir(path.dirname(target), { recursive: true });
      try {
        await copyFile(path.join(config.uploadsDir, ...relative.split('/')), target);
        copied.push(relative);
      } catch (err) {
        // Deleted since the listing (a ticket deleted meanwhile): no longer an upload.
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      }
    }
  }
  return copied.sort();
}

async function storageIsEmpty(config: Config): Promise<boolean> {
  if (!config.s3) return (await walk(config.uploadsDir)).length === 0;
  const client = s3Client(config.s3);
  try {
    for await (const _key of listS3(config.s3, client, 1)) return false;
    return true;
  } finally {
    client.destroy();
  }
}

// ---------------------------------------------------------------------------------------------
// Backup

export async function createBackup(config: Config, outDir: string, log: Log): Promise<Manifest> {
  if (await isNonEmptyDir(outDir)) throw new BackupError(`${outDir} already exists and is not empty.`);
  await mkdir(outDir, { recursive: true });
  try {
    return await writeBackup(config, outDir, log);
  } catch (err) {
    // The folder was empty or new: a failed backup leaves nothing behind that looks like one.
    await rm(outDir, { recursive: true, force: true });
    throw err;
  }
}

async function writeBackup(config: Config, outDir: string, log: Log): Promise<Manifest> {
  const kind = config.databaseUrl ? 'postgres' : 'pglite';

  // The database first, then the files: a slip is stored before its booking commits, so every
  // ticket in the dump finds its slip among files copied afterwards.
  const dbFile = kind === 'postgres' ? POSTGRES_DUMP : PGLITE_DUMP;
  log(`Dumping the ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} database...`);
  const snapshot = config.databaseUrl
    ? await dumpPostgres(config.databaseUrl, path.join(outDir, dbFile))
    : await dumpPglite(config, path.join(outDir, dbFile));

  log(`Copying uploads from ${config.s3 ? `S3 bucket ${config.s3.bucket}` : config.uploadsDir}...`);
  const copied = await copyUploads(config, path.join(outDir, FILES_DIR));
  const present = new Set(copied);
  const missing = snapshot.slipKeys.filter((key) => !present.has(`private/${key}`));
  if (missing.length > 0) {
    log(
      `Warning: ${missing.length} ticket(s) have no slip in storage, e.g. ${missing.slice(0, 3).join(', ')}`,
    );
  }

  const files: ManifestFile[] = [await describeFile(outDir, dbFile)];
  for (const relative of copied) files.push(await describeFile(outDir, `${FILES_DIR}/${relative}`));
  const manifest: Manifest = {
    format: 1,
    createdAt: new Date().toISOString(),
    database: { kind, file: dbFile, serverVersion: snapshot.serverVersion },
    storage: config.s3 ? 's3' : 'local',
    counts: { tickets: snapshot.tickets, files: copied.length },
    files,
  };
  // Written last: a folder without a manifest is an unfinished backup, and restore refuses it.
  await writeFile(path.join(outDir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
  const bytes = files.reduce((sum, f) => sum + f.size, 0);
  log(
    `Backup written to ${outDir}: ${manifest.counts.tickets} tickets, ${copied.length} files, ` +
      `${(bytes / 1_048_576).toFixed(1)} MB.`,
  );
  return manifest;
}

// ---------------------------------------------------------------------------------------------
// Restore

export async function readManifest(backupDir: string): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(path.join(backupDir, MANIFEST_FILE), 'utf8');
  } catch {
    throw new BackupError(`${backupDir} has no ${MANIFEST_FILE}: not a backup, or an unfinished one.`);
  }
  const manifest = JSON.parse(text) as Manifest;
  if (manifest.format !== 1 || !Array.isArray(manifest.files)) {
    throw new BackupError(`${MANIFEST_FILE} in ${backupDir} is not a backup manifest this version reads.`);
  }
  return manifest;
}

/** Every listed file present with its checksum, and no upload the manifest does not list. */
export async function verifyBackup(backupDir: string, manifest: Manifest): Promise<void> {
  const problems: string[] = [];
  for (const file of manifest.files) {
    if (file.path.split('/').includes('..')) {
      problems.push(`${file.path}: not a path inside the backup`);
      continue;
    }
    const full = path.join(backupDir, ...file.path.split('/'));
    if (!existsSync(full)) problems.push(`${file.path}: missing`);
    else if ((await sha256File(full)) !== file.sha256) problems.push(`${file.path}: checksum mismatch`);
  }
  const listed = new Set(manifest.files.map((f) => f.path));
  for (const relative of await walk(path.join(backupDir, FILES_DIR))) {
    if (!listed.has(`${FILES_DIR}/${relative}`))
      problems.push(`${FILES_DIR}/${relative}: not in the manifest`);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).join('\n  ');
    const more = problems.length > 10 ? `\n  ...and ${problems.length - 10} more` : '';
    throw new BackupError(
      `The backup in ${backupDir} failed verification; nothing was changed.\n  ${shown}${more}`,
    );
  }
}

/** Moves a folder aside (never deletes it) and says where it went. */
async function moveAside(dir: string, log: Log): Promise<void> {
  if (!(await isNonEmptyDir(dir))) return;
  const stamp = new Date()
    .toISOString()
    .replace(/\.\d+Z$/, 'Z')
    .replaceAll(':', '-');
  const aside = `${dir}.replaced-${stamp}`;
  await rename(dir, aside);
  log(`Moved the existing ${path.basename(dir)} folder to ${aside} (delete it once the restore is checked).`);
}

export async function restoreBackup(
  config: Config,
  backupDir: string,
  opts: { force: boolean },
  log: Log,
): Promise<{ tickets: number; files: number }> {
  const manifest = await readManifest(backupDir);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  if (manifest.database.kind !== kind) {
    throw new BackupError(
      `This is a ${manifest.database.kind} backup, but the configured database is ${kind}: ` +
        (kind === 'postgres' ? 'unset DATABASE_URL to restore into DATA_DIR.' : 'set DATABASE_URL.'),
    );
  }
  log(`Verifying ${manifest.files.length} files of the backup made ${manifest.createdAt}...`);
  await verifyBackup(backupDir, manifest);

  if (kind === 'pglite') await assertPgliteNotInUse(config);
  const databaseEmpty = config.databaseUrl
    ? await postgresIsEmpty(config.databaseUrl)
    : !(await isNonEmptyDir(pgliteDir(config)));
  const storageEmpty = await storageIsEmpty(config);
  if (!(databaseEmpty && storageEmpty) && !opts.force) {
    const what = [databaseEmpty ? '' : 'the database', storageEmpty ? '' : 'the file storage'].filter(
      Boolean,
    );
    throw new BackupError(
      `Refusing to restore: ${what.join(' and ')} of the target already hold data. ` +
        'Run again with --force to replace it; nothing was changed.',
    );
  }

  const dbFile = path.join(backupDir, manifest.database.file);
  let tickets: number;
  if (config.databaseUrl) {
    log('Restoring the PostgreSQL database with pg_restore...');
    await restorePostgres(config.databaseUrl, dbFile);
    tickets = await countPostgresTickets(config.databaseUrl);
  } else {
    log(`Restoring the PGlite database into ${pgliteDir(config)}...`);
    await mkdir(config.dataDir, { recursive: true });
    await moveAside(pgliteDir(config), log);
    await restorePglite(config, dbFile);
    tickets = await countPgliteTickets(config);
  }
  if (tickets !== manifest.counts.tickets) {
    throw new BackupError(
      `The restored database has ${tickets} tickets, the manifest says ${manifest.counts.tickets}.`,
    );
  }

  // Over S3 the objects are written over (others in the bucket stay); on disk the old folder is moved aside.
  if (!config.s3 && !storageEmpty) await moveAside(config.uploadsDir, log);
  const storage = createStorage(config);
  const uploads = manifest.files.filter((f) => f.path.startsWith(`${FILES_DIR}/`));
  log(
    `Restoring ${uploads.length} files to ${config.s3 ? `S3 bucket ${config.s3.bucket}` : config.uploadsDir}...`,
  );
  await mapLimit(uploads, 8, async (file) => {
    const object = splitObjectPath(file.path.slice(FILES_DIR.length + 1));
    if (!object) return;
    const body = await readFile(path.join(backupDir, ...file.path.split('/')));
    await storage.put(object.key, body, {
      contentType: contentTypeForKey(object.key),
      visibility: object.visibility,
      overwrite: true,
    });
  });
  log(
    `Restored ${tickets} tickets and ${uploads.length} files from the backup made ${manifest.createdAt} ` +
      `(${manifest.database.kind}, ${manifest.database.serverVersion}).`,
  );
  return { tickets, files: uploads.length };
}
