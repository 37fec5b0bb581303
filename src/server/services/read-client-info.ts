import { isIP } from 'node:net';
import type { ClientInfo } from '#shared/admin-api.ts';

const GEOIP_TIMEOUT_MS = 2_000;

/** Loopback, private, link-local and unique-local addresses: no provider can place them. */
export function isPrivateIp(ip: string): boolean {
  const v4 = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  if (isIP(v4) === 4) {
    const [a = 0, b = 0] = v4.split('.').map(Number);
    return (
      a === 10 ||
      a === 127 ||
      a === 0 ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      (a === 169 && b === 254) ||
      (a === 100 && b >= 64 && b <= 127)
    );
  }
  if (isIP(ip) === 6) {
    const lower = ip.toLowerCase();
    return lower === '::1' || lower === '::' || /^f[cd]/.test(lower) || /^fe[89ab]/.test(lower);
  }
  return true;
}

/** GEOIP_URL may name the address as `{ip}` (e.g. https://ipapi.co/{ip}/json/). */
export function geoipRequestUrl(template: string, ip: string): string {
  const value = encodeURIComponent(ip);
  return template.replaceAll('{ip}', value).replaceAll('%7Bip%7D', value).replaceAll('%7bip%7d', value);
}

const text = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null);

export type ReadClientInfoOptions = {
  ip: string | undefined;
  geoipUrl: string | undefined;
};

/**
 * The visitor's address and rough location for the admin login warning panel (docs/product.md section
 * 2, docs/product.md section 10.16). The IP comes from the connection, or behind the proxies
 * TRUST_PROXY names, from the X-Forwarded-For entry the outermost of them appended.
 */
export async function readClientInfo({ ip, geoipUrl }: ReadClientInfoOptions): Promise<ClientInfo> {
  const base: ClientInfo = { ip: ip ?? null, city: null, region: null, country: null, geolocation: 'hidden' };
  if (!geoipUrl || !ip || isPrivateIp(ip)) return base;
  try {
    const res = await fetch(geoipRequestUrl(geoipUrl, ip), {
      signal: AbortSignal.timeout(GEOIP_TIMEOUT_MS),
      headers: { accept: 'application/json' },
    });
    if (!res.ok) return { ...base, geolocation: 'failed' };
    const data = (await res.json()) as Record<string, unknown>;
    if (!data || typeof data !== 'object' || data.error) return { ...base, geolocation: 'failed' };
    return {
      ip,
      city: text(data.city),
      region: text(data.region),
      country: text(data.country_name),
      geolocation: 'found',
    };
  } catch {
    return { ...base, geolocation: 'failed' };
  }
}
