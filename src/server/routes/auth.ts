import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { adminUsers } from '#server/db/schema.ts';
import { AppError, errorBody } from '#server/lib/errors.ts';
import { routeLimit } from '#server/lib/rate-limit.ts';
import {
  clearSessionCookie,
  deleteSessionByToken,
  requestSession,
  sessionToken,
  setSessionCookie,
} from '#server/lib/sessions.ts';
import { changePassword } from '#server/services/change-password.ts';
import { logIn } from '#server/services/log-in.ts';
import {
  type AuthMe,
  type DemoCredentials,
  loginRequestSchema,
  passwordChangeSchema,
} from '#shared/admin-api.ts';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { parseOrThrow } from './public/email-codes.ts';

/** Sign-in, sign-out, the current admin and the password change (ARCHITECTURE.md section 3). */
export default async function authRoutes(app: FastifyInstance) {
  const { config, database, clock } = app.deps;
  const db = database.db;
  const sessionDeps = { db, clock, config };

  app.post('/api/auth/login', { config: routeLimit(config, 'login') }, async (req, reply) => {
    const { email, password } = parseOrThrow(loginRequestSchema, req.body);
    reply.header('Cache-Control', 'no-store');
    try {
      const result = await logIn({
        db,
        clock,
        config,
        email,
        password,
        ip: req.ip,
        userAgent: req.headers['user-agent'],
      });
      setSessionCookie(reply, config, result.token, result.expiresAt);
      const body: AuthMe = { user: result.user };
      return body;
    } catch (err) {
      if (err instanceof AppError && err.code === 'too_many_attempts') {
        const seconds = Number(err.details?.retryAfterSeconds ?? 60);
        return reply.status(429).header('Retry-After', String(seconds)).send(errorBody(err));
      }
      throw err;
    }
  });

  app.post('/api/auth/logout', async (req, reply) => {
    const token = sessionToken(req, config);
    if (token) await deleteSessionByToken(db, token);
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  // Not 401 when signed out: the public lookup page asks it to decide whether to offer the slip.
  app.get('/api/auth/me', async (req, reply) => {
    const session = await requestSession(req, sessionDeps);
    reply.header('Cache-Control', 'no-store');
    const body: AuthMe = { user: session?.admin ?? null };
    return body;
  });

  app.post('/api/auth/password', { config: routeLimit(config, 'passwordChange') }, async (req, reply) => {
    const session = await requestSession(req, sessionDeps);
    if (!session) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
    const { currentPassword, newPassword } = parseOrThrow(passwordChangeSchema, req.body);
    await changePassword({
      db,
      clock,
      userId: session.userId,
      sessionId: session.sessionId,
      currentPassword,
      newPassword,
    });
    return reply.status(204).send();
  });

  // ARCHITECTURE.md section 2.11: the hint shows only while the demo admin keeps its demo password.
  app.get('/api/auth/demo-credentials', async (_req, reply) => {
    const [demo] = await db
      .select({ id: adminUsers.id })
      .from(adminUsers)
      .where(and(eq(sql`lower(${adminUsers.email})`, DEMO_ADMIN.email), eq(adminUsers.hasDemoPassword, true)))
      .limit(1);
    reply.header('Cache-Control', 'no-store');
    const body: DemoCredentials = {
      demo: demo ? { email: DEMO_ADMIN.email, password: DEMO_ADMIN.password } : null,
    };
    return body;
  });
}
