import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '#server/db/schema.ts';
import type { AdminTicket, TicketList, TripPassengers } from '#shared/admin-api.ts';
import type { CounterDay } from '#shared/counter.ts';
import type { Allotment, Partner } from '#shared/partners.ts';
import type { SeatMap } from '#shared/schemas.ts';
import { makeSchedule, makeTicket } from '#tests/factories.ts';
import { signInAs, useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/* Partner accounts in the office (docs/decisions/043-partner-accounts.md): made, changed, paid. */

describe(`partner accounts (${testDatabaseKind})`, () => {
  const t = useAdminApp({ role: 'office' });
  let n = 0;
  const resort = (overrides: Record<string, unknown> = {}) => ({
    name: `Sun Island Resort ${++n}`,
    contactEmail: 'Transfers@SunIsland.example',
    currency: 'USD',
    commissionPercent: 12.5,
    creditLimit: '5000',
    paymentTermsDays: 30,
    ...overrides,
  });

  it('makes a partner: 201 with its id, the address in lower case, nothing owed and all its credit left', async () => {
    const res = await t.send('POST', '/api/admin/partners', resort());
    expect(res.statusCode, res.body).toBe(201);
    const partner = res.json<Partner>();
    expect(partner).toMatchObject({
      contactEmail: 'transfers@sunisland.example',
      currency: 'USD',
      commissionPercent: '12.50',
      creditLimit: '5000.00',
      paymentTermsDays: 30,
      active: true,
      balance: '0.00',
      creditLeft: '5000.00',
    });
    expect(partner.id).toMatch(/^[0-9a-f-]{36}$/);
    const [audit] = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, partner.id));
    expect(audit).toMatchObject({ action: 'create', entity: 'partner' });
    const list = await t.send('GET', '/api/admin/partners');
    expect(list.json<{ partners: Partner[] }>().partners.map((p) => p.id)).toContain(partner.id);
  });

  it('names what is wrong with a bad field, and keeps one partner per name', async () => {
    const bad = await t.send(
      'POST',
      '/api/admin/partners',
      resort({ commissionPercent: 120, creditLimit: '-5' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['commissionPercent', 'creditLimit']),
    );
    const first = await t.send('POST', '/api/admin/partners', resort({ name: 'Blue Lagoon Dive' }));
    expect(first.statusCode).toBe(201);
    const again = await t.send('POST', '/api/admin/partners', resort({ name: 'blue lagoon dive' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('partner_exists');
  });

  it('changes a partner and turns it off, audited with what it was', async () => {
    const made = (await t.send('POST', '/api/admin/partners', resort())).json<Partner>();
    const res = await t.send('PATCH', `/api/admin/partners/${made.id}`, {
      creditLimit: '8000.50',
      active: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ creditLimit: '8000.50', active: false, creditLeft: '8000.50' });
    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, made.id));
    expect(audits.find((a) => a.action === 'update')?.before).toMatchObject({ creditLimit: '5000.00' });
    const missing = await t.send('PATCH', `/api/admin/partners/${crypto.randomUUID()}`, { active: true });
    expect(missing.statusCode).toBe(404);
  });

  it('records a payment in the partner’s currency: its balance goes into credit', async () => {
    const made = (await t.send('POST', '/api/admin/partners', resort({ currency: 'MVR' }))).json<Partner>();
    const res = await t.send('POST', `/api/admin/partners/${made.id}/payments`, {
      amount: '1200.50',
      paidOn: '2026-11-20',
      bankReference: 'BML-7788',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().payment).toMatchObject({
      amount: '1200.50',
      currency: 'MVR',
      bankReference: 'BML-7788',
    });
    expect(res.json().partner).toMatchObject({ balance: '-1200.50', creditLeft: '6200.50' });
    const zero = await t.send('POST', `/api/admin/partners/${made.id}/payments`, {
      amount: '0',
      paidOn: '2026-11-20',
      bankReference: 'x',
    });
    expect(zero.statusCode).toBe(400);
  });

  it('shows the office a day’s departures and a launch’s seats as the partner holds them', async () => {
    const made = (await t.send('POST', '/api/admin/partners', resort())).json<Partner>();
    const other = (await t.send('POST', '/api/admin/partners', resort())).json<Partner>();
    const trip = await makeSchedule(t.database.db);
    const { travelDate } = trip.schedule;
    const launchId = trip.launchIds[0] ?? '';

    // The office may not sell at the counter, yet chooses an allotment's departure the same way.
    const day = await t.get(`/api/admin/partners/departures?date=${travelDate}`);
    expect(day.statusCode, day.body).toBe(200);
    const departure = day.json<CounterDay>().departures.find((d) => d.scheduleId === trip.schedule.id);
    expect(departure?.launches.map((l) => l.id)).toEqual([launchId]);

    const seatsOf = async (partnerId: string) => {
      const query = new URLSearchParams({ scheduleId: trip.schedule.id, date: travelDate, launchId });
      const res = await t.get(`/api/admin/partners/${partnerId}/seats?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<SeatMap>().seats;
    };
    const before = await seatsOf(made.id);
    expect(before.every((s) => s.state === 'available')).toBe(true);
    const chosen = before.slice(0, 2).map((s) => s.label);
    const allotted = await t.send('POST', `/api/admin/partners/${made.id}/allotments`, {
      scheduleId: trip.schedule.id,
      travelDate,
      launchId,
      seats: chosen,
      releaseHours: 1,
    });
    expect(allotted.statusCode, allotted.body).toBe(201);
    expect(allotted.json<Allotment>().held).toEqual([...chosen].sort());

    // The partner's own seats are its own; to anyone else they are taken.
    const mine = await seatsOf(made.id);
    expect(mine.filter((s) => s.state === 'mine').map((s) => s.label)).toEqual(chosen);
    const theirs = await seatsOf(other.id);
    expect(theirs.filter((s) => s.state === 'locked').map((s) => s.label)).toEqual(chosen);

    const bad = await t.get(`/api/admin/partners/${made.id}/seats?scheduleId=x&date=${travelDate}`);
    expect(bad.statusCode).toBe(400);
  });

  it('names the partner of a booking on account in the ticket lists and the passenger list', async () => {
    const made = (await t.send('POST', '/api/admin/partners', resort())).json<Partner>();
    const { ticket, schedule } = await makeTicket(t.database.db, {
      status: 'confirmed',
      channel: 'partner',
      partnerId: made.id,
      paymentMethod: 'On Account',
    });
    const { ticket: online } = await makeTicket(t.database.db, { schedule, status: 'confirmed' });

    const list = await t.get(`/api/admin/tickets?q=${ticket.paymentReference}`);
    expect(list.statusCode, list.body).toBe(200);
    const found = list.json<TicketList>().tickets.find((x: AdminTicket) => x.id === ticket.id);
    expect(found).toMatchObject({ channel: 'partner', partnerName: made.name });

    const passengers = await t.get(`/api/admin/trips/${schedule.schedule.id}/passengers`);
    expect(passengers.statusCode, passengers.body).toBe(200);
    const rows = passengers.json<TripPassengers>().passengers;
    expect(rows.find((p) => p.ticketId === ticket.id)).toMatchObject({
      channel: 'partner',
      partnerName: made.name,
    });
    expect(rows.find((p) => p.ticketId === online.id)).toMatchObject({
      channel: 'online',
      partnerName: null,
    });
  });

  it('is for the Owner and the office only', async () => {
    for (const role of ['counter', 'crew'] as const) {
      const staff = await signInAs(t.app, role);
      expect((await staff.get('/api/admin/partners')).statusCode).toBe(403);
      expect((await staff.post('/api/admin/partners', resort())).statusCode).toBe(403);
    }
    const owner = await signInAs(t.app, 'owner');
    expect((await owner.get('/api/admin/partners')).statusCode).toBe(200);
  });
});
