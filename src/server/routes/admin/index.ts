import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '#server/lib/errors.ts';
import { requestSession, type SessionUser } from '#server/lib/sessions.ts';
import type { TicketSigner } from '#server/lib/ticket-signing.ts';
import type { AdminUser } from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { allows, type Permission, type PermissionRule } from '#shared/permissions.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the admin guard on every /api/admin/ request that reaches a handler. */
    adminUser: (AdminUser & { sessionId: string }) | null;
  }
  interface FastifyContextConfig {
    /**
     * What an admin route needs (src/shared/permissions.ts): one permission, or any one of
     * several. Every route under /api/admin/ declares it; one that does not stops the server
     * from starting.
     */
    permission?: PermissionRule;
  }
}

/** The signed-in admin of a guarded request; the guard has already refused everyone else. */
export function adminOf(req: FastifyRequest): AdminUser & { sessionId: string } {
  if (!req.adminUser) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
  return req.adminUser;
}

/** Whether the signed-in admin of this request holds `permission` (for checks inside a route). */
export function adminCan(req: FastifyRequest, permission: Permission): boolean {
  return adminOf(req).permissions.includes(permission);
}

/** Refuses the request unless its admin holds `permission`: a rule finer than the route's own. */
export function requirePermission(
  req: FastifyRequest,
  permission: Permission,
  message = STAFF_MSG.forbidden,
): void {
  if (!adminCan(req, permission)) throw new AppError('forbidden', message, 403);
}

/**
 * The e-ticket signer, or nothing when it cannot be had. Production loads TICKET_SIGNING_KEY at
 * start and does not start without it; elsewhere a key in the data folder stands in, and if that
 * cannot be written the change still goes through, its e-ticket has no code, and the log says why.
 */
export function ticketSignerOrNothing(req: FastifyRequest): TicketSigner | undefined {
  try {
    return req.server.deps.ticketSigner();
  } catch (err) {
    req.log.error({ err }, 'e-tickets cannot be signed');
    return undefined;
  }
}

/**
 * What `work` returns, once it is done: the mail it queued in its transaction (a passenger's
 * notice, an invitation) is then sent at once rather than at the mailer's next round.
 */
export async function thenSendMail<T>(req: FastifyRequest, work: Promise<T>): Promise<T> {
  const result = await work;
  req.server.deps.mailer?.kick();
  return result;
}

type AdminRouteModule = (app: FastifyInstance) => Promise<void>;

/**
 * The one guard for everything under /api/admin/ (docs/product.md section 13): an onRequest hook
 * in this encapsulated context, so every admin route module registered through it is covered,
 * and nothing outside it is. 401 without a live session of an active person, 403 without an
 * admin profile, and 403 when the route's declared permission is not the role's.
 */
export default async function adminRoutes(app: FastifyInstance, opts: { modules: AdminRouteModule[] }) {
  const { config, database, clock } = app.deps;
  app.decorateRequest('adminUser', null);
  app.addHook('onRoute', (route) => {
    if (!route.config?.permission) {
      throw new Error(`${[route.method].flat().join(',')} ${route.url} declares no permission`);
    }
  });
  app.addHook('onRequest', async (req, reply) => {
    const session: SessionUser | null = await requestSession(req, { db: database.db, clock, config });
    reply.header('Cache-Control', 'no-store');
    if (!session) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
    if (!session.admin) throw new AppError('not_admin', MSG.notAdmin, 403);
    const rule = req.routeOptions.config.permission;
    if (!rule || !allows(session.admin.role, rule)) throw new AppError('forbidden', STAFF_MSG.forbidden, 403);
    req.adminUser = { ...session.admin, sessionId: session.sessionId };
  });
  for (const module of opts.modules) await app.register(module);
}
