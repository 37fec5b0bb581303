import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { launches, locations } from '#server/db/schema.ts';
import { MSG } from '#shared/messages/api.ts';
import type { Location } from '#shared/schemas.ts';
import type { AdminLaunch, AdminSchedule, LaunchInput } from '#shared/setup-api.ts';
import {
  makeLaunch,
  makeLocation,
  makeSchedule,
  makeTicket,
  seatLabels,
  uniqueSuffix,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { multipartBody } from '#tests/setup/multipart.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const FILES = path.resolve(import.meta.dirname, '../../../../tests/files');

describe(`admin launches and locations (${testDatabaseKind})`, () => {
  const t = useAdminApp();

  const launchRow = async (id: string) =>
    (await t.database.db.select().from(launches).where(eq(launches.id, id)))[0];
  const locationRow = async (id: string) =>
    (await t.database.db.select().from(locations).where(eq(locations.id, id)))[0];
  const listedLaunchIds = async () =>
    ((await t.send('GET', '/api/admin/launches')).json().launches as AdminLaunch[]).map((l) => l.id);
  const auditActions = async (entity: string, id: string) => {
    const rows = await t.database.db.execute(
      sql`SELECT action FROM audit_log WHERE entity = ${entity} AND entity_id = ${id} ORDER BY created_at`,
    );
    return (rows as unknown as { rows: { action: string }[] }).rows.map((r) => r.action);
  };

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
      const res = await t.send('POST', '/api/admin/launches', input({ name: '  Blue Marlin  ' }));
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
      const res = await t.send('POST', '/api/admin/launches', input(overrides as Partial<LaunchInput>));
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(message);
      expect(await count(launches)).toBe(before);
    });

    it('lists by name', async () => {
      await t.send('POST', '/api/admin/launches', input({ name: `zz ${uniqueSuffix()}` }));
      await t.send('POST', '/api/admin/launches', input({ name: `AA ${uniqueSuffix()}` }));
      const list: AdminLaunch[] = (await t.send('GET', '/api/admin/launches')).json().launches;
      const names = list.map((l) => l.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('edits labels and capacity, but never drops a seat an active ticket holds', async () => {
      const launch = await makeLaunch(t.database.db, { seats: 6 });
      const trip = await makeSchedule(t.database.db, { launchIds: [launch.id] });
      await makeTicket(t.database.db, { schedule: trip, seats: ['B2'], status: 'confirmed' });

      const shrink = await t.send('PUT', `/api/admin/launches/${launch.id}`, input({ name: launch.name }));
      expect(shrink.statusCode).toBe(409);
      expect(shrink.json().error.message).toBe(MSG.launchSeatsInUse(['B2']));
      const [unchanged] = await t.database.db.select().from(launches).where(eq(launches.id, launch.id));
      expect(unchanged?.seatNumbers).toEqual(seatLabels(6));

      const relabel = await t.send(
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
        return t.inject({
          method: 'POST',
          url: `/api/admin/launches/${launch.id}/image`,
          headers: body.headers,
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

    it('deletes an unused launch for good', async () => {
      const unused = await makeLaunch(t.database.db);
      expect((await t.send('DELETE', `/api/admin/launches/${unused.id}`)).statusCode).toBe(204);
      expect(await launchRow(unused.id)).toBeUndefined();
      expect(await auditActions('launch', unused.id)).toEqual(['delete']);
      expect((await t.send('DELETE', `/api/admin/launches/${unused.id}`)).statusCode).toBe(404);
    });

    it('refuses while a pending or approved ticket of a trip not completed travels on it', async () => {
      const used = await makeLaunch(t.database.db);
      const trip = await makeSchedule(t.database.db, { launchIds: [used.id] });
      await makeTicket(t.database.db, { schedule: trip, status: 'pending' });
      await makeTicket(t.database.db, { schedule: trip, status: 'confirmed' });
      await makeTicket(t.database.db, { schedule: trip, status: 'cancelled' });
      const refused = await t.send('DELETE', `/api/admin/launches/${used.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toMatchObject({ code: 'launch_in_use', message: MSG.launchInUse(2) });
      expect(await launchRow(used.id)).toMatchObject({ archivedAt: null });
      expect(await listedLaunchIds()).toContain(used.id);
    });

    it('archives a launch only schedules use: gone from the list and new schedules, kept on its trips', async () => {
      const used = await makeLaunch(t.database.db);
      const trip = await makeSchedule(t.database.db, { launchIds: [used.id] });
      const res = await t.send('DELETE', `/api/admin/launches/${used.id}`);
      expect(res.statusCode, res.body).toBe(204);
      const archived = await launchRow(used.id);
      expect(archived?.archivedAt).toBeInstanceOf(Date);
      expect(await listedLaunchIds()).not.toContain(used.id);
      // The trip still names it (marked archived); a new schedule may not.
      const schedule: AdminSchedule = (
        await t.send('GET', `/api/admin/schedules/${trip.schedule.id}`)
      ).json();
      expect(schedule.launches).toEqual([{ id: used.id, name: used.name, archived: true }]);
      const created = await t.send('POST', '/api/admin/schedules', {
        travelDate: trip.schedule.travelDate,
        launchIds: [used.id],
        routeStops: trip.stops.map((s) => ({
          locationId: s.locationId,
          // The factory leaves the arrival out; a new schedule gives it.
          departureTime: s.departureTime?.slice(0, 5) ?? '12:00',
        })),
      });
      expect(created.statusCode).toBe(400);
      expect(created.json().error.message).toBe(MSG.scheduleUnknownLaunch);
      const copy = await t.send('POST', `/api/admin/schedules/${trip.schedule.id}/duplicate`);
      expect(copy.statusCode).toBe(409);
      expect(copy.json().error.message).toBe(MSG.scheduleUsesDeleted);

      // Deleting again answers the same and changes nothing.
      expect((await t.send('DELETE', `/api/admin/launches/${used.id}`)).statusCode).toBe(204);
      expect((await launchRow(used.id))?.archivedAt).toEqual(archived?.archivedAt);
      expect(await auditActions('launch', used.id)).toEqual(['archive']);
    });

    it('archives a launch once its tickets are rejected or their trip completed; the tickets still name it', async () => {
      const used = await makeLaunch(t.database.db);
      const open = await makeSchedule(t.database.db, { launchIds: [used.id] });
      const done = await makeSchedule(t.database.db, { launchIds: [used.id], status: 'completed' });
      const rejected = await makeTicket(t.database.db, { schedule: open, status: 'cancelled' });
      const travelled = await makeTicket(t.database.db, { schedule: done, status: 'confirmed' });
      const res = await t.send('DELETE', `/api/admin/launches/${used.id}`);
      expect(res.statusCode, res.body).toBe(204);
      expect((await launchRow(used.id))?.archivedAt).toBeInstanceOf(Date);
      expect(await listedLaunchIds()).not.toContain(used.id);
      for (const { ticket } of [rejected, travelled]) {
        const lookup = await t.app.inject({ method: 'GET', url: `/api/bookings/${ticket.paymentReference}` });
        expect(lookup.statusCode, lookup.body).toBe(200);
        expect(lookup.json().launchName).toBe(used.name);
      }
    });
  });

  describe('locations', () => {
    it('creates and edits with every field required and trimmed', async () => {
      const created = await t.send('POST', '/api/admin/locations', {
        name: '  Ukulhas ',
        code: ' UKU ',
        country: ' Maldives ',
      });
      expect(created.statusCode, created.body).toBe(201);
      const place: Location = created.json();
      expect(place).toMatchObject({ name: 'Ukulhas', code: 'UKU', country: 'Maldives' });

      const edited = await t.send('PUT', `/api/admin/locations/${place.id}`, {
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
        const res = await t.send('POST', '/api/admin/locations', payload);
        expect(res.statusCode).toBe(400);
        expect(res.json().error.message).toBe(MSG.locationRequired);
        expect(await count(locations)).toBe(before);
      }
    });

    it('lists by name', async () => {
      await makeLocation(t.database.db, { name: `Zz ${uniqueSuffix()}` });
      await makeLocation(t.database.db, { name: `Aa ${uniqueSuffix()}` });
      const list: Location[] = (await t.send('GET', '/api/admin/locations')).json().locations;
      const names = list.map((l) => l.name);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    });

    it('deletes an unused location for good', async () => {
      const unused = await makeLocation(t.database.db);
      expect((await t.send('DELETE', `/api/admin/locations/${unused.id}`)).statusCode).toBe(204);
      expect(await locationRow(unused.id)).toBeUndefined();
      expect(await auditActions('location', unused.id)).toEqual(['delete']);
    });

    it('refuses while an active ticket travels from, to or through it', async () => {
      const trip = await makeSchedule(t.database.db, { stops: 3 });
      const [from, through, to] = trip.stops.map((s) => s.locationId) as [string, string, string];
      // From the first stop to the last: the middle stop is on the way.
      await makeTicket(t.database.db, {
        schedule: trip,
        originId: from,
        destinationId: to,
        status: 'pending',
      });
      for (const place of [from, through, to]) {
        const refused = await t.send('DELETE', `/api/admin/locations/${place}`);
        expect(refused.statusCode).toBe(409);
        expect(refused.json().error).toMatchObject({
          code: 'location_in_use',
          message: MSG.locationInUse(1),
        });
        expect(await locationRow(place)).toMatchObject({ archivedAt: null });
      }
    });

    it('archives a location only history uses: gone from both lists and new schedules, kept on old tickets', async () => {
      const trip = await makeSchedule(t.database.db);
      const [from, to] = trip.stops.map((s) => s.locationId) as [string, string];
      const { ticket } = await makeTicket(t.database.db, { schedule: trip, status: 'cancelled' });
      const place = await locationRow(from);

      const res = await t.send('DELETE', `/api/admin/locations/${from}`);
      expect(res.statusCode, res.body).toBe(204);
      expect((await locationRow(from))?.archivedAt).toBeInstanceOf(Date);
      const adminList: Location[] = (await t.send('GET', '/api/admin/locations')).json().locations;
      expect(adminList.map((l) => l.id)).not.toContain(from);
      const publicList: Location[] = (await t.app.inject({ method: 'GET', url: '/api/locations' })).json();
      expect(publicList.map((l) => l.id)).not.toContain(from);
      expect(publicList.map((l) => l.id)).toContain(to);

      const lookup = await t.app.inject({ method: 'GET', url: `/api/bookings/${ticket.paymentReference}` });
      expect(lookup.json().from.name).toBe(place?.name);
      const schedule: AdminSchedule = (
        await t.send('GET', `/api/admin/schedules/${trip.schedule.id}`)
      ).json();
      expect(schedule.routeStops[0]).toMatchObject({ locationId: from, name: place?.name, archived: true });

      const created = await t.send('POST', '/api/admin/schedules', {
        travelDate: trip.schedule.travelDate,
        launchIds: trip.launchIds,
        routeStops: [
          { locationId: from, departureTime: '09:00' },
          { locationId: to, departureTime: '09:45' },
        ],
      });
      expect(created.statusCode).toBe(400);
      expect(created.json().error.message).toBe(MSG.scheduleUnknownLocation);

      expect((await t.send('DELETE', `/api/admin/locations/${from}`)).statusCode).toBe(204);
      expect(await auditActions('location', from)).toEqual(['archive']);
    });
  });
});
