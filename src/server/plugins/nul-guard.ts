import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MSG } from '#shared/messages/api.ts';
import { AppError } from '../lib/errors.ts';

/** True when a NUL character hides anywhere in a parsed body or query (strings, arrays, objects). */
function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, v]) => key.includes('\u0000') || containsNul(v, depth + 1));
}

/**
 * No text the database could not store gets past the edge (a NUL byte in a path, a query or a
 * JSON body): a 400 with docs/product.md's message instead of a failed statement. It runs before the
 * route's schema, so no schema has to think of it.
 */
async function nulGuard(app: FastifyInstance): Promise<void> {
  app.addHook('preValidation', async (req) => {
    if (/%00/.test(req.url) || containsNul(req.params) || containsNul(req.query) || containsNul(req.body)) {
      throw new AppError('validation_error', MSG.checkRequiredFields, 400);
    }
  });
}

export default fp(nulGuard, { name: 'nul-guard' });
