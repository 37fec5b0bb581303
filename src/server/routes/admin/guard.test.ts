import { describe, expect, it } from 'vitest';
import { createSession } from '#server/lib/sessions.ts';
import { MSG } from '#shared/messages/api.ts';
import { makeAdmin } from '#tests/factories.ts';
import { signInAsAdmin } from '#tests/setup/admin-session.ts';
import { useTestApp } from '#tests/setup/test-app.ts';
import { testDatabaseKind } from '#tests/setup/test-db.ts';

const SAMPLE_ID = '00000000-0000-4000-8000-000000000000';

/** A concrete URL for a route pattern: every :param becomes a well-formed id. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, SAMPLE_ID).replace(/\*$/, 'x');

describe(`the admin guard (${testDatabaseKind})`, () => {
  const t = useTestApp({ env: { RATE_LIMIT_SCALE: '100' } });

  const adminRoutes = () =>
    t.app.registeredRoutes.filter((r) => r.url.startsWith('/api/admin/') && r.method !== 'HEAD');

  /** Outside /api/admin/, the routes that act for the signed-in person. */
  const SESSION_ROUTES = ['/api/auth/password', '/api/auth/logout-everywhere'];

  it('covers every registered /api/admin/ route and every other route that needs a session: 401 without one, before the body is read', async () => {
    const routes = [
      ...adminRoutes(),
      ...t.app.registeredRoutes.filter((r) => SESSION_ROUTES.includes(r.url) && r.method !== 'HEAD'),
    ];
    expect(routes.filter((r) => SESSION_ROUTES.includes(r.url))).toHaveLength(SESSION_ROUTES.length);
    expect(routes.length).toBeGreaterThan(5);
    for (const route of routes) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ route, status: res.statusCode }).toEqual({ route, status: 401 });
      expect(res.json().error).toEqual({ code: 'not_authenticated', message: MSG.notAuthenticated });
    }
    // One request per admin route: room for a busy machine, not a timing check.
  }, 120_000);

  it('answers 401 for a stale or forged cookie', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard',
      headers: { cookie: 'ferry_session=AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' },
    });
    expect(res.statusCode).toBe(401);
  });

  it('answers 403 on every admin route for a session without an admin profile', async () => {
    const user = await makeAdmin(t.database.db, { profile: false });
    const { token } = await createSession({
      db: t.database.db,
      userId: user.id,
      clock: { now: () => new Date() },
      config: t.config,
    });
    for (const route of adminRoutes()) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: concrete(route.url),
        headers: { cookie: `ferry_session=${token}` },
        ...(route.method === 'GET' || route.method === 'DELETE' ? {} : { payload: {} }),
      });
      expect({ route, status: res.statusCode }).toEqual({ route, status: 403 });
      expect(res.json().error.code).toBe('not_admin');
    }
  }, 120_000);

  it('lets a signed-in admin through', async () => {
    const { cookie } = await signInAsAdmin(t.app);
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard', headers: { cookie } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
