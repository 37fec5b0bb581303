import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';
import type { DbOrTx } from '#server/db/client.ts';
import { signValue, verifySignedValue } from './signing-keys.ts';

/*
 * The login device cookie (OWASP, "Slow down online guessing attacks with device cookies";
 * docs/decisions/006-login-throttle.md): a browser that signed in as an e-mail gets a signed
 * cookie naming that e-mail and a random device id. Its later sign-ins as that e-mail are judged
 * on the device's own failure count, so guesses from elsewhere that lock the e-mail out do not
 * lock out the admin's own browser.
 */

export const DEVICE_COOKIE_DAYS = 180;
const DEVICE_COOKIE_MS = DEVICE_COOKIE_DAYS * 24 * 3_600_000;

type Payload = { e: string; d: string; t: number };

const isHttps = (config: Pick<Config, 'publicUrl'>) => config.publicUrl?.startsWith('https://') ?? false;

/** Like the session cookie: `__Host-` binds it to this exact origin over https. */
function deviceCookieName(config: Pick<Config, 'publicUrl'>): string {
  return isHttps(config) ? '__Host-ferry_device' : 'ferry_device';
}

export function deviceCookieOf(req: FastifyRequest, config: Pick<Config, 'publicUrl'>): string | undefined {
  return req.cookies[deviceCookieName(config)] ?? undefined;
}

/**
 * The device id of a cookie this server signed for `email` within the last 180 days, or null:
 * a forged, altered, expired or retired-key cookie, or one for another e-mail, is no device.
 */
export async function trustedDeviceId(
  db: DbOrTx,
  cookie: string | undefined,
  opts: { email: string; now: Date },
): Promise<string | null> {
  const payload = await verifySignedValue({ db, purpose: 'device-cookie', value: cookie });
  if (!payload) return null;
  try {
    const value = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Partial<Payload>;
    if (
      value.e !== opts.email ||
      typeof value.d !== 'string' ||
      value.d.length === 0 ||
      typeof value.t !== 'number' ||
      value.t + DEVICE_COOKIE_MS <= opts.now.getTime()
    ) {
      return null;
    }
    return value.d;
  } catch {
    return null;
  }
}

/** A signed cookie for this browser and e-mail; the device keeps its id when it had one. */
export async function issueDeviceCookie(
  db: DbOrTx,
  opts: { email: string; deviceId: string | null; now: Date },
): Promise<{ value: string; expiresAt: Date }> {
  const payload: Payload = {
    e: opts.email,
    d: opts.deviceId ?? randomBytes(16).toString('base64url'),
    t: opts.now.getTime(),
  };
  const value = await signValue({
    db,
    purpose: 'device-cookie',
    payload: Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url'),
  });
  return { value, expiresAt: new Date(opts.now.getTime() + DEVICE_COOKIE_MS) };
}

export function setDeviceCookie(
  reply: FastifyReply,
  config: Pick<Config, 'publicUrl'>,
  cookie: { value: string; expiresAt: Date },
): void {
  reply.setCookie(deviceCookieName(config), cookie.value, {
    httpOnly: true,
    sameSite: 'strict',
    path: '/',
    secure: isHttps(config),
    expires: cookie.expiresAt,
  });
}
