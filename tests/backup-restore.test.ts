import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { cp, mkdir, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookingLookup, Location, SeatMap, Trip, TripLaunch } from '#shared/schemas.ts';
import type { Manifest } from '../scripts/lib/backup.ts';
import {
  adminCookie,
  bookingRequest,
  OPEN_HOLD_LIMITS,
  operatorDate,
  submitBookingOverHttp,
  verifyEmailOverHttp,
} from './setup/http-passenger.ts';
import {
  createScratchPostgres,
  freePort,
  type ScratchPostgres,
  type ServerProcess,
  startServer,
  waitForHealth,
} from './setup/server-process.ts';
import { type SmtpSink, startSmtpSink } from './setup/smtp-sink.ts';
import { testDatabaseKind } from './setup/test-db.ts';

/*
 * `npm run backup` and `npm run restore` as an operator runs them: bookings made over HTTP on a
 * real server, the scripts as child processes with the server's environment, and a server started
 * on the restored data that must find every booking and serve every slip byte for byte.
 */
const root = path.resolve(import.meta.dirname, '..');
const node = path.join(root, 'node_modules/.bin/node');
const ADMIN = { email: 'backup-admin@example.com', password: 'backup-secret-1' };
const BOOKINGS = 3;

type Booked = { reference: string; ticketId: string; lookup: BookingLookup; slip: Buffer };

function runScript(script: string, args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(node, [script, ...args], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', ...env },
    });
    let output = '';
    child.stdout.on('data', (d) => {
      output += d;
    });
    child.stderr.on('data', (d) => {
      output += d;
    });
    child.on('close', (code) => resolve({ code, output }));
  });
}

