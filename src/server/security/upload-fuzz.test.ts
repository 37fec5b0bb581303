import { randomBytes, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { banners, launches, tickets } from '#server/db/schema.ts';
import { IMAGE_MAX_BYTES } from '#shared/constants.ts';
import type { BookingRequest } from '#shared/schemas.ts';
import { type MadeSchedule, makeLaunch, makePaymentSettings, makeSchedule } from '#tests/factories.ts';
import { type AdminApp, createAdminApp } from '#tests/setup/admin-app.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import { pngChunk, pngClaiming } from '#tests/setup/png.ts';
import { tripBookingRequest, verifiedToken } from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/** A file to upload, with the name and type a browser (or an attacker) would send. */
type Sample = { label: string; body: Buffer; name: string; type: string };

/** Bytes that must never survive into a stored file. */
const MARKERS = ['<script', '<html', '<svg', 'PK\u0003\u0004', 'alert(1)'];

/** A PNG whose header claims width x height, with a few bytes of (compressed) pixel data. */
const pngBomb = (width: number, height: number) => pngClaiming(width, height, 4096);

/** The JPEG with its frame header (SOF0) rewritten to claim width x height. */
function jpegBomb(jpeg: Buffer, width: number, height: number): Buffer {
  const out = Buffer.from(jpeg);
  for (let i = 2; i < out.length - 9; i++) {
    if (out[i] === 0xff && (out[i + 1] === 0xc0 || out[i + 1] === 0xc2)) {
      out.writeUInt16BE(height, i + 5);
      out.writeUInt16BE(width, i + 7);
      return out;
    }
  }
  throw new Error('no SOF marker');
}

/** A lossy WebP with the VP8 frame header rewritten to claim its largest size (16383 x 16383). */
function webpBomb(webp: Buffer): Buffer {
  const out = Buffer.from(webp);
  if (out.toString('latin1', 12, 16) !== 'VP8 ') throw new Error('not a simple lossy WebP');
  out.writeUInt16LE(0x3fff, 26);
  out.writeUInt16LE(0x3fff, 28);
  return out;
}

/** Every cut point of a file, thinned to about `count` evenly spread positions. */
function cutPoints(length: number, count: number): number[] {
  const points = new Set<number>([1, 2, 3, 4, 8, 12, 16, 32, length - 1, length - 2, length - 4]);
  for (let i = 1; i <= count; i++) points.add(Math.floor((length * i) / (count + 1)));
  return [...points].filter((p) => p > 0 && p < length).sort((a, b) => a - b);
}

async function listFiles(dir: string): Promise<string[]> {
  try {
    const entries = await readdir(dir, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.join(e.parentPath, e.name))
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
}

/** A stored file is a fresh WebP or PNG: the container ends where it says, nothing appended. */
async function expectCleanImage(file: Buffer): Promise<void> {
  const text = file.toString('latin1');
  for (const marker of MARKERS) expect(text).not.toContain(marker);
  if (text.startsWith('RIFF')) {
    expect(text.slice(8, 12)).toBe('WEBP');
    expect(file.readUInt32LE(4) + 8).toBe(file.length);
  } else {
    expect(file.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(
      true,
    );
    expect(file.subarray(-12).equals(pngChunk('IEND', Buffer.alloc(0)))).toBe(true);
  }
  const meta = await sharp(file).metadata();
  expect(['webp', 'png']).toContain(meta.format);
  expect(meta.exif).toBeUndefined();
  expect(meta.xmp).toBeUndefined();
}

describe(`image uploads refuse bad files (${testDatabaseKind})`, () => {
  let t: AdminApp;
  let trip: MadeSchedule;
  let freeSeats: string[];
  let email: string;
  let token: string;
  let launchId: string;
  /** Files that must be refused, whatever they claim to be. */
  const bad: Sample[] = [];
  /** A valid image in disguise (bytes appended, wrong name or type): refused, or stored clean. */
  const disguised: Sample[] = [];

  beforeAll(async () => {
    // Many bookings from one test address: the per-IP limits are not what this file tests.
    t = await createAdminApp({ env: { RATE_LIMIT_SCALE: '1000' } });
    await makePaymentSettings(t.database.db);
    const tomorrow = new Date(Date.now() + 24 * 60 * 60_000).toISOString().slice(0, 10);
    const launch = await makeLaunch(t.database.db, { seats: 40 });
    launchId = launch.id;
    trip = await makeSchedule(t.database.db, { travelDate: tomorrow, launchIds: [launch.id] });
    freeSeats = [...launch.seatNumbers];
    email = `fuzz-${randomUUID()}@example.com`;
    token = await verifiedToken(t.app, email);

    const noise = {
      width: 48,
      height: 32,
      channels: 3 as const,
      background: '#000',
      noise: { type: 'gaussian' as const, mean: 128, sigma: 40 },
    };
    const jpeg = await sharp({ create: noise }).jpeg({ quality: 80 }).toBuffer();
    const png = await sharp({ create: noise }).png().toBuffer();
    const webp = await sharp({ create: noise }).webp({ quality: 80 }).toBuffer();
    const gif = await sharp({ create: noise }).gif().toBuffer();
    const tiff = await sharp({ create: noise }).tiff().toBuffer();
    const originals = [
      { ext: 'jpg', type: 'image/jpeg', body: jpeg },
      { ext: 'png', type: 'image/png', body: png },
      { ext: 'webp', type: 'image/webp', body: webp },
    ];

    for (const { ext, type, body } of originals) {
      // Cuts inside the end marker (JPEG EOI, PNG IEND) leave every pixel intact: decoders accept
      // such files, so they are only required to come out clean.
      const trailer = ext === 'jpg' ? 2 : ext === 'png' ? 12 : 0;
      for (const cut of cutPoints(body.length, 16)) {
        const sample = {
          label: `${ext} cut at ${cut}/${body.length}`,
          body: body.subarray(0, cut),
          name: `cut.${ext}`,
          type,
        };
        (cut >= body.length - trailer ? disguised : bad).push(sample);
      }
    }

    const magic: Record<string, Buffer> = {
      jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
      png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      webp: Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x40, 0, 0, 0]), Buffer.from('WEBPVP8 ')]),
    };
    for (const { ext, type, body: source } of originals) {
      for (const size of [0, 1, 7, 16, 64, 100, 256, 1000, 4096, 20_000]) {
        for (let n = 0; n < 4; n++) {
          const body = Buffer.concat([magic[ext] ?? Buffer.alloc(0), randomBytes(size)]);
          bad.push({ label: `${ext} magic + ${size} random bytes`, body, name: `noise.${ext}`, type });
        }
      }
      // The real header and overwritten entropy-coded data: still decodable (wrong pixels), so
      // it may be accepted, but only as a clean re-encoding.
      const corrupt = Buffer.from(source);
      for (let i = Math.floor(corrupt.length / 3); i < corrupt.length - 4; i += 7) corrupt[i] = 0x55;
      disguised.push({ label: `${ext} corrupted body`, body: corrupt, name: `corrupt.${ext}`, type });
    }

    const html = Buffer.from('<!doctype html><html><body><script>alert(1)</script></body></html>');
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>',
    );
    bad.push(
      { label: 'empty file', body: Buffer.alloc(0), name: 'empty.jpg', type: 'image/jpeg' },
      { label: 'HTML named .jpg', body: html, name: 'page.jpg', type: 'image/jpeg' },
      { label: 'SVG named .jpg', body: svg, name: 'vector.jpg', type: 'image/jpeg' },
      { label: 'SVG as image/svg+xml', body: svg, name: 'vector.svg', type: 'image/svg+xml' },
      { label: 'GIF named .jpg', body: gif, name: 'anim.jpg', type: 'image/jpeg' },
      { label: 'TIFF named .png', body: tiff, name: 'scan.png', type: 'image/png' },
      {
        label: 'PE header named .png',
        body: Buffer.concat([Buffer.from('MZ'), randomBytes(500)]),
        name: 'a.png',
        type: 'image/png',
      },
      {
        label: 'zip named .webp',
        body: Buffer.concat([Buffer.from('PK\u0003\u0004'), randomBytes(300)]),
        name: 'a.webp',
        type: 'image/webp',
      },
      {
        label: 'JPEG magic on a PNG',
        body: Buffer.concat([magic.jpg ?? Buffer.alloc(0), png]),
        name: 'mix.jpg',
        type: 'image/jpeg',
      },
      {
        label: 'PNG magic on a JPEG',
        body: Buffer.concat([magic.png ?? Buffer.alloc(0), jpeg]),
        name: 'mix.png',
        type: 'image/png',
      },
      {
        label: 'PNG 8000x6000 (48 MP)',
        body: await sharp({ create: { width: 8000, height: 6000, channels: 3, background: '#3366aa' } })
          .png({ compressionLevel: 9 })
          .toBuffer(),
        name: 'huge.png',
        type: 'image/png',
      },
      { label: 'PNG bomb 60000x60000', body: pngBomb(60_000, 60_000), name: 'bomb.png', type: 'image/png' },
      { label: 'PNG bomb 7000x6000', body: pngBomb(7000, 6000), name: 'bomb.png', type: 'image/png' },
      {
        label: 'JPEG bomb 65535x65535',
        body: jpegBomb(jpeg, 65_535, 65_535),
        name: 'bomb.jpg',
        type: 'image/jpeg',
      },
      {
        label: 'JPEG bomb 9000x5000',
        body: jpegBomb(jpeg, 9000, 5000),
        name: 'bomb.jpg',
        type: 'image/jpeg',
      },
      { label: 'WebP bomb 16383x16383', body: webpBomb(webp), name: 'bomb.webp', type: 'image/webp' },
      {
        label: 'JPEG over 10 MB',
        body: Buffer.concat([jpeg, randomBytes(IMAGE_MAX_BYTES)]),
        name: 'big.jpg',
        type: 'image/jpeg',
      },
      { label: 'random 12 MB', body: randomBytes(12 * 1024 * 1024), name: 'big.png', type: 'image/png' },
    );

    disguised.push(
      { label: 'JPEG + HTML', body: Buffer.concat([jpeg, html]), name: 'poly.jpg', type: 'image/jpeg' },
      {
        label: 'PNG + zip',
        body: Buffer.concat([png, Buffer.from('PK\u0003\u0004'), randomBytes(200)]),
        name: 'poly.png',
        type: 'image/png',
      },
      {
        label: 'WebP + JS',
        body: Buffer.concat([webp, Buffer.from('<script>alert(1)</script>')]),
        name: 'poly.webp',
        type: 'image/webp',
      },
      { label: 'PNG named .jpg', body: png, name: 'photo.jpg', type: 'image/jpeg' },
      { label: 'WebP sent as text/html', body: webp, name: 'index.html', type: 'text/html' },
    );
    // A few hundred refusals per route, a handful of disguised images.
    expect(bad.length).toBeGreaterThan(200);
    expect(disguised.length).toBeGreaterThan(5);
  }, 60_000);
  afterAll(() => t.close());

  const bookingRequest = (seat: string): BookingRequest =>
    tripBookingRequest(trip, { seats: [seat], email, verificationToken: token });

  type Target = {
    name: string;
    send(file: Sample, seat: string): Promise<LightMyRequestResponse>;
    /** A snapshot of what the route stores besides files: equal before and after a refusal. */
    state(): Promise<unknown>;
  };

  const admin =
    (url: string, fields: Record<string, string> = {}) =>
    async (file: Sample) => {
      const form = await multipartBody(fields, {
        image: { body: file.body, type: file.type, name: file.name },
      });
      return t.inject({ method: 'POST', url, payload: form.payload, headers: form.headers });
    };
  const branding = async () => (await t.get('/api/admin/pwa-settings')).json();

  const targets: Target[] = [
    {
      name: 'booking slip',
      async send(file, seat) {
        const form = await multipartBody(
          { booking: JSON.stringify(bookingRequest(seat)) },
          { slip: { body: file.body, type: file.type, name: file.name } },
        );
        return t.app.inject({
          method: 'POST',
          url: '/api/bookings',
          payload: form.payload,
          headers: {
            ...form.headers,
            'x-booking-session': randomUUID(),
            'idempotency-key': `key-${randomUUID()}`,
          },
        });
      },
      state: async () => (await t.database.db.select({ id: tickets.id }).from(tickets)).length,
    },
    {
      name: 'banner',
      send: admin('/api/admin/banners', { showOnDesktop: 'true', showOnMobile: 'true' }),
      state: async () => (await t.database.db.select({ id: banners.id }).from(banners)).length,
    },
    {
      name: 'launch image',
      send: (file) => admin(`/api/admin/launches/${launchId}/image`)(file),
      state: async () =>
        (
          await t.database.db
            .select({ key: launches.imageKey })
            .from(launches)
            .where(eq(launches.id, launchId))
        )[0],
    },
    ...(['icon', 'logo', 'favicon'] as const).map((kind) => ({
      name: `branding ${kind}`,
      send: admin(`/api/admin/pwa-settings/${kind}`),
      state: branding,
    })),
  ];

  for (const target of targets) {
    it(`${target.name}: every bad file is refused with a 4xx and nothing is stored`, async () => {
      const before = { files: await listFiles(t.config.uploadsDir), state: await target.state() };
      const wrong: string[] = [];
      for (const file of bad) {
        const res = await target.send(file, 'A1');
        if (res.statusCode < 400 || res.statusCode >= 500)
          wrong.push(`${file.label}: ${res.statusCode} ${res.body.slice(0, 120)}`);
        else expect(res.json().error.message).toEqual(expect.any(String));
      }
      expect(wrong).toEqual([]);
      expect(await listFiles(t.config.uploadsDir)).toEqual(before.files);
      expect(await target.state()).toEqual(before.state);
    }, 60_000);

    it(`${target.name}: a valid image in disguise is refused or stored re-encoded without the extra bytes`, async () => {
      for (const file of disguised) {
        const before = await listFiles(t.config.uploadsDir);
        const res = await target.send(file, freeSeats.pop() ?? 'A1');
        expect(res.statusCode, `${file.label}: ${res.body}`).toBeLessThan(500);
        const added = (await listFiles(t.config.uploadsDir)).filter((f) => !before.includes(f));
        if (res.statusCode >= 400) {
          expect(added, file.label).toEqual([]);
          continue;
        }
        expect(added.length, file.label).toBeGreaterThan(0);
        for (const stored of added) await expectCleanImage(await readFile(stored));
      }
    }, 60_000);
  }
});
