import { describe, expect, it } from 'vitest';
import type { Trip } from '#shared/schemas.ts';
import { makePaymentSettings, makeSchedule, todayInOperatorZone } from '#tests/factories.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// The trip search prices a party with concessions (docs/decisions/036-fare-categories.md): each
// trip's fare is what the booking would cost, and its prices carry every category's.
describe(`the trip search with concessions (${testDatabaseKind})`, () => {
  const t = useAdminApp({}, async (app) => {
    await makePaymentSettings(app.database.db, {
      localAdultPrice: '25.00',
      localChildPrice: '15.00',
      foreignerAdultPrice: '5.00',
      foreignerChildPrice: '3.00',
      exchangeRate: '15.42',
    });
    const categories = [
      { code: 'senior', nameEn: 'Senior', nameDv: 'މުސްކުޅި މީހާ', priceRule: 'free', idRequired: true },
      { code: 'student', nameEn: 'Student', nameDv: 'ދަރިވަރު', priceRule: 'percent', percentOff: '50' },
    ];
    for (const category of categories) {
      const res = await app.post('/api/admin/fare-categories', category);
      expect(res.statusCode, res.body).toBe(201);
    }
  });

  // Each search on a day of its own: the search keeps a day's trips for a moment.
  let daysAhead = 1;
  async function search(query: Record<string, string>) {
    const day = new Date(`${todayInOperatorZone()}T00:00:00Z`);
    day.setUTCDate(day.getUTCDate() + daysAhead++);
    const trip = await makeSchedule(t.database.db, { travelDate: day.toISOString().slice(0, 10) });
    const stops = { from: trip.stops[0]?.locationId ?? '', to: trip.stops.at(-1)?.locationId ?? '' };
    const date = trip.schedule.travelDate;
    return t.app.inject({ method: 'GET', url: '/api/trips', query: { date, ...stops, ...query } });
  }

  it('prices the party’s concessions into each trip’s fare, and lists their prices', async () => {
    const res = await search({ localAdult: '1', concessions: 'senior:local:1,student:local:2' });
    expect(res.statusCode, res.body).toBe(200);
    const [trip] = res.json<Trip[]>();
    // 25.00 + 0 (senior) + 2 x 12.50 (student, half the adult fare)
    expect(trip?.fare).toEqual({ amount: '50.00', currency: 'MVR', tickets: 4 });
    expect(trip?.prices?.categoryPrices).toEqual(
      expect.arrayContaining([
        { code: 'senior', localPrice: '0.00', foreignerPrice: '0.00' },
        { code: 'student', localPrice: '12.50', foreignerPrice: '2.50' },
      ]),
    );
  });

  it('prices a party of concessions alone, in USD when one is a foreigner', async () => {
    const res = await search({ concessions: 'student:foreigner:1,senior:local:1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<Trip[]>()[0]?.fare).toEqual({ amount: '2.50', currency: 'USD', tickets: 2 });
  });

  it('leaves a code the operator does not sell out of the fare, and refuses a malformed list', async () => {
    const unknown = await search({ localAdult: '1', concessions: 'pirate:local:3' });
    expect(unknown.json<Trip[]>()[0]?.fare).toEqual({ amount: '25.00', currency: 'MVR', tickets: 1 });
    const malformed = await search({ concessions: 'senior=1' });
    expect(malformed.statusCode).toBe(400);
  });
});