async function api<T>(
  base: string,
  method: string,
  url: string,
  init: { body?: unknown; cookie?: string } = {},
) {
  const headers: Record<string, string> = { origin: base };
  if (init.body !== undefined) headers['content-type'] = 'application/json';
  if (init.cookie) headers.cookie = init.cookie;
  const res = await fetch(`${base}${url}`, {
    method,
    headers,
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${await res.text()}`);
  return { res, json: () => res.json() as Promise<T> };
}

async function slipOf(base: string, cookie: string, ticketId: string): Promise<Buffer> {
  const res = await fetch(`${base}/api/admin/tickets/${ticketId}/slip`, { headers: { cookie } });
  expect(res.status).toBe(200);
  return Buffer.from(await res.arrayBuffer());
}

/** A photo of its own per booking, so a slip swapped or lost in the restore cannot go unnoticed. */
function slipPhoto(i: number): Promise<Buffer> {
  return sharp({
    create: { width: 320, height: 240, channels: 3, background: { r: 40 + i * 60, g: 200 - i * 50, b: 90 } },
  })
    .jpeg()
    .toBuffer();
}

describe(`backup and restore (${testDatabaseKind})`, () => {
  const work = path.join(root, '.tmp', 'backup', randomUUID());
  const sourceDir = path.join(work, 'source');
  const targetDir = path.join(work, 'target');
  const backupDir = path.join(work, 'backup');
  let sink: SmtpSink;
  let source: ServerProcess | undefined;
  let restored: ServerProcess | undefined;
  let sourceDb: ScratchPostgres | undefined;
  let targetDb: ScratchPostgres | undefined;
  let sourceEnv: Record<string, string>;
  let targetEnv: Record<string, string>;
  const booked: Booked[] = [];

  async function book(base: string, trip: Trip, launch: TripLaunch, seat: string, slip: Buffer) {
    const email = `backup-${randomUUID()}@example.com`;
    const booking = bookingRequest({
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      originId: trip.from.id,
      destinationId: trip.to.id,
      launchId: launch.id,
      seats: [seat],
      email,
      verificationToken: await verifyEmailOverHttp(sink, email, base),
    });
    const res = await submitBookingOverHttp(base, booking, slip, {
      session: randomUUID(),
      idempotencyKey: `key-${randomUUID()}`,
    });
    if (res.status !== 201) throw new Error(`booking failed: ${res.status} ${await res.text()}`);
    return ((await res.json()) as { reference: string }).reference;
  }

  async function targetIsEmpty(): Promise<boolean> {
    if (targetDb) {
      const client = new pg.Client({ connectionString: targetDb.url });
      await client.connect();
      try {
        const { rows } = await client.query(
          "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
        );
        return rows[0].n === 0;
      } finally {
        await client.end();
      }
    }
    return (await readdir(targetDir).catch(() => [])).length === 0;
  }

  beforeAll(async () => {
    await mkdir(work, { recursive: true });
    sink = await startSmtpSink();
    const common = {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      RATE_LIMIT_SCALE: '100000',
      ...OPEN_HOLD_LIMITS,
      SMTP_URL: sink.url,
      MAIL_CLAIM_SECONDS: '8',
    };
    sourceEnv = { ...common, DATA_DIR: sourceDir, SEED_DEMO: 'true' };
    targetEnv = { ...common, DATA_DIR: targetDir, SEED_DEMO: 'false' };
    if (testDatabaseKind === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL ?? '';
      sourceDb = await createScratchPostgres(adminUrl, 'ferry_backup');
      targetDb = await createScratchPostgres(adminUrl, 'ferry_restore');
      sourceEnv.DATABASE_URL = sourceDb.url;
      targetEnv.DATABASE_URL = targetDb.url;
    }

    source = startServer(sourceEnv, await freePort());
    await waitForHealth(source);
    const base = source.url;
    const date = operatorDate(3);
    const locations = await (await api<Location[]>(base, 'GET', '/api/locations')).json();
    const idOf = (name: string) => locations.find((l) => l.name === name)?.id ?? '';
    const [trip] = await (
      await api<Trip[]>(base, 'GET', `/api/trips?date=${date}&from=${idOf('Malé')}&to=${idOf('Rasdhoo')}`)
    ).json();
    if (!trip) throw new Error('the demo has no Malé -> Rasdhoo trip');
    const launches = await (
      await api<TripLaunch[]>(base, 'GET', `/api/trips/${trip.scheduleId}/launches?date=${date}`)
    ).json();
    const launch = launches.find((l) => l.freeSeats >= BOOKINGS);
    if (!launch) throw new Error('no launch with free seats');
    const map = await (
      await api<SeatMap>(
        base,
        'GET',
        `/api/trips/${trip.scheduleId}/seats?date=${date}&launchId=${launch.id}`,
      )
    ).json();
    const seats = map.seats.filter((s) => s.state === 'available').map((s) => s.label);

    const cookie = await adminCookie(base, ADMIN.email, ADMIN.password);
    for (let i = 0; i < BOOKINGS; i++) {
      const reference = await book(base, trip, launch, seats[i] ?? '', await slipPhoto(i));
      const ticket = await (
        await api<{ id: string }>(base, 'GET', `/api/admin/tickets/by-reference/${reference}`, { cookie })
      ).json();
      if (i === 0) await api(base, 'POST', `/api/admin/tickets/${ticket.id}/approve`, { cookie });
      const lookup = await (await api<BookingLookup>(base, 'GET', `/api/bookings/${reference}`)).json();
      booked.push({ reference, ticketId: ticket.id, lookup, slip: await slipOf(base, cookie, ticket.id) });
    }
  }, 240_000);

  afterAll(async () => {
    await source?.stop();
    await restored?.stop();
    await sink?.close();
    await sourceDb?.drop();
    await targetDb?.drop();
    await rm(work, { recursive: true, force: true });
  });

  it('the bookings differ: one approved, each with a slip of its own', () => {
    expect(booked).toHaveLength(BOOKINGS);
    expect(booked[0]?.lookup.ticketStatus).toBe('confirmed');
    expect(booked[1]?.lookup.ticketStatus).toBe('pending');
    expect(new Set(booked.map((b) => b.slip.toString('base64'))).size).toBe(BOOKINGS);
  });

  it('backs up: PGlite only with the server stopped, PostgreSQL while it runs', async () => {
    if (testDatabaseKind === 'pglite') {
      const refused = await runScript('scripts/backup.ts', ['--out', backupDir], sourceEnv);
      expect(refused.code).toBe(1);
      expect(refused.output).toContain('stop the server');
      expect(await readdir(backupDir).catch(() => [])).not.toContain('manifest.json');
      await rm(backupDir, { recursive: true, force: true });
      expect(await source?.stop()).toBe(0);
    }
    const result = await runScript('scripts/backup.ts', ['--out', backupDir], sourceEnv);
    expect(result.code, result.output).toBe(0);
    const manifest = JSON.parse(await readFile(path.join(backupDir, 'manifest.json'), 'utf8')) as Manifest;
    expect(manifest.database.kind).toBe(testDatabaseKind);
    expect(manifest.counts.tickets).toBe(BOOKINGS);
    const slips = manifest.files.filter((f) => f.path.startsWith('files/private/'));
    expect(slips.length).toBeGreaterThanOrEqual(BOOKINGS);
    expect(manifest.counts.files).toBe(manifest.files.length - 1);
    for (const file of manifest.files) expect(file.sha256).toMatch(/^[0-9a-f]{64}$/);
  }, 120_000);

  it('refuses a tampered backup and changes nothing', async () => {
    const tampered = path.join(work, 'tampered');
    await cp(backupDir, tampered, { recursive: true });
    const manifest = JSON.parse(await readFile(path.join(tampered, 'manifest.json'), 'utf8')) as Manifest;
    const victim = manifest.files.find((f) => f.path.startsWith('files/private/'))?.path ?? '';
    const file = path.join(tampered, victim);
    const bytes = await readFile(file);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) ^ 0xff;
    await writeFile(file, bytes);

    const result = await runScript('scripts/restore.ts', [tampered], targetEnv);
    expect(result.code).toBe(1);
    expect(result.output).toContain(`${victim}: checksum mismatch`);
    expect(await targetIsEmpty()).toBe(true);
  }, 60_000);

  it('restores into an empty target and says what it restored', async () => {
    const result = await runScript('scripts/restore.ts', [backupDir], targetEnv);
    expect(result.code, result.output).toBe(0);
    expect(result.output).toContain(`Restored ${BOOKINGS} tickets`);
    expect(await targetIsEmpty()).toBe(false);
  }, 120_000);

  it('refuses a target that holds data unless --force', async () => {
    const refused = await runScript('scripts/restore.ts', [backupDir], targetEnv);
    expect(refused.code).toBe(1);
    expect(refused.output).toContain('--force');
    expect(refused.output).not.toContain('Restored');

    const forced = await runScript('scripts/restore.ts', [backupDir, '--force'], targetEnv);
    expect(forced.code, forced.output).toBe(0);
    expect(forced.output).toContain(`Restored ${BOOKINGS} tickets`);
    if (testDatabaseKind === 'pglite') {
      // What --force replaced is moved aside, not deleted.
      expect((await readdir(targetDir)).some((name) => name.startsWith('pglite.replaced-'))).toBe(true);
    }
  }, 120_000);

  it('a server on the restored data finds every booking with its status and serves every slip unchanged', async () => {
    await source?.stop();
    restored = startServer(targetEnv, await freePort());
    await waitForHealth(restored);
    const base = restored.url;
    const cookie = await adminCookie(base, ADMIN.email, ADMIN.password);
    for (const b of booked) {
      const lookup = await (await api<BookingLookup>(base, 'GET', `/api/bookings/${b.reference}`)).json();
      expect(lookup).toEqual(b.lookup);
      expect((await slipOf(base, cookie, b.ticketId)).equals(b.slip)).toBe(true);
    }
  }, 120_000);
});
