import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { asc, count, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_LOCATIONS, DEMO_ADMIN, SAMPLE_LAUNCH_SEATS } from '#shared/constants.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import type { Clock } from '../lib/clock.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { createLocalStorage, type Storage } from '../lib/storage.ts';
import { ensureAdmin } from '../services/ensure-admin.ts';
import type { Db } from './client.ts';
import {
  adminProfiles,
  adminUsers,
  banners,
  launches,
  locations,
  paymentSettings,
  pwaSettings,
  routeFares,
  scheduleLaunches,
  scheduleRouteStops,
  schedules,
} from './schema.ts';
import { DEMO_FARES, DEMO_ROUTES, DEMO_SCHEDULE_DAYS, seedDemo } from './seed.ts';

const TZ = 'Indian/Maldives';
// 20:00 UTC is already the next day in the Maldives (UTC+5): "today" must come from the operator zone.
const clock: Clock = { now: () => new Date('2025-03-10T20:00:00Z') };
const TODAY = '2025-03-11';
const LAST_DAY = '2025-03-24';

async function counts(db: Db) {
  const tally = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
  return {
    locations: await tally(db.select({ n: count() }).from(locations)),
    launches: await tally(db.select({ n: count() }).from(launches)),
    schedules: await tally(db.select({ n: count() }).from(schedules)),
    stops: await tally(db.select({ n: count() }).from(scheduleRouteStops)),
    scheduleLaunches: await tally(db.select({ n: count() }).from(scheduleLaunches)),
    banners: await tally(db.select({ n: count() }).from(banners)),
    paymentSettings: await tally(db.select({ n: count() }).from(paymentSettings)),
    pwaSettings: await tally(db.select({ n: count() }).from(pwaSettings)),
  };
}

async function tempStorage(): Promise<{ storage: Storage; dir: string }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'ferry-seed-'));
  return { storage: createLocalStorage(dir), dir };
}

/** Each schedule's stops in order, with the place's name and the time it leaves. */
async function stopsBySchedule(db: Db) {
  const rows = await db
    .select({
      scheduleId: scheduleRouteStops.scheduleId,
      time: scheduleRouteStops.departureTime,
      name: locations.name,
    })
    .from(scheduleRouteStops)
    .innerJoin(locations, eq(locations.id, scheduleRouteStops.locationId))
    .orderBy(asc(scheduleRouteStops.scheduleId), asc(scheduleRouteStops.stopOrder));
  const bySchedule = new Map<string, typeof rows>();
  for (const row of rows) bySchedule.set(row.scheduleId, [...(bySchedule.get(row.scheduleId) ?? []), row]);
  return bySchedule;
}

