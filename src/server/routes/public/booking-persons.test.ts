import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';
import { ticketPassengers, ticketSeats } from '#server/db/schema.ts';
import { MSG } from '#shared/messages/api.ts';
import type { BookingRequest } from '#shared/schemas.ts';
import { makePaymentSettings, makeSchedule, uniqueSuffix } from '#tests/factories.ts';
import {
  MANY_HOLDS_PER_ADDRESS,
  MANY_VERIFICATIONS_PER_ADDRESS,
  postBooking,
  ticketByReference,
  tripBookingRequest,
  verifiedToken,
} from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// Every person named, and infants on an adult's lap (docs/decisions/035-every-person-named.md).
describe(`a booking's persons (${testDatabaseKind})`, () => {
  const t = useTestApp({
    env: { RATE_LIMIT_SCALE: '100', ...MANY_HOLDS_PER_ADDRESS, ...MANY_VERIFICATIONS_PER_ADDRESS },
  });
  beforeEach(async () => {
    await makePaymentSettings(t.database.db, {
      localAdultPrice: '25.00',
      localChildPrice: '15.00',
      foreignerAdultPrice: '5.00',
      foreignerChildPrice: '3.00',
      exchangeRate: '15.42',
    });
  });

  async function booking(seats: string[], overrides: Partial<BookingRequest>): Promise<BookingRequest> {
    const trip = await makeSchedule(t.database.db);
    const email = `p-${uniqueSuffix()}@example.com`;
    const request = tripBookingRequest(trip, {
      seats,
      email,
      verificationToken: await verifiedToken(t.app, email),
      name: 'Aishath Shifa',
    });
    return { ...request, ...overrides };
  }

  const lookup = async (reference: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/bookings/${reference}` });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('books an adult and an infant on one seat, names both, and prices the infant at 0', async () => {
    const request = await booking(['A1'], {
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'infant', quantity: 1 },
      ],
      passengers: [
        { name: 'Aishath Shifa', nationality: 'Maldivian', category: 'adult' },
        { name: '  Ibrahim Zayan  ', nationality: 'Maldivian', category: 'infant' },
      ],
    });
    const res = await postBooking(t.app, request);
    expect(res.statusCode, res.body).toBe(201);
    const { reference, totalAmount } = res.json();
    expect(totalAmount).toBe('25.00');

    const ticket = await ticketByReference(t.app, reference);
    expect([ticket.adultCount, ticket.childCount, ticket.infantCount]).toEqual([1, 0, 1]);
    const seats = await t.database.db.select().from(ticketSeats).where(eq(ticketSeats.ticketId, ticket.id));
    expect(seats.map((s) => s.seatNumber)).toEqual(['A1']);
    const rows = await t.database.db
      .select()
      .from(ticketPassengers)
      .where(eq(ticketPassengers.ticketId, ticket.id))
      .orderBy(ticketPassengers.position);
    expect(rows.map((r) => [r.position, r.name, r.category, r.ticketType])).toEqual([
      [0, 'Aishath Shifa', 'adult', 'local'],
      [1, 'Ibrahim Zayan', 'infant', 'local'],
    ]);

    const view = await lookup(reference);
    expect(view.infantCount).toBe(1);
    expect(view.ticketBreakdown).toEqual([
      { type: 'local', category: 'adult', quantity: 1, price: '25.00' },
      { type: 'local', category: 'infant', quantity: 1, price: '0.00' },
    ]);
    // The public lookup masks every name, as it masks the contact's.
    expect(view.persons).toEqual([
      { name: 'A*** S***', nationality: '', category: 'adult', type: 'local' },
      { name: 'I*** Z***', nationality: '', category: 'infant', type: 'local' },
    ]);
    expect(view.unnamedCount).toBe(0);
  });

  it('refuses two infants for one adult', async () => {
    const request = await booking(['A1'], {
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'infant', quantity: 1 },
        { type: 'local', category: 'infant', quantity: 1 },
      ],
    });
    const res = await postBooking(t.app, request);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'too_many_infants', message: MSG.tooManyInfants });
  });

  it('counts adults of both ticket types for the infants they carry', async () => {
    const request = await booking(['A1', 'A2'], {
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'foreigner', category: 'adult', quantity: 1 },
        { type: 'local', category: 'infant', quantity: 2 },
      ],
    });
    const res = await postBooking(t.app, request);
    expect(res.statusCode, res.body).toBe(201);
  });

  it('wants one seat per adult and child, infants taking none', async () => {
    const twoSeats = await booking(['A1', 'A2'], {
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'infant', quantity: 1 },
      ],
    });
    const tooMany = await postBooking(t.app, twoSeats);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().error).toMatchObject({ code: 'too_many_seats', message: MSG.tooManySeats });

    const oneSeat = await booking(['A1'], {
      tickets: [
        { type: 'local', category: 'adult', quantity: 1 },
        { type: 'local', category: 'child', quantity: 1 },
        { type: 'local', category: 'infant', quantity: 1 },
      ],
    });
    const tooFew = await postBooking(t.app, oneSeat);
    expect(tooFew.statusCode).toBe(400);
    expect(tooFew.json().error).toMatchObject({
      code: 'seat_count_mismatch',
      message: MSG.seatCountMismatch,
    });
  });

  it('refuses persons that do not match the tickets', async () => {
    const tickets: BookingRequest['tickets'] = [
      { type: 'local', category: 'adult', quantity: 1 },
      { type: 'local', category: 'child', quantity: 1 },
    ];
    const contact = { name: 'Aishath Shifa', nationality: 'Maldivian', category: 'adult' } as const;
    const cases: BookingRequest['passengers'][] = [
      // One person short.
      [contact],
      // The right count in the wrong categories.
      [contact, { name: 'Mariyam Zaha', nationality: 'Maldivian', category: 'adult' }],
      // One too many.
      [
        contact,
        { name: 'Mariyam Zaha', nationality: 'Maldivian', category: 'child' },
        { name: 'Ibrahim Zayan', nationality: 'Maldivian', category: 'infant' },
      ],
      // A ticket type the tickets do not have.
      [contact, { name: 'Mariyam Zaha', nationality: 'Maldivian', category: 'child', type: 'foreigner' }],
    ];
    for (const passengers of cases) {
      const res = await postBooking(t.app, await booking(['A1', 'A2'], { tickets, passengers }));
      expect(res.statusCode, JSON.stringify(passengers)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'persons_mismatch', message: MSG.personsMismatch });
    }
  });

  it('takes the first person as the contact', async () => {
    const tickets: BookingRequest['tickets'] = [
      { type: 'local', category: 'adult', quantity: 1 },
      { type: 'local', category: 'infant', quantity: 1 },
    ];
    const infant = { name: 'Ibrahim Zayan', nationality: 'Maldivian', category: 'infant' } as const;
    const cases: BookingRequest['passengers'][] = [
      [{ name: 'Someone Else', nationality: 'Maldivian', category: 'adult' }, infant],
      [{ name: 'Aishath Shifa', nationality: 'British', category: 'adult' }, infant],
      [infant, { name: 'Aishath Shifa', nationality: 'Maldivian', category: 'adult' }],
    ];
    for (const passengers of cases) {
      const res = await postBooking(t.app, await booking(['A1'], { tickets, passengers }));
      expect(res.statusCode, JSON.stringify(passengers)).toBe(400);
      expect(res.json().error).toMatchObject({ code: 'contact_first', message: MSG.contactFirst });
    }
  });

  it('refuses a blank or over-long name', async () => {
    const tickets: BookingRequest['tickets'] = [
      { type: 'local', category: 'adult', quantity: 1 },
      { type: 'local', category: 'infant', quantity: 1 },
    ];
    const contact = { name: 'Aishath Shifa', nationality: 'Maldivian', category: 'adult' } as const;
    for (const name of ['   ', 'x'.repeat(101)]) {
      const passengers = [contact, { name, nationality: 'Maldivian', category: 'infant' as const }];
      const res = await postBooking(t.app, await booking(['A1'], { tickets, passengers }));
      expect(res.statusCode).toBe(400);
    }
  });

  it('names the contact alone without persons, the rest of the party unnamed', async () => {
    const request = await booking(['A1', 'A2'], {
      tickets: [
        { type: 'foreigner', category: 'adult', quantity: 2 },
        { type: 'foreigner', category: 'infant', quantity: 1 },
      ],
    });
    const res = await postBooking(t.app, request);
    expect(res.statusCode, res.body).toBe(201);
    const view = await lookup(res.json().reference);
    expect(view.persons).toEqual([
      { name: 'A*** S***', nationality: '', category: 'adult', type: 'foreigner' },
    ]);
    expect(view.unnamedCount).toBe(2);
  });
});
