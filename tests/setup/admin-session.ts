import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { type MadeAdmin, makeAdmin } from '../factories.ts';

export type AdminSession = { cookie: string; admin: MadeAdmin };

/** The `name=value` pair of a Set-Cookie header, ready to send back as a Cookie header. */
export function cookieFrom(setCookie: string | string[] | undefined): string {
  const first = [setCookie ?? []].flat()[0] ?? '';
  return first.split(';')[0] ?? '';
}

/**
 * Signs in through the real login route as a new admin (or the one given) and returns the
 * Cookie header to send with admin requests.
 */
export async function signInAsAdmin(
  app: FastifyInstance,
  opts: { admin?: MadeAdmin } = {},
): Promise<AdminSession> {
  const admin = opts.admin ?? (await makeAdmin(app.deps.database.db));
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: admin.email, password: admin.password },
    // An address of its own per sign-in, so many sign-ins in one file stay under the per-IP
    // login limit.
    remoteAddress: `10.${randomInt(0, 256)}.${randomInt(0, 256)}.${randomInt(1, 255)}`,
  });
  if (res.statusCode !== 200) throw new Error(`sign-in failed: ${res.statusCode} ${res.body}`);
  return { cookie: cookieFrom(res.headers['set-cookie']), admin };
}
