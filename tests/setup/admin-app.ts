import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import type { Role } from '#shared/permissions.ts';
import { type MadeAdmin, makeAdmin } from '../factories.ts';
import { type AdminSession, signInAsAdmin } from './admin-session.ts';
import { createTestApp, type TestApp, type TestAppOptions } from './test-app.ts';

export type AdminMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
type Headers = Record<string, string>;

/** Requests sent with one signed-in session's cookie. A payload left out sends no body. */
export type AdminRequests = {
  /** Any request, with the session's cookie added to the headers given. */
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  send(
    method: AdminMethod,
    url: string,
    payload?: object,
    headers?: Headers,
  ): Promise<LightMyRequestResponse>;
  get(url: string, headers?: Headers): Promise<LightMyRequestResponse>;
  post(url: string, payload?: object, headers?: Headers): Promise<LightMyRequestResponse>;
  put(url: string, payload?: object, headers?: Headers): Promise<LightMyRequestResponse>;
  patch(url: string, payload?: object, headers?: Headers): Promise<LightMyRequestResponse>;
  del(url: string, payload?: object, headers?: Headers): Promise<LightMyRequestResponse>;
};

/** A staff member signed in through the real login route, with requests bound to the session. */
export type StaffSession = AdminSession & AdminRequests;

/** Requests to `app` carrying `cookie`. */
export function requestsWith(app: FastifyInstance, cookie: string): AdminRequests {
  const inject = (opts: InjectOptions) =>
    app.inject({ ...opts, headers: { ...(opts.headers as Headers | undefined), cookie } });
  const send = (method: AdminMethod, url: string, payload?: object, headers: Headers = {}) =>
    inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
  return {
    inject,
    send,
    get: (url, headers) => send('GET', url, undefined, headers),
    post: (url, payload, headers) => send('POST', url, payload, headers),
    put: (url, payload, headers) => send('PUT', url, payload, headers),
    patch: (url, payload, headers) => send('PATCH', url, payload, headers),
    del: (url, payload, headers) => send('DELETE', url, payload, headers),
  };
}

/**
 * Signs in as a new staff member with `who`'s role (an Owner unless told), or as the admin given,
 * and returns the session with its requests.
 */
export async function signInAs(app: FastifyInstance, who: Role | MadeAdmin = 'owner'): Promise<StaffSession> {
  const admin = typeof who === 'string' ? await makeAdmin(app.deps.database.db, { role: who }) : who;
  const session = await signInAsAdmin(app, { admin });
  return { ...session, ...requestsWith(app, session.cookie) };
}

/** A test app with a staff member of `role` (an Owner unless told) signed in. */
export type AdminApp = TestApp &
  StaffSession & {
    /** Signs in another staff member on the same app (see `signInAs`). */
    signInAs(who?: Role | MadeAdmin): Promise<StaffSession>;
  };

/**
 * A real app (rate limits scaled up 100 times unless `env` says otherwise) with a staff member
 * signed in: the app, the session's cookie and admin, and requests carrying the cookie.
 */
export async function createAdminApp(opts: TestAppOptions & { role?: Role } = {}): Promise<AdminApp> {
  const { role = 'owner', ...appOpts } = opts;
  const t = await createTestApp({ ...appOpts, env: { RATE_LIMIT_SCALE: '100', ...appOpts.env } });
  const session = await signInAs(t.app, role);
  return { ...t, ...session, signInAs: (who) => signInAs(t.app, who) };
}

/**
 * The admin app of the enclosing `describe`: made before its tests (then `setUp` runs, if given)
 * and closed after them. The object returned is filled in when the app is made.
 */
export function useAdminApp(
  opts: Parameters<typeof createAdminApp>[0] = {},
  setUp?: (t: AdminApp) => Promise<unknown>,
): AdminApp {
  const t = {} as AdminApp;
  beforeAll(async () => {
    Object.assign(t, await createAdminApp(opts));
    await setUp?.(t);
  });
  afterAll(() => t.close?.());
  return t;
}
