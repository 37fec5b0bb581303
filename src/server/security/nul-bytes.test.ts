import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages/api.ts';
import { useAdminApp } from '#tests/setup/admin-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

// PostgreSQL cannot store a NUL character in text: such input is the client's mistake (400),
// never a server error, and changes nothing.
describe(`NUL characters in input (${testDatabaseKind})`, () => {
  const t = useAdminApp();

  it.each([
    ['a lookup reference', { method: 'GET', url: '/api/bookings/2611224389%00' }],
    ['a bare lookup NUL', { method: 'GET', url: '/api/bookings/%00' }],
    [
      'a login e-mail',
      { method: 'POST', url: '/api/auth/login', payload: { email: 'a\u0000@b.co', password: 'xy' } },
    ],
    ['a trip search id', { method: 'GET', url: '/api/trips?date=2030-01-01&from=%00&to=%00' }],
  ] as const)('%s gets a 4xx', async (_name, request) => {
    const res = await t.app.inject(request);
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('an admin setting with a NUL is refused and not saved', async () => {
    const before = (await t.app.inject({ method: 'GET', url: '/api/branding' })).json();
    const res = await t.put('/api/admin/pwa-settings', { appName: 'A\u0000B' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(MSG.checkRequiredFields);
    expect((await t.app.inject({ method: 'GET', url: '/api/branding' })).json()).toEqual(before);
  });
});