describe(`seedDemo (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let storage: Storage;
  let dir: string;
  let first: { seeded: boolean };
  let second: { seeded: boolean };
  let afterFirst: Awaited<ReturnType<typeof counts>>;
  let afterSecond: Awaited<ReturnType<typeof counts>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    ({ storage, dir } = await tempStorage());
    first = await seedDemo({ db: database.db, storage, tzOperator: TZ, clock });
    afterFirst = await counts(database.db);
    second = await seedDemo({ db: database.db, storage, tzOperator: TZ, clock });
    afterSecond = await counts(database.db);
  });
  afterAll(async () => {
    await database?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('seeds once and leaves a seeded database alone', () => {
    expect(first).toEqual({ seeded: true });
    expect(second).toEqual({ seeded: false });
    expect(afterSecond).toEqual(afterFirst);
    expect(afterFirst).toMatchObject({
      locations: 5,
      launches: 2,
      schedules: DEMO_SCHEDULE_DAYS * DEMO_ROUTES.length,
      paymentSettings: 1,
      pwaSettings: 1,
    });
    expect(afterFirst.banners).toBeGreaterThanOrEqual(3);
  });

  it('seeds the default locations of the specification', async () => {
    const rows = await database.db.select().from(locations).orderBy(asc(locations.name));
    expect(rows.map((l) => l.name).sort()).toEqual([...DEFAULT_LOCATIONS].sort());
    expect(new Set(rows.map((l) => l.code)).size).toBe(rows.length);
    expect(rows.find((l) => l.name === 'Malé')?.code).toBe('MLE');
    expect(rows.find((l) => l.name === 'Airport')?.code).toBe('VIA');
    expect(rows.every((l) => l.country === 'Maldives')).toBe(true);
  });

  it('seeds the 12-seat sample launch and a larger launch with a stored image', async () => {
    const rows = await database.db.select().from(launches).orderBy(asc(launches.name));
    const seaBreeze = rows.find((l) => l.name === 'Sea Breeze');
    expect(seaBreeze).toMatchObject({ capacity: 12, status: 'active', imageUrl: null, imageKey: null });
    expect(seaBreeze?.seatNumbers).toEqual(SAMPLE_LAUNCH_SEATS);

    const express = rows.find((l) => l.name === 'Island Express');
    expect(express?.capacity).toBe(express?.seatNumbers.length);
    expect(express?.capacity).toBeGreaterThan(12);
    expect(new Set(express?.seatNumbers).size).toBe(express?.capacity);
    const key = express?.imageKey ?? '';
    expect(key).toMatch(new RegExp(`^launch-images/launch_${express?.id}_\\d+\\.webp$`));
    expect(express?.imageUrl).toBe(`/files/${key}`);
    const file = await storage.get(key, 'public');
    expect(file).not.toBeNull();
    const meta = await sharp(file?.body).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 800, height: 600 });
  });

  it('seeds banners for both devices as WebP files of the right size', async () => {
    const rows = await database.db.select().from(banners).orderBy(asc(banners.displayOrder));
    expect(rows.map((b) => b.displayOrder)).toEqual(rows.map((_, i) => i + 1));
    expect(rows.map((b) => b.title)).toEqual(rows.map((_, i) => `Banner ${i + 1}`));
    expect(rows.some((b) => b.showOnDesktop)).toBe(true);
    expect(rows.some((b) => b.showOnMobile)).toBe(true);
    for (const banner of rows) {
      expect(banner.isActive).toBe(true);
      expect(banner.showOnDesktop).not.toBe(banner.showOnMobile);
      const key = banner.imageKey ?? '';
      expect(key).toMatch(new RegExp(`^banners/banner_${banner.id}_\\d+\\.webp$`));
      expect(banner.imageUrl).toBe(`/files/${key}`);
      const file = await storage.get(key, 'public');
      expect(file, key).not.toBeNull();
      expect(file?.body.length).toBeLessThan(300 * 1024);
      const meta = await sharp(file?.body).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual(banner.showOnDesktop ? [1920, 1080] : [1080, 1080]);
    }
  });

  it('seeds trips for 14 days from today in the operator time zone, each with its arrival', async () => {
    const rows = await database.db.select().from(schedules).orderBy(asc(schedules.travelDate));
    const dates = [...new Set(rows.map((s) => s.travelDate))];
    expect(dates).toHaveLength(14);
    expect(dates[0]).toBe(TODAY);
    expect(dates.at(-1)).toBe(LAST_DAY);
    expect(rows.every((s) => s.status === 'scheduled' && s.completedAt === null)).toBe(true);

    const stops = await database.db.select().from(scheduleRouteStops);
    const links = await database.db.select().from(scheduleLaunches);
    for (const schedule of rows) {
      const own = stops.filter((s) => s.scheduleId === schedule.id).sort((a, b) => a.stopOrder - b.stopOrder);
      expect(own.map((s) => s.stopOrder)).toEqual(own.map((_, i) => i));
      expect(own.length).toBeGreaterThanOrEqual(2);
      expect(own[0]?.departureTime).toBe(schedule.departureTime);
      // Every stop has its time, the last one its arrival, each later than the one before.
      const times = own.map((s) => s.departureTime);
      expect(times.every((t) => t !== null)).toBe(true);
      expect(times).toEqual([...times].sort());
      expect(new Set(times).size).toBe(times.length);
      expect(links.filter((l) => l.scheduleId === schedule.id).length).toBeGreaterThanOrEqual(1);
    }
  });

  it('includes a multi-stop route Malé, Airport, Thoddoo, Rasdhoo with both launches every day', async () => {
    const db = database.db;
    const bySchedule = await stopsBySchedule(db);
    const multi = [...bySchedule.entries()].filter(([, s]) => s.length === 4 && s[0]?.name === 'Malé');
    expect(multi).toHaveLength(14);

    const launchRows = await db.select().from(launches);
    for (const [scheduleId, stops] of multi) {
      expect(stops.map((s) => s.name)).toEqual(['Malé', 'Airport', 'Thoddoo', 'Rasdhoo']);
      expect(stops.map((s) => s.time?.slice(0, 5) ?? null)).toEqual(['09:00', '09:20', '10:45', '11:15']);
      const [schedule] = await db.select().from(schedules).where(eq(schedules.id, scheduleId));
      expect(schedule?.departureTime.slice(0, 5)).toBe('09:00');
      const links = await db
        .select()
        .from(scheduleLaunches)
        .where(eq(scheduleLaunches.scheduleId, scheduleId));
      expect(links.map((l) => l.launchId).sort()).toEqual(launchRows.map((l) => l.id).sort());
    }
  });

  it('runs the multi-stop route back every afternoon, leaving Rasdhoo after the morning one arrives', async () => {
    const bySchedule = await stopsBySchedule(database.db);
    const back = [...bySchedule.values()].filter((s) => s[0]?.name === 'Rasdhoo');
    expect(back).toHaveLength(DEMO_SCHEDULE_DAYS);
    for (const stops of back) {
      expect(stops.map((s) => s.name)).toEqual(['Rasdhoo', 'Thoddoo', 'Airport', 'Malé']);
      const times = stops.map((s) => s.time?.slice(0, 5) ?? '');
      expect(times).toEqual([...times].sort());
      // The outbound is at Rasdhoo at 11:15.
      expect(times[0] && times[0] > '11:15').toBe(true);
    }
  });

  it('prices the multi-stop route per port pair, rising with distance, each way its own', async () => {
    const names = new Map((await database.db.select().from(locations)).map((l) => [l.id, l.name] as const));
    const fares = await database.db.select().from(routeFares);
    expect(fares).toHaveLength(DEMO_FARES.length * 4);
    const localAdult = (from: string, to: string) =>
      fares.find(
        (f) =>
          names.get(f.originId) === from &&
          names.get(f.destinationId) === to &&
          f.ticketType === 'local' &&
          f.category === 'adult',
      )?.price;
    // Malé -> Airport keeps the default list (25.00); further stops cost more.
    expect(localAdult('Malé', 'Airport')).toBeUndefined();
    expect(Number(localAdult('Malé', 'Thoddoo'))).toBeGreaterThan(25);
    expect(Number(localAdult('Malé', 'Rasdhoo'))).toBeGreaterThan(Number(localAdult('Malé', 'Thoddoo')));
    expect(Number(localAdult('Airport', 'Rasdhoo'))).toBeGreaterThan(
      Number(localAdult('Airport', 'Thoddoo')),
    );
    expect(localAdult('Rasdhoo', 'Malé')).toBeDefined();
    expect(localAdult('Rasdhoo', 'Malé')).not.toBe(localAdult('Malé', 'Rasdhoo'));
  });

  it('seeds default prices, bank accounts and branding', async () => {
    const [settings] = await database.db.select().from(paymentSettings);
    expect(settings).toMatchObject({
      localAdultPrice: '25.00',
      localChildPrice: '15.00',
      foreignerAdultPrice: '5.00',
      foreignerChildPrice: '3.00',
      bankName: 'Bank of Maldives',
      accountHolder: 'Island Ferry Pvt Ltd',
      accountNumber: '7730000123456',
      accountNumberUsd: '7730000654321',
    });
    expect(Number(settings?.exchangeRate)).toBe(15.42);
    expect(settings?.accountHolderUsd).not.toBe('');
    expect(settings?.bankNameUsd).not.toBe('');
    expect(settings?.paymentInstructions.length).toBeGreaterThan(20);

    const [pwa] = await database.db.select().from(pwaSettings);
    expect(pwa).toMatchObject({
      appName: 'Island Ferry',
      shortName: 'IslandFerry',
      themeColor: '#0ea5e9',
      backgroundColor: '#ffffff',
      iconUrl: null,
      logoUrl: null,
      faviconUrl: null,
    });
    expect(pwa?.shortName.length).toBeLessThanOrEqual(12);
  });
});

describe(`seedDemo on databases that are not empty (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let storage: Storage;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    ({ storage, dir } = await tempStorage());
  });
  afterAll(async () => {
    await database?.dispose();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('lets exactly one of two simultaneous starts seed', async () => {
    const results = await Promise.all([
      seedDemo({ db: database.db, storage, tzOperator: TZ, clock }),
      seedDemo({ db: database.db, storage, tzOperator: TZ, clock }),
    ]);
    expect(results.map((r) => r.seeded).sort()).toEqual([false, true]);
    expect(await counts(database.db)).toMatchObject({
      locations: 5,
      launches: 2,
      banners: 4,
      paymentSettings: 1,
    });
  });

  it('does not seed a database the operator has already set up', async () => {
    const other = await createTestDatabase();
    try {
      await other.db.insert(locations).values({ name: 'Hulhumalé', code: 'HUL', country: 'Maldives' });
      expect(await seedDemo({ db: other.db, storage, tzOperator: TZ, clock })).toEqual({ seeded: false });
      expect(await counts(other.db)).toMatchObject({ locations: 1, launches: 0, schedules: 0, banners: 0 });
    } finally {
      await other.dispose();
    }
  });
});

