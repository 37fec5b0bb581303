import { routeLimit } from '#server/lib/rate-limit.ts';
import { requestLanguage } from '#server/lib/texts.ts';
import { sendEmailCode } from '#server/services/send-email-code.ts';
import { verifyEmailCode } from '#server/services/verify-email-code.ts';
import {
  emailCodeRequestSchema,
  emailCodeResponseSchema,
  emailCodeVerifySchema,
  emailVerifyResponseSchema,
} from '#shared/schemas.ts';
import { defineRoutes } from '../define-routes.ts';

/** Step 2's e-mail verification (docs/product.md sections 2.5 and 8.8). */
export default defineRoutes(async (app, { config, database, clock }) => {
  app.post(
    '/api/email-codes',
    {
      schema: { body: emailCodeRequestSchema, response: { 200: emailCodeResponseSchema } },
      config: routeLimit(config, 'emailCode'),
    },
    async (req, reply) => {
      const result = await sendEmailCode({
        db: database.db,
        clock,
        email: req.body.email,
        clientIp: req.ip,
        verificationsPerIpHour: config.emailVerificationsPerIpHour,
        verificationsPerIpDay: config.emailVerificationsPerIpDay,
        language: requestLanguage(req, req.body.language),
      });
      app.deps.mailer?.kick();
      reply.header('Cache-Control', 'no-store');
      return result;
    },
  );

  app.post(
    '/api/email-codes/verify',
    {
      schema: { body: emailCodeVerifySchema, response: { 200: emailVerifyResponseSchema } },
      config: routeLimit(config, 'emailVerify'),
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return verifyEmailCode({ db: database.db, clock, ...req.body });
    },
  );
});
