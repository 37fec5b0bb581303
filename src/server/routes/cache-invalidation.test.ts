import { describe, expect, it } from 'vitest';
import { makeSchedule } from '#tests/factories.ts';
import { searchTrips, seatLockRequest, verifiedToken } from '#tests/setup/public-booking.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

/*
 * The micro-caches of trip search and booking lookup are emptied by writes on this instance so
 * a writer sees its own change at once; a write that changed nothing must leave them alone, or
 * anyone could keep the busiest reads uncached with a stream of no-op requests.
 */
describe(`cache invalidation (${testDatabaseKind})`, () => {
  const t = useTestApp({ env: { RATE_LIMIT_SCALE: '100' } });

  const warm = async () => {
    const trip = await makeSchedule(t.database.db);
    await searchTrips(t.app, trip);
    expect(t.app.deps.tripSearchCache.size).toBeGreaterThan(0);
    return trip;
  };

  it('keeps them across writes that changed nothing', async () => {
    const trip = await warm();
    const logout = await t.app.inject({ method: 'POST', url: '/api/auth/logout' });
    expect(logout.statusCode).toBe(204);
    expect(t.app.deps.tripSearchCache.size).toBeGreaterThan(0);

    const release = await seatLockRequest(t.app, 'DELETE', trip, ['A1']);
    expect(release.json()).toEqual({ released: 0 });
    expect(t.app.deps.tripSearchCache.size).toBeGreaterThan(0);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'x@y.z', password: 'nope' },
    });
    expect(refused.statusCode).toBe(401);
    expect(t.app.deps.tripSearchCache.size).toBeGreaterThan(0);
  });

  it('empties them when a write changed seats', async () => {
    const trip = await warm();
    const token = await verifiedToken(t.app, 'cache@example.com');
    const locked = await seatLockRequest(t.app, 'POST', trip, ['A1'], { token });
    expect(locked.statusCode).toBe(200);
    expect(t.app.deps.tripSearchCache.size).toBe(0);
  });
});
