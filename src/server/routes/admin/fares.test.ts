import { randomUUID } from 'node:crypto';
import { and, desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, routeFares } from '#server/db/schema.ts';
import { DEFAULT_PRICES } from '#shared/constants.ts';
import type { CounterDay, CounterSale, CounterSaleRequest } from '#shared/counter.ts';
import type { Fare } from '#shared/fares.ts';
import { MANAGE_GRANT_HEADER, MANAGE_LINK_HEADER } from '#shared/manage-api.ts';
import { FARE_MSG, STAFF_MSG } from '#shared/messages/staff.ts';
import type { Trip } from '#shared/schemas.ts';
import { type MadeSchedule, makeLocation, makePaymentSettings, makeSchedule } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import {
  bookViaApi,
  mailedManageCode,
  postBooking,
  ticketByReference,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

describe(`fares per port pair (${testDatabaseKind})`, () => {
  const t = useAdminApp(
    { env: { RATE_LIMIT_SCALE: '100', EMAIL_VERIFICATIONS_PER_IP_HOUR: '40' } },
    async () => {
      // The default price list: local adult MVR 25.00, child 15.00; foreign adult USD 5.00, child 3.00.
      await makePaymentSettings(t.database.db, { ...DEFAULT_PRICES });
    },
  );

  /** Sets one price of a pair through the admin API. */
  async function setFare(
    originId: string,
    destinationId: string,
    price: string,
    kind: { type?: 'local' | 'foreigner'; category?: 'adult' | 'child' } = {},
  ): Promise<Fare> {
    const res = await t.post('/api/admin/fares', {
      originId,
      destinationId,
      type: kind.type ?? 'local',
      category: kind.category ?? 'adult',
      price,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json();
  }

  const ends = (trip: MadeSchedule) => ({
    originId: trip.stops[0]?.locationId ?? '',
    destinationId: trip.stops[trip.stops.length - 1]?.locationId ?? '',
  });

  const search = async (trip: MadeSchedule, from: number, to: number, party = '') => {
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/trips?date=${trip.schedule.travelDate}&from=${trip.stops[from]?.locationId}&to=${trip.stops[to]?.locationId}${party}`,
    });
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as Trip[]).find((found) => found.scheduleId === trip.schedule.id);
  };

  describe('what a party is charged', () => {
    it('a pair with its own price is charged it on a booking and in the search; other kinds and the reverse pair keep the default', async () => {
      const trip = await makeSchedule(t.database.db, { stops: 3 });
      const { originId, destinationId } = ends(trip);
      await setFare(originId, destinationId, '40.00');

      const booked = await bookViaApi(t.app, trip, { seats: ['A1'] });
      expect(booked).toMatchObject({ totalAmount: '40.00', currency: 'MVR' });
      const row = await ticketByReference(t.app, booked.reference);
      expect(row.ticketBreakdown).toEqual([
        { type: 'local', category: 'adult', quantity: 1, price: '40.00' },
      ]);

      // The search prices the pair's local adult at its own fare, its local child at the default.
      const found = await search(trip, 0, 2, '&localAdult=1&localChild=1');
      expect(found?.fare).toEqual({ amount: '55.00', currency: 'MVR', tickets: 2 });
      expect(found?.prices).toEqual({
        ...DEFAULT_PRICES,
        localAdultPrice: '40.00',
        categoryPrices: [{ code: 'infant', localPrice: '0.00', foreignerPrice: '0.00' }],
      });
      // A shorter stretch of the same departure has no fare of its own: the default list.
      expect((await search(trip, 0, 1))?.fare.amount).toBe(DEFAULT_PRICES.localAdultPrice);

      // Direction matters: the same places the other way round have no fare of their own.
      const back = await makeSchedule(t.database.db, {
        stops: [...trip.stops].reverse().map((s) => ({ locationId: s.locationId })),
      });
      const home = await bookViaApi(t.app, back, { seats: ['A1'] });
      const homeRow = await ticketByReference(t.app, home.reference);
      expect(homeRow.ticketBreakdown).toEqual([
        { type: 'local', category: 'adult', quantity: 1, price: DEFAULT_PRICES.localAdultPrice },
      ]);
      expect((await search(back, 0, 2))?.fare.amount).toBe(DEFAULT_PRICES.localAdultPrice);
    });

    it('a pair without fares is charged the default list, and a total or price in the request is never trusted', async () => {
      const plain = await makeSchedule(t.database.db);
      const free = await bookViaApi(t.app, plain, { seats: ['A1'] });
      expect(free.totalAmount).toBe(DEFAULT_PRICES.localAdultPrice);
      expect((await ticketByReference(t.app, free.reference)).ticketBreakdown).toEqual([
        { type: 'local', category: 'adult', quantity: 1, price: DEFAULT_PRICES.localAdultPrice },
      ]);

      const trip = await makeSchedule(t.database.db);
      const { originId, destinationId } = ends(trip);
      await setFare(originId, destinationId, '77.00');
      const email = `tamper-${randomUUID()}@example.com`;
      const honest = tripBookingRequest(trip, {
        seats: ['A2'],
        email,
        verificationToken: await verifiedToken(t.app, email),
      });
      const tampered = {
        ...honest,
        paymentCurrency: 'MVR',
        totalAmount: '0.01',
        price: '0.01',
        tickets: [{ type: 'local', category: 'adult', quantity: 1, price: '0.01', totalAmount: '0.01' }],
      };
      const res = await postBooking(t.app, tampered);
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ totalAmount: '77.00', currency: 'MVR' });
      const row = await ticketByReference(t.app, res.json().reference);
      expect(row.totalAmount).toBe('77.00');
      expect(row.ticketBreakdown).toEqual([
        { type: 'local', category: 'adult', quantity: 1, price: '77.00' },
      ]);
    });

    it('a counter sale is charged the pair price, whatever the request says, and the counter is given each pair’s prices', async () => {
      const trip = await makeSchedule(t.database.db, { stops: 3 });
      const first = trip.stops[0]?.locationId ?? '';
      const second = trip.stops[1]?.locationId ?? '';
      const last = trip.stops[2]?.locationId ?? '';
      await setFare(first, second, '30.00');
      await setFare(first, second, '4.50', { type: 'foreigner', category: 'child' });

      const seller = await t.signInAs('counter');
      const shift = await seller.post('/api/admin/counter/shift', { floats: { MVR: '500', USD: '20' } });
      expect(shift.statusCode, shift.body).toBe(201);

      const day = await seller.get(`/api/admin/counter/departures?date=${trip.schedule.travelDate}`);
      expect(day.statusCode, day.body).toBe(200);
      const counterDay = day.json() as CounterDay;
      // The default list stays as it was.
      expect(counterDay.prices).toMatchObject(DEFAULT_PRICES);
      const departure = counterDay.departures.find((d) => d.scheduleId === trip.schedule.id);
      // Beside the four prices, the infant's (free: the list sets none) and no concession.
      const infantFree = { categoryPrices: [{ code: 'infant', localPrice: '0.00', foreignerPrice: '0.00' }] };
      expect(departure?.fares).toEqual([
        {
          originId: first,
          destinationId: second,
          ...DEFAULT_PRICES,
          localAdultPrice: '30.00',
          foreignerChildPrice: '4.50',
          ...infantFree,
        },
        { originId: first, destinationId: last, ...DEFAULT_PRICES, ...infantFree },
        { originId: second, destinationId: last, ...DEFAULT_PRICES, ...infantFree },
      ]);

      const sale: CounterSaleRequest & Record<string, unknown> = {
        scheduleId: trip.schedule.id,
        travelDate: trip.schedule.travelDate,
        launchId: trip.launchIds[0] ?? '',
        originId: first,
        destinationId: second,
        seats: ['A1'],
        tickets: [{ type: 'local', category: 'adult', quantity: 1 }],
        passenger: { name: 'Ibrahim Walk-in', nationality: 'Maldivian' },
        language: 'en',
        currency: 'MVR',
        payment: { method: 'cash', received: '100' },
        saleId: randomUUID(),
        totalAmount: '1.00',
        prices: { localAdultPrice: '1.00' },
      };
      const sold = await seller.post('/api/admin/counter/sales', sale);
      expect(sold.statusCode, sold.body).toBe(201);
      const made = sold.json() as CounterSale;
      expect(made.totalAmount).toBe('30.00');
      expect(made.change).toBe('70.00');

      // Further on, the same departure sells at the default list.
      const further = await seller.post('/api/admin/counter/sales', {
        ...sale,
        originId: first,
        destinationId: last,
        seats: ['A2'],
        saleId: randomUUID(),
      });
      expect(further.statusCode, further.body).toBe(201);
      expect((further.json() as CounterSale).totalAmount).toBe(DEFAULT_PRICES.localAdultPrice);
    });

    it('a rebooking is quoted at the pair price the booking travels', async () => {
      const first = await makeSchedule(t.database.db, { stops: 2 });
      const second = await makeSchedule(t.database.db, {
        stops: first.stops.map((s) => ({ locationId: s.locationId })),
        launchIds: first.launchIds,
        travelDate: first.schedule.travelDate,
        departureTime: '15:00',
      });
      // Booked at the default list, before the pair had a price of its own.
      const booking = await bookViaApi(t.app, first, { seats: ['A1'] });
      expect(booking).toMatchObject({ totalAmount: DEFAULT_PRICES.localAdultPrice, currency: 'MVR' });
      const { originId, destinationId } = ends(first);
      await setFare(originId, destinationId, '61.70');

      const post = (action: string, payload: object, headers: Record<string, string> = {}) =>
        t.app.inject({
          method: 'POST',
          url: `/api/bookings/${booking.reference}/manage/${action}`,
          payload,
          headers,
        });
      expect((await post('code', {})).statusCode).toBe(202);
      const code = await mailedManageCode(t.app, booking.email);
      const verified = await post('verify', { code });
      expect(verified.statusCode, verified.body).toBe(200);
      const { link, grant } = verified.json() as { link: string; grant: string };
      const quote = await post(
        'rebook-quote',
        { scheduleId: second.schedule.id, travelDate: second.schedule.travelDate },
        { [MANAGE_LINK_HEADER]: link, [MANAGE_GRANT_HEADER]: grant },
      );
      expect(quote.statusCode, quote.body).toBe(200);
      // The booking's own pair, now at 61.70: 36.70 more than the 25.00 paid.
      expect(quote.json()).toEqual({
        totalAmount: '61.70',
        difference: '36.70',
        currency: 'MVR',
        needsSlip: true,
      });
    });
  });

  describe('the admin API', () => {
    const latestAudit = async (entityId: string) =>
      t.database.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entity, 'fare'), eq(auditLog.entityId, entityId)))
        .orderBy(desc(auditLog.createdAt));

    it('creates, lists, changes and deletes a pair’s fares, each write audited', async () => {
      const a = await makeLocation(t.database.db, { name: 'Aaa Fares Origin' });
      const b = await makeLocation(t.database.db, { name: 'Aaa Fares Destination' });
      const created = await setFare(a.id, b.id, '12.5');
      expect(created).toMatchObject({
        originId: a.id,
        destinationId: b.id,
        type: 'local',
        category: 'adult',
        price: '12.50',
        currency: 'MVR',
      });
      const foreign = await setFare(a.id, b.id, '3', { type: 'foreigner', category: 'child' });
      expect(foreign).toMatchObject({ price: '3.00', currency: 'USD' });

      const list = await t.get('/api/admin/fares');
      expect(list.statusCode, list.body).toBe(200);
      const mine = (list.json().fares as Fare[]).filter((f) => f.originId === a.id);
      expect(mine.map((f) => [f.type, f.category, f.price])).toEqual([
        ['foreigner', 'child', '3.00'],
        ['local', 'adult', '12.50'],
      ]);

      const changed = await t.put(`/api/admin/fares/${created.id}`, {
        originId: a.id,
        destinationId: b.id,
        type: 'local',
        category: 'adult',
        price: 14,
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect(changed.json().price).toBe('14.00');
      const [update, create] = await latestAudit(created.id);
      expect(update).toMatchObject({
        action: 'update',
        actorUserId: t.admin.id,
        before: expect.objectContaining({ price: '12.50' }),
        after: expect.objectContaining({ price: '14.00' }),
      });
      expect(create).toMatchObject({ action: 'create', after: expect.objectContaining({ price: '12.50' }) });

      const removed = await t.del(`/api/admin/fares/${created.id}`);
      expect(removed.statusCode, removed.body).toBe(204);
      expect(await t.database.db.select().from(routeFares).where(eq(routeFares.id, created.id))).toEqual([]);
      const [deleted] = await latestAudit(created.id);
      expect(deleted).toMatchObject({
        action: 'delete',
        before: expect.objectContaining({ price: '14.00' }),
      });
      const again = await t.del(`/api/admin/fares/${created.id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json().error).toMatchObject({ code: 'fare_not_found', message: FARE_MSG.fareNotFound });
    });

    it('refuses a second fare for the same pair and ticket kind with 409, on create and on change', async () => {
      const a = await makeLocation(t.database.db);
      const b = await makeLocation(t.database.db);
      await setFare(a.id, b.id, '20');
      const child = await setFare(a.id, b.id, '10', { category: 'child' });
      const body = { originId: a.id, destinationId: b.id, type: 'local', category: 'adult', price: '21' };
      const twice = await t.post('/api/admin/fares', body);
      expect(twice.statusCode).toBe(409);
      expect(twice.json().error).toMatchObject({ code: 'fare_exists', message: FARE_MSG.fareExists });
      const clash = await t.put(`/api/admin/fares/${child.id}`, body);
      expect(clash.statusCode).toBe(409);
      // The other direction is another pair.
      const reverse = await t.post('/api/admin/fares', { ...body, originId: b.id, destinationId: a.id });
      expect(reverse.statusCode, reverse.body).toBe(201);
    });

    it.each([
      ['the same place twice', (a: string) => ({ destinationId: a }), 'destinationId', FARE_MSG.samePlace],
      ['a negative price', () => ({ price: '-1' }), 'price', FARE_MSG.priceInvalid],
      ['a negative number', () => ({ price: -5 }), 'price', FARE_MSG.priceInvalid],
      ['more than cents', () => ({ price: '12.345' }), 'price', FARE_MSG.priceInvalid],
      ['a word for a price', () => ({ price: 'free' }), 'price', FARE_MSG.priceInvalid],
      ['no origin', () => ({ originId: '' }), 'originId', FARE_MSG.originRequired],
      ['an unknown category', () => ({ category: 'pet' }), 'category', FARE_MSG.categoryRequired],
      ['an unknown ticket type', () => ({ type: 'vip' }), 'type', FARE_MSG.typeRequired],
    ])('refuses %s with a text under the field, and saves nothing', async (_name, change, field, text) => {
      const a = await makeLocation(t.database.db);
      const b = await makeLocation(t.database.db);
      const res = await t.post('/api/admin/fares', {
        originId: a.id,
        destinationId: b.id,
        type: 'local',
        category: 'adult',
        price: '10',
        ...change(a.id),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'validation_error', fields: { [field]: text } });
      expect(await t.database.db.select().from(routeFares).where(eq(routeFares.originId, a.id))).toEqual([]);
    });

    it('refuses a location that does not exist or is archived', async () => {
      const a = await makeLocation(t.database.db);
      const gone = await makeLocation(t.database.db, { archivedAt: new Date() });
      const body = {
        originId: a.id,
        destinationId: randomUUID(),
        type: 'local',
        category: 'adult',
        price: '10',
      };
      const unknown = await t.post('/api/admin/fares', body);
      expect(unknown.statusCode, unknown.body).toBe(400);
      expect(unknown.json().error.fields).toEqual({ destinationId: FARE_MSG.locationGone });
      const archived = await t.post('/api/admin/fares', { ...body, destinationId: a.id, originId: gone.id });
      expect(archived.statusCode).toBe(400);
      expect(archived.json().error.fields).toEqual({ originId: FARE_MSG.locationGone });
    });

    it('is refused to a role that may not set prices, as the ticket prices are', async () => {
      const a = await makeLocation(t.database.db);
      const b = await makeLocation(t.database.db);
      const fare = await setFare(a.id, b.id, '20');
      const counter = await t.signInAs('counter');
      const body = { originId: a.id, destinationId: b.id, type: 'local', category: 'child', price: '1' };
      for (const res of [
        await counter.get('/api/admin/fares'),
        await counter.post('/api/admin/fares', body),
        await counter.put(`/api/admin/fares/${fare.id}`, { ...body, category: 'adult' }),
        await counter.del(`/api/admin/fares/${fare.id}`),
        await counter.put('/api/admin/payment-settings', { localAdultPrice: 1 }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toMatchObject({ code: 'forbidden', message: STAFF_MSG.forbidden });
      }
      const [still] = await t.database.db.select().from(routeFares).where(eq(routeFares.id, fare.id));
      expect(still?.price).toBe('20.00');
      const office = await t.signInAs('office');
      expect((await office.get('/api/admin/fares')).statusCode).toBe(200);
    });
  });
});