describe(`ensureAdmin (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database?.dispose());

  it('creates the admin once, with an argon2id hash, and never overwrites the password', async () => {
    const db = database.db;
    expect(await ensureAdmin({ db, ...DEMO_ADMIN, isDemo: true })).toEqual({ created: true });
    expect(await ensureAdmin({ db, ...DEMO_ADMIN, isDemo: true })).toEqual({ created: false });
    // (ADMIN_PASSWORD does replace a demo password: services/ensure-admin.test.ts.)

    const users = await db.select().from(adminUsers);
    expect(users).toHaveLength(1);
    const [user] = users;
    expect(user?.email).toBe(DEMO_ADMIN.email);
    expect(user?.hasDemoPassword).toBe(true);
    expect(user?.passwordHash.startsWith('$argon2id$')).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? '', DEMO_ADMIN.password)).toBe(true);

    const profiles = await db.select().from(adminProfiles);
    expect(profiles).toEqual([
      expect.objectContaining({ userId: user?.id, username: 'admin', role: 'owner' }),
    ]);
  });

  it('creates a configured admin without the demo flag', async () => {
    const db = database.db;
    const email = 'Owner@Example.com';
    expect(
      await ensureAdmin({ db, email, password: 'correct horse', username: 'owner', isDemo: false }),
    ).toEqual({
      created: true,
    });
    // A restart with other values never overwrites the password the admin has since set.
    expect(
      await ensureAdmin({
        db,
        email: email.toUpperCase(),
        password: 'a different password',
        username: 'someone',
        isDemo: false,
      }),
    ).toEqual({ created: false });
    const [user] = await db.select().from(adminUsers).where(eq(adminUsers.email, 'owner@example.com'));
    expect(user?.hasDemoPassword).toBe(false);
    expect(await verifyPassword(user?.passwordHash ?? '', 'correct horse')).toBe(true);
    expect(await verifyPassword(user?.passwordHash ?? '', 'a different password')).toBe(false);
  });
});
