import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config.ts';
import { MSG } from '#shared/messages/api.ts';
import { limit, RATE_LIMITS, rateLimitedError, rateLimitPluginOptions, routeLimit } from './rate-limit.ts';

const apps: FastifyInstance[] = [];

afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

async function buildApp(env: Record<string, string>, max: number) {
  const config = loadConfig(env);
  const app = Fastify();
  apps.push(app);
  await app.register(rateLimit, rateLimitPluginOptions(config));
  app.get('/limited', { config: limit(config, max, '1 minute') }, async () => ({ ok: true }));
  app.get('/lookup', { config: routeLimit(config, 'lookup') }, async () => ({ ok: true }));
  app.get('/open', async () => ({ ok: true }));
  await app.ready();
  return app;
}

/** Sends requests until the first non-200 and returns how many got through. */
async function countAllowed(app: FastifyInstance, url: string, remoteAddress = '203.0.113.7', cap = 500) {
  for (let i = 0; i < cap; i++) {
    const res = await app.inject({ method: 'GET', url, remoteAddress });
    if (res.statusCode !== 200) return { allowed: i, blocked: res };
  }
  return { allowed: cap, blocked: undefined };
}

describe('limit()', () => {
  it('multiplies max by RATE_LIMIT_SCALE, rounding and never going below 1', () => {
    expect(limit({ rateLimitScale: 1 }, 10, '10 minutes')).toEqual({
      rateLimit: { max: 10, timeWindow: '10 minutes' },
    });
    expect(limit({ rateLimitScale: 2 }, 10, 60_000).rateLimit.max).toBe(20);
    expect(limit({ rateLimitScale: 0.25 }, 10, '1 minute').rateLimit.max).toBe(3);
    expect(limit({ rateLimitScale: 0.001 }, 10, '1 minute').rateLimit.max).toBe(1);
  });

  it('names the public lookup limit of docs/product.md section 10.10', () => {
    expect(RATE_LIMITS.lookup).toEqual([30, '1 minute']);
    expect(routeLimit({ rateLimitScale: 1 }, 'bookingSubmit')).toEqual({
      rateLimit: { max: 10, timeWindow: '10 minutes' },
    });
  });
});

describe('rate-limited routes', () => {
  it('answer 429 with our error shape on request N+1 from one IP', async () => {
    const app = await buildApp({}, 3);
    const { allowed, blocked } = await countAllowed(app, '/limited');
    expect(allowed).toBe(3);
    expect(blocked?.statusCode).toBe(429);
    expect(blocked?.json()).toEqual({ error: { code: 'rate_limited', message: MSG.tooManyRequests } });
    expect(Number(blocked?.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('count each IP separately and leave routes without a limit alone', async () => {
    const app = await buildApp({}, 2);
    expect((await countAllowed(app, '/limited', '198.51.100.1')).allowed).toBe(2);
    expect((await countAllowed(app, '/limited', '198.51.100.2')).allowed).toBe(2);
    expect((await countAllowed(app, '/open', '198.51.100.1', 50)).allowed).toBe(50);
  });

  it('RATE_LIMIT_SCALE=2 doubles every limit', async () => {
    const app = await buildApp({ RATE_LIMIT_SCALE: '2' }, 3);
    const limited = await countAllowed(app, '/limited');
    expect(limited.allowed).toBe(6);
    expect(limited.blocked?.statusCode).toBe(429);
    expect((await countAllowed(app, '/lookup')).allowed).toBe(60);
  });
});

describe('rateLimitedError()', () => {
  it('reads as a 429 error to an error handler and serialises to the error shape only', () => {
    const err = rateLimitedError();
    expect(err.statusCode).toBe(429);
    expect(err.code).toBe('rate_limited');
    expect(err.message).toBe(MSG.tooManyRequests);
    expect(JSON.parse(JSON.stringify(err))).toEqual({
      error: { code: 'rate_limited', message: MSG.tooManyRequests },
    });
  });
});
