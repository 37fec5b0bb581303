import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partners } from '#server/db/schema.ts';
import { addDays, instantInZone, systemClock } from '#server/lib/clock.ts';
import type { PartnerAccount } from '#shared/partners.ts';
import {
  type MadeSchedule,
  makeAdmin,
  makePaymentSettings,
  makeSchedule,
  tomorrowInOperatorZone,
  uniqueSuffix,
} from '#tests/factories.ts';
import { createTestDatabase, type TestDatabase, testDatabaseKind } from '#tests/setup/test-db.ts';
import { bookForPartner } from './book-for-partner.ts';
import { changePartnerBooking } from './change-partner-booking.ts';

/* A partner's booking as the partner's screen reads it back (docs/decisions/043-partner-accounts.md). */

/** The operator's zone of the test database's trips (tests/factories.ts). */
const TEST_TIME_ZONE = 'Indian/Maldives';

describe(`a partner's booking (${testDatabaseKind})`, () => {
  let database: TestDatabase;
  let account: PartnerAccount;
  let trip: MadeSchedule;
  const travelDate = addDays(tomorrowInOperatorZone(), 3);
  const base = { tzOperator: TEST_TIME_ZONE, signer: undefined, eTicketBase: 'http://ferry.test' };
  const leaves = () => instantInZone(travelDate, '08:00', TEST_TIME_ZONE);

  beforeAll(async () => {
    database = await createTestDatabase();
    const { db } = database;
    await makePaymentSettings(db);
    const user = await makeAdmin(db, { profile: false });
    const [partner] = await db
      .insert(partners)
      .values({
        name: `Coral Reef Resort ${uniqueSuffix()}`,
        contactEmail: 'desk@coralreef.example',
        currency: 'USD',
        commissionPercent: '10',
        creditLimit: '1000',
        paymentTermsDays: 30,
        cancelHours: 48,
      })
      .returning();
    if (!partner) throw new Error('partner insert returned nothing');
    account = {
      userId: user.id,
      email: user.email,
      partnerId: partner.id,
      partnerName: partner.name,
      currency: 'USD',
    };
    trip = await makeSchedule(db, { travelDate, stops: [{ departureTime: '08:00' }, {}] });
  });
  afterAll(() => database.dispose());

  const book = (seat: string) =>
    bookForPartner({
      ...base,
      db: database.db,
      clock: systemClock,
      account,
      input: {
        scheduleId: trip.schedule.id,
        travelDate,
        launchId: trip.launchIds[0] ?? '',
        originId: trip.stops[0]?.locationId ?? '',
        destinationId: trip.stops[1]?.locationId ?? '',
        seats: [seat],
        tickets: [{ type: 'foreigner', category: 'adult', quantity: 1 }],
        passengers: [{ name: 'Ana Silva', nationality: 'Portuguese', category: 'adult', type: 'foreigner' }],
        language: 'en',
        saleId: crypto.randomUUID(),
      },
    });

  it('answers with until when the partner may cancel by its own cancel hours, not the default', async () => {
    const { created, booking } = await book('A1');
    expect(created).toBe(true);
    expect(booking.cancellableUntil).toBe(new Date(leaves().getTime() - 48 * 3_600_000).toISOString());
  });

  it('corrects a guest’s name until the departure leaves, and not after', async () => {
    const { booking } = await book('A2');
    const rename = (now: Date) =>
      changePartnerBooking({
        db: database.db,
        now,
        timeZone: TEST_TIME_ZONE,
        eTicketBase: base.eTicketBase,
        account,
        reference: booking.reference,
        change: { kind: 'rename', position: 0, name: 'Ana Sousa', nationality: 'Portuguese' },
      });
    const renamed = await rename(new Date(leaves().getTime() - 60_000));
    expect(renamed.passengers[0]?.name).toBe('Ana Sousa');
    await expect(rename(new Date(leaves().getTime() + 60_000))).rejects.toMatchObject({
      code: 'manage_not_allowed',
      status: 409,
    });
  });
});
