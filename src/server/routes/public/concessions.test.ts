import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, routeFares, ticketSeats } from '#server/db/schema.ts';
import type { BoardingManifest } from '#shared/boarding.ts';
import type { CounterDay, CounterSale, CounterSaleRequest } from '#shared/counter.ts';
import { verifyCode } from '#shared/e-ticket-code.ts';
import type { FareCategoryAdmin, FareCategoryCreate } from '#shared/fare-categories.ts';
import { MSG } from '#shared/messages/api.ts';
import { FARE_MSG } from '#shared/messages/staff.ts';
import type { BookingRequest, PublicSettings } from '#shared/schemas.ts';
import {
  type MadeSchedule,
  makePaymentSettings,
  makeSchedule,
  makeTicket,
  todayInOperatorZone,
  uniqueSuffix,
} from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  postBooking,
  ticketByReference,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// Fare categories as data: the operator's concessions (docs/decisions/036-fare-categories.md).
describe(`concessions (${testDatabaseKind})`, () => {
  const t = useAdminApp(
    { env: { ...MANY_HOLDS_PER_ADDRESS, ...MANY_VERIFICATIONS_PER_ADDRESS } },
    async (app) => {
      await makePaymentSettings(app.database.db, {
        localAdultPrice: '25.00',
        localChildPrice: '15.00',
        foreignerAdultPrice: '5.00',
        foreignerChildPrice: '3.00',
        exchangeRate: '15.42',
      });
      for (const category of CATEGORIES) {
        const res = await app.post('/api/admin/fare-categories', category);
        expect(res.statusCode, res.body).toBe(201);
      }
    },
  );

  const CATEGORIES: FareCategoryCreate[] = [
    {
      code: 'senior',
      nameEn: 'Senior (65+)',
      nameDv: 'މުސްކުޅި މީހާ (65+)',
      priceRule: 'free',
      seat: true,
      idRequired: true,
      minAge: 65,
      sort: 10,
    },
    {
      code: 'student',
      nameEn: 'Student',
      nameDv: 'ދަރިވަރު',
      priceRule: 'percent',
      percentOff: '33.33',
      seat: true,
      idRequired: true,
      minAge: 12,
      maxAge: 25,
      sort: 20,
    },
    {
      code: 'resident',
      nameEn: 'Resident',
      nameDv: 'ރައްޔިތު',
      priceRule: 'price',
      localPrice: '10.00',
      foreignerPrice: '2.00',
      seat: true,
      idRequired: false,
      sort: 30,
    },
    {
      code: 'lap_pet',
      nameEn: 'Small pet',
      nameDv: 'ކުޑަ ޖަނަވާރު',
      priceRule: 'free',
      seat: false,
      idRequired: false,
      sort: 40,
    },
  ];

  async function booking(trip: MadeSchedule, seats: string[], over: Partial<BookingRequest>) {
    const email = `c-${uniqueSuffix()}@example.com`;
    const request = tripBookingRequest(trip, {
      seats,
      email,
      verificationToken: await verifiedToken(t.app, email),
      name: 'Aishath Shifa',
    });
    return postBooking(t.app, {
      ...request,
      ...over,
      passenger: { ...request.passenger, ...over.passenger },
    });
  }

  it('charges each concession by its rule, at the pair’s own prices, whatever total the request claims', async () => {
    const trip = await makeSchedule(t.database.db);
    const from = trip.stops[0]?.locationId ?? '';
    const to = trip.stops.at(-1)?.locationId ?? '';
    // The pair's own adult fare (the percent is off it) and its own resident price.
    await t.database.db
      .insert(routeFares)
      .values({ originId: from, destinationId: to, ticketType: 'local', category: 'adult', price: '40.00' });
    // The pair's own resident price, set as the office sets fares; a code nobody made is refused.
    const fare = { originId: from, destinationId: to, type: 'local', category: 'resident', price: '12.50' };
    expect((await t.post('/api/admin/fares', fare)).statusCode).toBe(201);
    const unknown = await t.post('/api/admin/fares', { ...fare, category: 'pirate' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.fields).toEqual({ category: FARE_MSG.categoryRequired });
    const res = await booking(trip, ['A1', 'A2', 'A3', 'A4'], {
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'senior', quantity: 1 },
        { type: 'local', category: 'student', quantity: 1 },
        { type: 'local', category: 'resident', quantity: 1 },
      ],
      paymentCurrency: 'MVR',
      // Never read: the server prices from the database alone.
      ...({ totalAmount: '1.00', price: '0.01' } as object),
    });
    expect(res.statusCode, res.body).toBe(201);
    // 40.00 + 0 (senior) + 40.00 x 66.67% = 26.668 -> 26.67 + 12.50 (the pair's resident price)
    expect(res.json().totalAmount).toBe('79.17');
    const ticket = await ticketByReference(t.app, res.json().reference);
    expect(ticket.ticketBreakdown).toEqual([
      { type: 'local', category: 'adult', quantity: 1, price: '40.00' },
      { type: 'local', category: 'senior', quantity: 1, price: '0.00' },
      { type: 'local', category: 'student', quantity: 1, price: '26.67' },
      { type: 'local', category: 'resident', quantity: 1, price: '12.50' },
    ]);
    expect([ticket.adultCount, ticket.childCount, ticket.infantCount]).toEqual([1, 0, 0]);

    // Elsewhere the resident's own default price applies, the foreigner's in USD.
    const other = await makeSchedule(t.database.db);
    const abroad = await booking(other, ['A1', 'A2'], {
      tickets: [
        { type: 'foreigner', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'resident', quantity: 1 },
      ],
      paymentCurrency: 'USD',
    });
    expect(abroad.statusCode, abroad.body).toBe(201);
    expect(abroad.json().totalAmount).toBe('7.00');
  });

  it('refuses a category that is not sold, and an inactive one', async () => {
    const trip = await makeSchedule(t.database.db);
    const res = await booking(trip, ['A1'], {
      tickets: [{ type: 'local', category: 'pirate', quantity: 1 }],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: 'unknown_fare_category',
      message: MSG.unknownFareCategory,
    });

    const made = await t.post('/api/admin/fare-categories', {
      code: `gone_${uniqueSuffix()
        .slice(0, 6)
        .toLowerCase()
        .replace(/[^a-z0-9]/g, 'x')}`,
      nameEn: 'Gone',
      nameDv: 'ނެތް',
      priceRule: 'free',
      active: false,
    });
    expect(made.statusCode, made.body).toBe(201);
    const inactive = await booking(trip, ['A1'], {
      tickets: [{ type: 'local', category: made.json().code, quantity: 1 }],
    });
    expect(inactive.statusCode).toBe(400);
    expect(inactive.json().error.code).toBe('unknown_fare_category');
  });

  it('counts seats by the categories: a seatless concession takes none and is carried by an adult', async () => {
    const trip = await makeSchedule(t.database.db);
    const tickets: BookingRequest['tickets'] = [
      { type: 'local', category: 'adult', quantity: 1 },
      { type: 'local', category: 'senior', quantity: 1 },
      { type: 'local', category: 'lap_pet', quantity: 1 },
    ];
    const tooMany = await booking(trip, ['A1', 'A2', 'A3'], { tickets });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({ code: 'too_many_seats', message: MSG.tooManySeats });
    const tooFew = await booking(trip, ['A1'], { tickets });
    expect(tooFew.json().error.code).toBe('seat_count_mismatch');
    // A seatless person beside an infant: two on one adult's lap.
    const twoOnALap = await booking(trip, ['A1', 'A2'], {
      tickets: [...tickets, { type: 'local', category: 'infant', quantity: 1 }],
    });
    expect(twoOnALap.json().error.code).toBe('too_many_infants');
    // The contact takes a seat.
    const contact = await booking(trip, ['A1', 'A2'], {
      tickets,
      passengers: [
        { name: 'Aishath Shifa', nationality: 'Maldivian', category: 'lap_pet' },
        { name: 'Ali', nationality: 'Maldivian', category: 'adult' },
        { name: 'Mariyam', nationality: 'Maldivian', category: 'senior' },
      ],
    });
    expect(contact.json().error.code).toBe('contact_first');

    const ok = await booking(trip, ['A1', 'A2'], { tickets });
    expect(ok.statusCode, ok.body).toBe(201);
    const ticket = await ticketByReference(t.app, ok.json().reference);
    const seats = await t.database.db.select().from(ticketSeats).where(eq(ticketSeats.ticketId, ticket.id));
    expect(seats.map((s) => s.seatNumber).sort()).toEqual(['A1', 'A2']);
  });

  it('lists the fare categories in the public settings: the built-in first, then the active concessions', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/settings/public' });
    expect(res.statusCode, res.body).toBe(200);
    const { fares } = res.json() as PublicSettings;
    expect(fares.slice(0, 3).map((f) => [f.code, f.seat, f.priceRule])).toEqual([
      ['adult', true, 'price'],
      ['child', true, 'price'],
      ['infant', false, 'free'],
    ]);
    expect(fares[2]?.name).toEqual({ en: 'Infant', dv: 'ތުއްތު ކުއްޖާ' });
    const senior = fares.find((f) => f.code === 'senior');
    expect(senior).toEqual({
      code: 'senior',
      name: { en: 'Senior (65+)', dv: 'މުސްކުޅި މީހާ (65+)' },
      seat: true,
      idRequired: true,
      minAge: 65,
      maxAge: null,
      priceRule: 'free',
      percentOff: null,
    });
    expect(fares.find((f) => f.code === 'student')).toMatchObject({
      priceRule: 'percent',
      percentOff: '33.33',
    });
    expect(fares.some((f) => f.code.startsWith('gone_'))).toBe(false);
  });

  it('puts the concession on the boarding manifest with “ID required”, counted in the party', async () => {
    const trip = await makeSchedule(t.database.db);
    const res = await booking(trip, ['A1', 'A2'], {
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'senior', quantity: 1 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const ticket = await ticketByReference(t.app, res.json().reference);
    const approved = await t.post(`/api/admin/tickets/${ticket.id}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    // Boarding is for today's departures: the same party sold for today.
    const { ticket: today } = await makeTicket(t.database.db, {
      schedule: await makeSchedule(t.database.db, { travelDate: todayInOperatorZone() }),
      status: 'confirmed',
      seats: ['A1', 'A2'],
      adultCount: 1,
      breakdown: [
        { type: 'local', category: 'adult', quantity: 1, price: '25.00' },
        { type: 'local', category: 'senior', quantity: 1, price: '0.00' },
      ],
    });
    const manifest = await t.get(`/api/admin/boarding/${today.scheduleId}/manifest`);
    expect(manifest.statusCode, manifest.body).toBe(200);
    const party = (manifest.json() as BoardingManifest).passengers.find((p) => p.ticketId === today.id);
    expect(party).toMatchObject({
      adults: 1,
      idRequired: true,
      concessions: [
        { code: 'senior', name: { en: 'Senior (65+)', dv: 'މުސްކުޅި މީހާ (65+)' }, count: 1, idRequired: true },
      ],
    });
    // The office's manifest lists the party with the senior's name, and its CSV names the category.
    const trip2 = await t.get(`/api/admin/trips/${today.scheduleId}/passengers`);
    expect(trip2.statusCode, trip2.body).toBe(200);
    expect(trip2.json().passengers[0]).toMatchObject({
      concessions: [{ code: 'senior', name: { en: 'Senior (65+)', dv: 'މުސްކުޅި މީހާ (65+)' }, count: 1 }],
    });
    const csv = await t.get(`/api/admin/trips/${today.scheduleId}/manifest.csv`);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('(not named),,Senior (65+),');
    // The e-ticket's code carries the senior: format 2.
    const { eticketToken } = await ticketByReference(t.app, res.json().reference);
    const view = await t.app.inject({ method: 'GET', url: `/api/t/${eticketToken}` });
    expect(view.statusCode, view.body).toBe(200);
    const code = view.json().code as string;
    expect(code.startsWith('IF2.')).toBe(true);
    const checked = await verifyCode(code, (manifest.json() as BoardingManifest).keys);
    expect(checked).toMatchObject({
      ok: true,
      claims: { adults: 1, concessions: [{ code: 'senior', count: 1 }], journey: 1 },
    });
    expect(view.json().categoryNames).toEqual([
      { code: 'senior', name: { en: 'Senior (65+)', dv: 'މުސްކުޅި މީހާ (65+)' }, idRequired: true },
    ]);
  });

  it('sells a concession at the counter, priced as online, with the pair’s prices in the departures', async () => {
    const session = await t.signInAs('counter');
    const shift = await session.post('/api/admin/counter/shift', { floats: { MVR: '500', USD: '20' } });
    expect(shift.statusCode, shift.body).toBe(201);
    const trip = await makeSchedule(t.database.db);
    const day = await session.get(`/api/admin/counter/departures?date=${trip.schedule.travelDate}`);
    expect(day.statusCode, day.body).toBe(200);
    const departure = (day.json() as CounterDay).departures.find((d) => d.scheduleId === trip.schedule.id);
    const pair = departure?.fares.at(-1);
    expect(pair?.categoryPrices?.find((c) => c.code === 'student')).toEqual({
      code: 'student',
      localPrice: '16.67',
      foreignerPrice: '3.33',
    });
    const sale: CounterSaleRequest = {
      scheduleId: trip.schedule.id,
      travelDate: trip.schedule.travelDate,
      launchId: trip.launchIds[0] ?? '',
      originId: trip.stops[0]?.locationId ?? '',
      destinationId: trip.stops.at(-1)?.locationId ?? '',
      seats: ['A1', 'A2'],
      tickets: [
        { type: 'local', category: 'student', quantity: 1 },
        { type: 'local', category: 'senior', quantity: 1 },
      ],
      passenger: { name: 'Ibrahim Walk-in', nationality: 'Maldivian' },
      language: 'en',
      currency: 'MVR',
      payment: { method: 'cash', received: '20' },
      saleId: randomUUID(),
    };
    const res = await session.post('/api/admin/counter/sales', sale);
    expect(res.statusCode, res.body).toBe(201);
    const sold = res.json() as CounterSale;
    expect(sold.totalAmount).toBe('16.67');
    expect(sold.eTicket.ticketBreakdown.map((r) => [r.category, r.price])).toEqual([
      ['senior', '0.00'],
      ['student', '16.67'],
    ]);
    expect(sold.eTicket.code?.startsWith('IF2.')).toBe(true);

    const wrong = await session.post('/api/admin/counter/sales', {
      ...sale,
      saleId: randomUUID(),
      seats: ['A3'],
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.code).toBe('seat_count_mismatch');
  });

  it('lets only prices.manage change the categories, audits each change, and deactivates one a booking used', async () => {
    const counter = await t.signInAs('counter');
    expect((await counter.get('/api/admin/fare-categories')).statusCode).toBe(403);
    const refused = await counter.post('/api/admin/fare-categories', { ...CATEGORIES[0], code: 'veteran' });
    expect(refused.statusCode).toBe(403);

    const list = await t.get('/api/admin/fare-categories');
    expect(list.statusCode).toBe(200);
    const codes = (list.json().categories as FareCategoryAdmin[]).map((c) => c.code);
    expect(codes.filter((c) => !c.startsWith('gone_'))).toEqual(['senior', 'student', 'resident', 'lap_pet']);

    const again = await t.post('/api/admin/fare-categories', CATEGORIES[0]);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.code).toBe('fare_category_exists');
    const bad = await t.post('/api/admin/fare-categories', {
      code: 'Bad Code',
      nameEn: '',
      nameDv: 'x',
      priceRule: 'percent',
      percentOff: '150',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields ?? {})).toEqual(
      expect.arrayContaining(['code', 'nameEn', 'percentOff']),
    );
    const builtIn = await t.post('/api/admin/fare-categories', { ...CATEGORIES[0], code: 'infant' });
    expect(builtIn.statusCode).toBe(400);

    const changed = await t.put('/api/admin/fare-categories/resident', {
      ...CATEGORIES[2],
      code: undefined,
      localPrice: '11.00',
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ code: 'resident', localPrice: '11.00' });
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'fare_category'), eq(auditLog.entityId, 'resident')))
      .orderBy(desc(auditLog.createdAt))
      .limit(1);
    expect(entry).toMatchObject({ action: 'update', actorUserId: t.admin.id });
    expect(entry?.before).toMatchObject({ localPrice: '10.00' });

    // The senior was sold above: kept, deactivated. A new one nobody used goes.
    const senior = await t.del('/api/admin/fare-categories/senior');
    expect(senior.json()).toEqual({ outcome: 'deactivated' });
    const made = await t.post('/api/admin/fare-categories', { ...CATEGORIES[0], code: 'unused' });
    expect(made.statusCode).toBe(201);
    expect((await t.del('/api/admin/fare-categories/unused')).json()).toEqual({ outcome: 'deleted' });
    expect((await t.del('/api/admin/fare-categories/unused')).statusCode).toBe(404);
    // Reactivated for other tests of this file.
    expect(
      (await t.put('/api/admin/fare-categories/senior', { ...CATEGORIES[0], code: undefined })).statusCode,
    ).toBe(200);
  });

  it('charges an infant the price the operator sets, and nothing again once it is emptied', async () => {
    const priced = await t.put('/api/admin/payment-settings', {
      infantLocalPrice: '5',
      infantForeignerPrice: '1.5',
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(priced.json()).toMatchObject({ infantLocalPrice: '5.00', infantForeignerPrice: '1.50' });
    const settings = (
      await t.app.inject({ method: 'GET', url: '/api/settings/public' })
    ).json() as PublicSettings;
    expect(settings.fares.find((f) => f.code === 'infant')?.priceRule).toBe('price');
    const trip = await makeSchedule(t.database.db);
    const tickets: BookingRequest['tickets'] = [
      { type: 'local', category: 'adult', quantity: 1 },
      { type: 'local', category: 'infant', quantity: 1 },
    ];
    const res = await booking(trip, ['A1'], { tickets, paymentCurrency: 'MVR' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().totalAmount).toBe('30.00');

    expect(
      (await t.put('/api/admin/payment-settings', { infantLocalPrice: '', infantForeignerPrice: null }))
        .statusCode,
    ).toBe(200);
    const free = await booking(trip, ['A2'], { tickets, paymentCurrency: 'MVR' });
    expect(free.json().totalAmount).toBe('25.00');
  });
});
