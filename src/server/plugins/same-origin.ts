import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '#shared/messages/api.ts';
import type { Config } from '../config.ts';
import { AppError } from '../lib/errors.ts';

export const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function expectedOrigin(config: Config, host: string | undefined, protocol: string): string | undefined {
  if (config.publicUrl) return new URL(config.publicUrl).origin;
  return host ? `${protocol}://${host}` : undefined;
}

/**
 * Cross-site requests never change anything (docs/product.md section 13): SameSite=Strict
 * cookies plus this check of Sec-Fetch-Site and Origin on every write, before any handler.
 */
async function sameOrigin(app: FastifyInstance): Promise<void> {
  const { config } = app.deps;
  app.addHook('onRequest', async (req) => {
    if (!STATE_CHANGING.has(req.method)) return;
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string' && site !== 'same-origin' && site !== 'none') {
      throw new AppError('cross_site_request', MSG.crossSite, 403);
    }
    const origin = req.headers.origin;
    if (typeof origin === 'string') {
      const expected = expectedOrigin(config, req.headers.host, req.protocol);
      if (origin !== expected) throw new AppError('cross_site_request', MSG.crossSite, 403);
    }
  });
}

export default fp(sameOrigin, { name: 'same-origin', dependencies: ['app-deps'] });
