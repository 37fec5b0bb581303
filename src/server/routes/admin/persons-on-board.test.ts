import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ticketPassengers } from '#server/db/schema.ts';
import { instantInZone } from '#server/lib/clock.ts';
import type { TripPassengers } from '#shared/admin-api.ts';
import type { BoardingManifest } from '#shared/boarding.ts';
import type { CounterSale, CounterSaleRequest } from '#shared/counter.ts';
import { verifyCode } from '#shared/e-ticket-code.ts';
import { MSG } from '#shared/messages/api.ts';
import type { BookingRequest } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makePaymentSettings,
  makeSchedule,
  todayInOperatorZone,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  postBooking,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// Every person named and counted on board, infants on a lap (docs/decisions/035-every-person-named.md).
describe(`every person on the manifest and on board (${testDatabaseKind})`, () => {
  // Early this morning at the operator: today's 08:00 departure is still to sail and to board.
  const morning = instantInZone(todayInOperatorZone(), '06:00', 'Indian/Maldives');
  const t = useAdminApp(
    {
      env: { RATE_LIMIT_SCALE: '100', ...MANY_HOLDS_PER_ADDRESS, ...MANY_VERIFICATIONS_PER_ADDRESS },
      clock: { now: () => morning },
    },
    async () => {
      await makePaymentSettings(t.database.db);
    },
  );

  /** Books on the public API, then approves as the office does. */
  async function bookAndApprove(trip: MadeSchedule, booking: Pick<BookingRequest, 'tickets' | 'passengers'>) {
    const email = `p-${randomUUID().slice(0, 8)}@example.com`;
    const request = {
      ...tripBookingRequest(trip, {
        seats: ['A1'],
        email,
        verificationToken: await verifiedToken(t.app, email),
        name: 'Aishath Shifa',
      }),
      ...booking,
    };
    const res = await postBooking(t.app, request);
    expect(res.statusCode, res.body).toBe(201);
    const reference: string = res.json().reference;
    const passengers = (await t.get(`/api/admin/tickets?status=pending&q=${reference}`)).json();
    const ticketId: string = passengers.tickets.find(
      (x: { reference: string }) => x.reference === reference,
    ).id;
    const approved = await t.post(`/api/admin/tickets/${ticketId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    return { reference, ticketId };
  }

  const adultAndInfant = {
    tickets: [
      { type: 'local' as const, category: 'adult' as const, quantity: 1 },
      { type: 'local' as const, category: 'infant' as const, quantity: 1 },
    ],
    passengers: [
      { name: 'Aishath Shifa', nationality: 'Maldivian', category: 'adult' as const },
      { name: 'Ibrahim Zayan', nationality: 'Maldivian', category: 'infant' as const },
    ],
  };

  it('names an adult and her infant on one seat, boards both, and counts two on board', async () => {
    const trip = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { reference, ticketId } = await bookAndApprove(trip, adultAndInfant);

    const manifest: BoardingManifest = (
      await t.get(`/api/admin/boarding/${trip.schedule.id}/manifest`)
    ).json();
    const row = manifest.passengers.find((p) => p.ticketId === ticketId);
    expect(row).toMatchObject({
      seats: ['A1'],
      adults: 1,
      children: 0,
      infants: 1,
      persons: [
        { name: 'Aishath Shifa', category: 'adult' },
        { name: 'Ibrahim Zayan', category: 'infant' },
      ],
      unnamed: 0,
    });
    // A device keeps no nationality.
    expect(JSON.stringify(row)).not.toContain('Maldivian');

    // The party boards whole: two persons on one scan.
    const synced = await t.post('/api/admin/boarding/sync', {
      deviceId: 'device-persons-1',
      boardings: [
        {
          id: randomUUID(),
          ticketId,
          scheduleId: trip.schedule.id,
          stop: 0,
          persons: 2,
          deliberate: false,
          deviceTime: new Date().toISOString(),
        },
      ],
    });
    expect(synced.statusCode, synced.body).toBe(200);
    expect(synced.json().results[0]).toMatchObject({ outcome: 'boarded', accepted: 2 });

    const list: TripPassengers = (await t.get(`/api/admin/trips/${trip.schedule.id}/passengers`)).json();
    expect(list.trip.passengerCount).toBe(2);
    expect(list.passengers.find((p) => p.reference === reference)).toMatchObject({
      seatNumbers: ['A1'],
      infantCount: 1,
      boarded: 2,
      persons: [
        { name: 'Aishath Shifa', nationality: 'Maldivian', category: 'adult', type: 'local' },
        { name: 'Ibrahim Zayan', nationality: 'Maldivian', category: 'infant', type: 'local' },
      ],
      unnamedCount: 0,
    });
    const onBoard = (await t.get(`/api/admin/trips/${trip.schedule.id}/on-board`)).json();
    expect(onBoard.legs.map((l: { passengers: number }) => l.passengers)).toEqual([2]);

    // Closing the stop counts the infant aboard, and no one as a no-show.
    const closed = await t.post(`/api/admin/boarding/${trip.schedule.id}/stops/0/close`, { crew: 0 });
    expect(closed.statusCode, closed.body).toBe(200);
    const after: BoardingManifest = (await t.get(`/api/admin/boarding/${trip.schedule.id}/manifest`)).json();
    expect(after.stops[0]?.closure).toMatchObject({ noShows: 0, passengersAboard: 2 });

    // The CSV manifest lists each person, a row each.
    const csv = await t.get(`/api/admin/trips/${trip.schedule.id}/manifest.csv`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain(`${reference},1,Aishath Shifa,Maldivian,adult,local`);
    expect(lines).toContain(`${reference},2,Ibrahim Zayan,Maldivian,infant,local`);
    const final = await t.get(`/api/admin/boarding/${trip.schedule.id}/final-manifest.csv`);
    expect(final.statusCode, final.body).toBe(200);
    expect(final.body).toContain(`${reference},2,Ibrahim Zayan,Maldivian,infant,local`);
    expect(final.body).toMatch(new RegExp(`${reference},Aishath Shifa,.*,1,0,1,2,On board`));
  });

  it('shows the contact and marks the rest unnamed for a booking sent without persons', async () => {
    const trip = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const { reference } = await bookAndApprove(trip, {
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'infant', quantity: 1 },
      ],
    });
    const list: TripPassengers = (await t.get(`/api/admin/trips/${trip.schedule.id}/passengers`)).json();
    expect(list.passengers.find((p) => p.reference === reference)).toMatchObject({
      persons: [{ name: 'Aishath Shifa', category: 'adult' }],
      unnamedCount: 1,
    });
    const csv = await t.get(`/api/admin/trips/${trip.schedule.id}/manifest.csv`);
    const lines = csv.body.replace(/^\uFEFF/, '').split('\r\n');
    expect(lines).toContain(`${reference},1,Aishath Shifa,Maldivian,adult,local`);
    expect(lines).toContain(`${reference},2,(not named),,infant,`);
  });

  it('sells an infant at the counter, free and seatless, every person named', async () => {
    const seller = await t.signInAs('counter');
    expect(
      (await seller.post('/api/admin/counter/shift', { floats: { MVR: '500', USD: '20' } })).statusCode,
    ).toBe(201);
    const trip = await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() });
    const base: CounterSaleRequest = {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId: trip.launchIds[0] ?? '',
      originId: trip.stops[0]?.locationId ?? '',
      destinationId: trip.stops[trip.stops.length - 1]?.locationId ?? '',
      seats: ['A1'],
      tickets: [
        { type: 'foreigner', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'infant', quantity: 1 },
      ],
      passenger: { name: 'Sarah Walk-in', nationality: 'British' },
      passengers: [
        { name: 'Sarah Walk-in', nationality: 'British', category: 'adult' },
        { name: 'Tom Walk-in', nationality: 'British', category: 'infant' },
      ],
      language: 'en',
      currency: 'USD',
      payment: { method: 'card' },
      saleId: randomUUID(),
    };
    const tooMany = await seller.post('/api/admin/counter/sales', {
      ...base,
      tickets: [
        { type: 'foreigner', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'infant', quantity: 2 },
      ],
      passengers: undefined,
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({ code: 'too_many_infants', message: MSG.tooManyInfants });

    const res = await seller.post('/api/admin/counter/sales', base);
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json() as CounterSale;
    expect(sale.totalAmount).toBe('5.00');
    expect(sale.eTicket).toMatchObject({ seatNumbers: ['A1'], infantCount: 1 });
    // The signed code carries the infant: a boarding device lets two persons on.
    const manifest: BoardingManifest = (
      await t.get(`/api/admin/boarding/${trip.schedule.id}/manifest`)
    ).json();
    const checked = await verifyCode(sale.eTicket.code ?? '', manifest.keys);
    expect(checked).toMatchObject({
      ok: true,
      claims: { adults: 1, children: 0, infants: 1, seats: ['A1'] },
    });
    const rows = await t.database.db
      .select()
      .from(ticketPassengers)
      .where(eq(ticketPassengers.ticketId, sale.ticketId))
      .orderBy(ticketPassengers.position);
    expect(rows.map((r) => [r.name, r.category, r.ticketType])).toEqual([
      ['Sarah Walk-in', 'adult', 'foreigner'],
      ['Tom Walk-in', 'infant', 'foreigner'],
    ]);
  });
});
