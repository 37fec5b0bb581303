import type { FastifyRequest } from 'fastify';
import type { Config } from '#server/config.ts';

/**
 * Where links in mails point: the configured public address; without one (a local demo), the
 * address the staff member is using (set PUBLIC_URL in production: the Host header is the
 * client's to choose).
 */
export function publicBase(config: Pick<Config, 'publicUrl'>, req: FastifyRequest): string {
  return config.publicUrl ?? `${req.protocol}://${req.host}`;
}
