import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/errors.ts';
import { requestSession, type SessionUser } from '#server/lib/sessions.ts';
import type { AdminUser } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on every /api/admin/ request that reaches a handler. */
    adminUser: (AdminUser & { sessionId: string }) | null;
  }
}

/** The signed-in admin of a guarded request; the guard has already refused everyone else. */
export function adminOf(req: FastifyRequest): AdminUser & { sessionId: string } {
  if (!req.adminUser) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
  return req.adminUser;
}

type AdminRouteModule = (app: FastifyInstance) => Promise<void>;

/**
 * The one guard for everything under /api/admin/ (ARCHITECTURE.md section 4): an onRequest hook
 * in this encapsulated context, so every admin route module registered through it is covered,
 * and nothing outside it is. 401 without a live session, 403 without an admin profile.
 */
export default async function adminRoutes(app: FastifyInstance, opts: { modules: AdminRouteModule[] }) {
  const { config, database, clock } = app.deps;
  app.decorateRequest('adminUser', null);
  app.addHook('onRequest', async (req, reply) => {
    const session: SessionUser | null = await requestSession(req, { db: database.db, clock, config });
    reply.header('Cache-Control', 'no-store');
    if (!session) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
    if (!session.admin) throw new AppError('not_admin', MSG.notAdmin, 403);
    req.adminUser = { ...session.admin, sessionId: session.sessionId };
  });
  for (const module of opts.modules) await app.register(module);
}
