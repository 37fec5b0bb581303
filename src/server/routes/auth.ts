import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { deviceCookieOf, setDeviceCookie } from '#server/lib/device-cookies.ts';
import { AppError } from '#server/lib/errors.ts';
import { routeLimit } from '#server/lib/rate-limit.ts';
import {
  announceSessionsEnded,
  clearSessionCookie,
  deleteSessionByToken,
  requestSession,
  type SessionUser,
  sessionToken,
  setSessionCookie,
} from '#server/lib/sessions.ts';
import { changePassword } from '#server/services/change-password.ts';
import { checkStaffLink } from '#server/services/check-staff-link.ts';
import { completeStaffLink } from '#server/services/complete-staff-link.ts';
import { logIn } from '#server/services/log-in.ts';
import { readDemoCredentials } from '#server/services/read-demo-credentials.ts';
import { signOutEverywhere } from '#server/services/sign-out-everywhere.ts';
import {
  authMeSchema,
  completeStaffLinkSchema,
  demoCredentialsSchema,
  loginRequestSchema,
  passwordChangeSchema,
  staffLinkSchema,
  staffLinkTokenSchema,
} from '#shared/admin-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { defineRoutes } from './define-routes.ts';

const noContent = { 204: z.undefined().describe('Done') };

/** The client a sign-in comes from, as its session records it. */
const clientOf = (req: FastifyRequest) => ({ ip: req.ip, userAgent: req.headers['user-agent'] });

/** Sign-in, sign-out, the current admin and the password change (the HTTP API in docs/architecture.md). */
export default defineRoutes(async (app, { config, clock, db }) => {
  const sessionDeps = { db, clock, config };

  // A route that needs a session refuses a caller without one before it reads the body
  // (onRequest comes before validation): a signed-out caller learns nothing of its rules.
  const signedIn = new WeakMap<FastifyRequest, SessionUser>();
  const requireSession = async (req: FastifyRequest) => {
    const session = await requestSession(req, sessionDeps);
    if (!session) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
    signedIn.set(req, session);
  };
  const sessionOf = (req: FastifyRequest): SessionUser => {
    const session = signedIn.get(req);
    if (!session) throw new AppError('not_authenticated', MSG.notAuthenticated, 401);
    return session;
  };

  // A throttled sign-in is a 429 with Retry-After (the error handler reads retryAfterSeconds).
  app.post(
    '/api/auth/login',
    {
      schema: { body: loginRequestSchema, response: { 200: authMeSchema } },
      config: routeLimit(config, 'login'),
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const result = await logIn({
        db,
        clock,
        config,
        ...req.body,
        ...clientOf(req),
        deviceCookie: deviceCookieOf(req, config),
      });
      setSessionCookie(reply, config, result.token, result.expiresAt);
      setDeviceCookie(reply, config, result.device);
      return { user: result.user, ...(result.partner ? { partner: result.partner } : {}) };
    },
  );

  app.post('/api/auth/logout', { schema: { response: noContent } }, async (req, reply) => {
    const token = sessionToken(req, config);
    if (token) await deleteSessionByToken({ db, token });
    clearSessionCookie(reply, config);
    return reply.status(204).send();
  });

  // Not 401 when signed out: the public lookup page asks it to decide whether to offer the slip.
  app.get('/api/auth/me', { schema: { response: { 200: authMeSchema } } }, async (req, reply) => {
    const session = await requestSession(req, sessionDeps);
    reply.header('Cache-Control', 'no-store');
    return { user: session?.admin ?? null, ...(session?.partner ? { partner: session.partner } : {}) };
  });

  app.post(
    '/api/auth/password',
    {
      schema: { body: passwordChangeSchema, response: noContent },
      config: routeLimit(config, 'passwordChange'),
      onRequest: requireSession,
    },
    async (req, reply) => {
      const session = sessionOf(req);
      await changePassword({
        db,
        clock,
        userId: session.userId,
        sessionId: session.sessionId,
        ...req.body,
      });
      return reply.status(204).send();
    },
  );

  app.post(
    '/api/auth/logout-everywhere',
    {
      schema: { response: noContent },
      config: routeLimit(config, 'signOutEverywhere'),
      onRequest: requireSession,
    },
    async (req, reply) => {
      const session = sessionOf(req);
      const ended = await signOutEverywhere({ db, userId: session.userId });
      announceSessionsEnded(ended);
      clearSessionCookie(reply, config);
      return reply.status(204).send();
    },
  );

  // The e-mailed invitation and password reset links (their token comes in the body, never the URL).
  app.post(
    '/api/auth/links/check',
    {
      schema: { body: staffLinkTokenSchema, response: { 200: staffLinkSchema } },
      config: routeLimit(config, 'staffLink'),
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return checkStaffLink({ db, clock, token: req.body.token });
    },
  );

  app.post(
    '/api/auth/links/complete',
    {
      schema: { body: completeStaffLinkSchema, response: { 200: authMeSchema } },
      config: routeLimit(config, 'staffLink'),
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      const result = await completeStaffLink({
        db,
        clock,
        config,
        token: req.body.token,
        password: req.body.password,
        ...clientOf(req),
      });
      setSessionCookie(reply, config, result.token, result.expiresAt);
      return { user: result.user, ...(result.partner ? { partner: result.partner } : {}) };
    },
  );

  app.get(
    '/api/auth/demo-credentials',
    { schema: { response: { 200: demoCredentialsSchema } } },
    async (_req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return readDemoCredentials({ db, isProduction: config.isProduction });
    },
  );
});
