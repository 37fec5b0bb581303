import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { tickets } from '#server/db/schema.ts';
import { instantInZone } from '#server/lib/clock.ts';
import { type BoardingManifest, judgeScan } from '#shared/boarding.ts';
import { verifyCode } from '#shared/e-ticket-code.ts';
import { MANAGE_GRANT_HEADER, MANAGE_LINK_HEADER } from '#shared/manage-api.ts';
import { makePaymentSettings, makeSchedule, makeTicket, todayInOperatorZone } from '#tests/factories.ts';
import { type StaffSession, useAdminApp } from '#tests/setup/admin-app.ts';
import { bookViaApi, mailedManageCode, ticketByReference } from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// A booking that leaves a departure (a rebooking, a move, a deletion) drops out of that
// departure's manifest; the manifest then lists its old code as revoked, so a device shows it
// red there instead of "valid, not in the list yet" (docs/decisions/024).
describe(`codes revoked on the departure a booking left (${testDatabaseKind})`, () => {
  let owner: StaffSession;
  const today = todayInOperatorZone();
  // Early this morning in the operator's zone: today's departures are all still to come.
  const now = instantInZone(today, '06:00', 'Indian/Maldives');

  const t = useAdminApp({ clock: { now: () => now }, role: 'crew' }, async () => {
    owner = await t.signInAs('owner');
    await makePaymentSettings(t.database.db);
  });

  const manifestOf = async (scheduleId: string) => {
    const res = await t.get(`/api/admin/boarding/${scheduleId}/manifest`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as BoardingManifest;
  };

  /** Two departures of one route today, 10:00 and 15:00. */
  async function twoDepartures() {
    const first = await makeSchedule(t.database.db, { travelDate: today, departureTime: '10:00', stops: 2 });
    const second = await makeSchedule(t.database.db, {
      stops: first.stops.map((s) => ({ locationId: s.locationId })),
      launchIds: first.launchIds,
      travelDate: today,
      departureTime: '15:00',
    });
    return { first, second };
  }

  /** The code the ticket's e-ticket shows now, signed as the server signs it. */
  async function codeOf(ticketId: string, stops = 2) {
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticketId));
    if (!row) throw new Error('no ticket');
    const code = t.app.deps.ticketSigner().sign({
      ticketId: row.id,
      scheduleId: row.scheduleId,
      travelDate: row.travelDate,
      fromStop: 0,
      toStop: stops - 1,
      seats: row.seatNumbers,
      adults: row.adultCount,
      children: row.childCount,
      version: row.eticketVersion,
    });
    return { code, version: row.eticketVersion };
  }

  /** What a device that synced `manifest` shows for `code` at the first stop. */
  async function scan(manifest: BoardingManifest, code: string) {
    const checked = await verifyCode(code, manifest.keys);
    if (!checked.ok) throw new Error('the code should verify');
    const passenger = manifest.passengers.find((p) => p.ticketId === checked.claims.ticketId) ?? null;
    return judgeScan({ manifest, stop: 0, claims: checked.claims, passenger, pending: 0 });
  }

  const boardOn = async (scheduleId: string, ticketId: string) => {
    const res = await t.post('/api/admin/boarding/sync', {
      deviceId: 'device-revoked',
      boardings: [
        {
          id: randomUUID(),
          ticketId,
          scheduleId,
          stop: 0,
          persons: 1,
          deliberate: true,
          deviceTime: now.toISOString(),
        },
      ],
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results[0].outcome as string;
  };

  async function manageGrant(reference: string, email: string) {
    const sent = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/code`,
      payload: {},
      remoteAddress: '203.0.113.40',
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const code = (await mailedManageCode(t.app, email)) ?? '';
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${reference}/manage/verify`,
      payload: { code },
    });
    expect(res.statusCode, res.body).toBe(200);
    const proved = res.json() as { link: string; grant: string };
    return { [MANAGE_LINK_HEADER]: proved.link, [MANAGE_GRANT_HEADER]: proved.grant };
  }

  it('after a rebooking, the old departure revokes the code the passenger still holds', async () => {
    const { first, second } = await twoDepartures();
    const booking = await bookViaApi(t.app, first, { seats: ['A1'] });
    const ticket = await ticketByReference(t.app, booking.reference);
    const approved = await owner.post(`/api/admin/tickets/${ticket.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    const old = await codeOf(ticket.id);
    expect((await scan(await manifestOf(first.schedule.id), old.code)).colour).toBe('green');

    const rebooked = await t.app.inject({
      method: 'POST',
      url: `/api/bookings/${booking.reference}/manage/rebook`,
      headers: await manageGrant(booking.reference, booking.email),
      payload: {
        requestId: randomUUID(),
        scheduleId: second.schedule.id,
        travelDate: today,
        launchId: second.launchIds[0],
        seats: ['B2'],
      },
    });
    expect(rebooked.statusCode, rebooked.body).toBe(200);

    const left = await manifestOf(first.schedule.id);
    expect(left.passengers.some((p) => p.ticketId === ticket.id)).toBe(false);
    // Ticket id and version only: nothing personal.
    expect(left.revoked).toEqual([{ ticketId: ticket.id, version: old.version, reason: 'rebooked' }]);
    expect(await scan(left, old.code)).toMatchObject({ colour: 'red', reason: 'rebooked', remaining: 0 });
    // The new departure boards the new code, and not the old one.
    const joined = await manifestOf(second.schedule.id);
    expect(joined.revoked).toEqual([]);
    expect(await scan(joined, (await codeOf(ticket.id)).code)).toMatchObject({ colour: 'green' });
    // A device that had not synced and boarded anyway is refused by the server.
    expect(await boardOn(first.schedule.id, ticket.id)).toBe('refused');
  });

  it('after a deletion, the departure revokes the deleted ticket’s code', async () => {
    const { first } = await twoDepartures();
    const { ticket } = await makeTicket(t.database.db, { schedule: first, status: 'confirmed' });
    const old = await codeOf(ticket.id);
    const deleted = await owner.del(`/api/admin/tickets/${ticket.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    const manifest = await manifestOf(first.schedule.id);
    expect(manifest.revoked).toEqual([{ ticketId: ticket.id, version: old.version, reason: 'deleted' }]);
    expect(await scan(manifest, old.code)).toMatchObject({ colour: 'red', reason: 'deleted' });
    expect(await boardOn(first.schedule.id, ticket.id)).toBe('refused');
  });

  it('after a move, the old departure revokes every moved booking’s code', async () => {
    const { first, second } = await twoDepartures();
    const a = await makeTicket(t.database.db, { schedule: first, status: 'confirmed', seats: ['A1'] });
    const b = await makeTicket(t.database.db, { schedule: first, status: 'confirmed', seats: ['A2'] });
    const codes = [await codeOf(a.ticket.id), await codeOf(b.ticket.id)];
    const moved = await owner.post(`/api/admin/trips/${first.schedule.id}/move`, {
      to: second.schedule.id,
      reason: 'technical',
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const manifest = await manifestOf(first.schedule.id);
    expect(manifest.revoked.map((r) => [r.ticketId, r.reason]).sort()).toEqual(
      [
        [a.ticket.id, 'moved'],
        [b.ticket.id, 'moved'],
      ].sort(),
    );
    for (const { code } of codes) {
      expect(await scan(manifest, code)).toMatchObject({ colour: 'red', reason: 'moved' });
    }
  });
});
