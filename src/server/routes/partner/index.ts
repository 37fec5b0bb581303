import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/errors.ts';
import { requestSession } from '#server/lib/sessions.ts';
import { MSG } from '#shared/messages/api.ts';
import type { PartnerAccount } from '#shared/partners.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the partner guard on every /api/partner/ request that reaches a handler. */
    partnerAccount: PartnerAccount | null;
  }
}

/** The signed-in partner's user of a guarded request; the guard has already refused everyone else. */
export function partnerOf(req: FastifyRequest): PartnerAccount {
  if (!req.partnerAccount) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
  return req.partnerAccount;
}

type PartnerRouteModule = (app: FastifyInstance) => Promise<void>;

/**
 * The one guard for everything under /api/partner/ (docs/decisions/043-partner-accounts.md): 401
 * without a live session, 403 for a session that is not a partner's user of an active partner
 * (staff included: a partner's routes are the partner's alone).
 */
export default async function partnerRoutes(app: FastifyInstance, opts: { modules: PartnerRouteModule[] }) {
  const { config, database, clock } = app.deps;
  app.decorateRequest('partnerAccount', null);
  app.addHook('onRequest', async (req, reply) => {
    const session = await requestSession(req, { db: database.db, clock, config });
    reply.header('Cache-Control', 'no-store');
    if (!session) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
    if (!session.partner) {
      throw new AppError('not_partner', 'This is for the partners who book on account', 403);
    }
    req.partnerAccount = session.partner;
  });
  for (const module of opts.modules) await app.register(module);
}
