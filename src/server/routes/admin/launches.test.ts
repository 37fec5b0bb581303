import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launches, locations } from '#server/db/schema.ts';
import type { AdminLaunch, LaunchInput } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import type { Location } from '#shared/schemas.ts';
import {
  makeLaunch,
  makeLocation,
  makeSchedule,
  makeTicket,
  seatLabels,
  uniqueSuffix,
} from '../../../../tests/factories.ts';
import { signInAsAdmin } from '../../../../tests/setup/admin-session.ts';
import { multipartBody } from '../../../../tests/setup/multipart.ts';
import { createTestApp, type TestApp } from '../../../../tests/setup/test-app.ts';
import { testDatabaseKind } from '../../../../tests/setup/test-db.ts';

const FILES = path.resolve(import.meta.dirname, '../../../../tests/files');

describe(`admin launches and locations (${testDatabaseKind})`, () => {
  let t: TestApp;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp({ env: { RATE_LIMIT_SCALE: '100' } });
    ({ cookie } = await signInAsAdmin(t.app));
  });
  afterAll(() => t.close());

  const send = (method: 'POST' | 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: { cookie }, ...(payload === undefined ? {} : { payload }) });

  const count = async (table: typeof launches | typeof locations) => {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };

  describe('launches', () => {
    const input = (overrides: Partial<LaunchInput> = {}): LaunchInput => ({
      name: `  Dhoni ${uniqueSuffix()}  `,
      capacity: 5,
      seatNumbers: seatLabels(5),
      ...overrides,
    });

    it('creates with the name trimmed and the capacity equal to the seat labels', async () => {
      const res = await send('POST', '/api/admin/launches', input({ name: '  Blue Marlin  ' }));
      expect(res.statusCode, res.body).toBe(201);
      const launch: AdminLaunch = res.json();
      expect(launch).toMatchObject({
        name: 'Blue Marlin',
        capacity: 5,
        seatNumbers: seatLabels(5),
        status: 'active',
      });
    });

    it.each([
      ['an empty name', { name: '   ' }, MSG.launchRequired],
      ['capacity 0', { capacity: 0, seatNumbers: [] }, MSG.launchRequired],
      ['capacity 201', { capacity: 201, seatNumbers: seatLabels(201) }, MSG.launchRequired],
      ['labels fewer than the capacity', { capacity: 6 }, MSG.launchSeatLabels],
      ['a repeated label', { seatNumbers: ['1', '2', '3', '4', '1'] }, MSG.launchSeatLabels],
      ['an empty label', { seatNumbers: ['1', '2', ' ', '4', '5'] }, MSG.launchSeatLabels],
    ] as const)('refuses %s and writes nothing', async (_name, overrides, message) => {
      const before = await count(launches);
      const res = await send('POST', '/api/admin/launches', input(overrides as Partial<LaunchInput>));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(await count(launches)).toBe(before);
    });

    it('lists by name', async () => {
      await send('POST', '/api/admin/launches', input({ name: `zz ${uniqueSuffix()}` }));
      await send('POST', '/api/admin/launches', input({ name: `AA ${uniqueSuffix()}` }));
      const list: AdminLaunch[] = (await send('GET', '/api/admin/launches')).json().launches;
      const names = list.map((l) => l.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('edits labels and capacity, but never drops a seat an active ticket holds', async () => {
      const launch = await makeLaunch(t.database.db, { seats: 6 });
      const trip = await makeSchedule(t.database.db, { launchIds: [launch.id] });
      await makeTicket(t.database.db, { schedule: trip, seats: ['B2'], status: 'confirmed' });

      const shrink = await send('PUT', `/api/admin/launches/${launch.id}`, input({ name: launch.name }));
      expect(shrink.statusCode).toBe(409);
      expect(shrink.json().error.message).toBe(MSG.launchSeatsInUse(['B2']));
      const [unchanged] = await t.database.db.select().from(launches).where(eq(launches.id, launch.id));
      expect(unchanged?.seatNumbers).toEqual(seatLabels(6));

      const relabel = await send(
        'PUT',
        `/api/admin/launches/${launch.id}`,
        input({ name: 'Renamed', capacity: 7, seatNumbers: ['A1', 'A2', 'A3', 'A4', 'A5', 'B2', 'C1'] }),
      );
      expect(relabel.statusCode, relabel.body).toBe(200);
      expect(relabel.json()).toMatchObject({ name: 'Renamed', capacity: 7 });
    });

    it('uploads an image re-encoded to WebP and replaces the previous one', async () => {
      const launch = await makeLaunch(t.database.db);
      const upload = async (file: string, type: string) => {
        const body = await multipartBody(
          {},
          { image: { body: await readFile(path.join(FILES, file)), type } },
        );
        return t.app.inject({
          method: 'POST',
          url: `/api/admin/launches/${launch.id}/image`,
          headers: { cookie, ...body.headers },
          payload: body.payload,
        });
      };
      const first = await upload('photo-exif-gps.jpg', 'image/jpeg');
      expect(first.statusCode, first.body).toBe(200);
      const firstUrl: string = first.json().imageUrl;
      expect(firstUrl).toMatch(/\/files\/launch-images\/launch_.+\.webp$/);
      const served = await t.app.inject({ method: 'GET', url: firstUrl });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe('image/webp');

      const second = await upload('logo-alpha.png', 'image/png');
      expect(second.statusCode).toBe(200);
      expect(second.json().imageUrl).not.toBe(firstUrl);
      expect((await t.app.inject({ method: 'GET', url: firstUrl })).statusCode).toBe(404);

      const fake = await upload('not-an-image.jpg', 'image/jpeg');
      expect(fake.statusCode).toBe(415);
      expect(fake.json().error.message).toBe(MSG.imageType);
      expect(fake.json().imageUrl).toBeUndefined();
    });

    it('deletes an unused launch; one on a schedule or a ticket is refused with a clear message', async () => {
      const unused = await makeLaunch(t.database.db);
      expect((await send('DELETE', `/api/admin/launches/${unused.id}`)).statusCode).toBe(204);
      expect(await t.database.db.select().from(launches).where(eq(launches.id, unused.id))).toEqual([]);

      const used = await makeLaunch(t.database.db);
      await makeSchedule(t.database.db, { launchIds: [used.id] });
      const refused = await send('DELETE', `/api/admin/launches/${used.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(MSG.launchInUse);
      expect(await t.database.db.select().from(launches).where(eq(launches.id, used.id))).toHaveLength(1);
      expect((await send('DELETE', `/api/admin/launches/${unused.id}`)).statusCode).toBe(404);
    });
  });

  describe('locations', () => {
    it('creates and edits with every field required and trimmed', async () => {
      const created = await send('POST', '/api/admin/locations', {
        name: '  Ukulhas ',
        code: ' UKU ',
        country: ' Maldives ',
      });
      expect(created.statusCode, created.body).toBe(201);
      const place: Location = created.json();
      expect(place).toMatchObject({ name: 'Ukulhas', code: 'UKU', country: 'Maldives' });

      const edited = await send('PUT', `/api/admin/locations/${place.id}`, {
        name: 'Ukulhas Island',
        code: 'UKU',
        country: 'Maldives',
      });
      expect(edited.json().name).toBe('Ukulhas Island');

      for (const payload of [
        { name: ' ', code: 'X', country: 'Y' },
        { name: 'X', code: '', country: 'Y' },
        { name: 'X', code: 'Y' },
      ]) {
        const before = await count(locations);
        const res = await send('POST', '/api/admin/locations', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(MSG.locationRequired);
        expect(await count(locations)).toBe(before);
      }
    });

    it('lists by name', async () => {
      await makeLocation(t.database.db, { name: `Zz ${uniqueSuffix()}` });
      await makeLocation(t.database.db, { name: `Aa ${uniqueSuffix()}` });
      const list: Location[] = (await send('GET', '/api/admin/locations')).json().locations;
      const names = list.map((l) => l.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('deletes an unused location; a stop of a schedule is refused with a clear message', async () => {
      const unused = await makeLocation(t.database.db);
      expect((await send('DELETE', `/api/admin/locations/${unused.id}`)).statusCode).toBe(204);
      const trip = await makeSchedule(t.database.db);
      const stop = trip.stops[0]?.locationId ?? '';
      const refused = await send('DELETE', `/api/admin/locations/${stop}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error.message).toBe(MSG.locationInUse);
      expect(await t.database.db.select().from(locations).where(eq(locations.id, stop))).toHaveLength(1);
    });
  });
});
