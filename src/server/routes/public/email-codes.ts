import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { AppError } from '#server/lib/errors.ts';
import { routeLimit } from '#server/lib/rate-limit.ts';
import { sendEmailCode } from '#server/services/send-email-code.ts';
import { verifyEmailCode } from '#server/services/verify-email-code.ts';
import { MSG } from '#shared/messages.ts';
import { emailCodeRequestSchema, emailCodeVerifySchema } from '#shared/schemas.ts';

const CODE_FOR_MESSAGE: Record<string, string> = {
  [MSG.emailRequired]: 'email_required',
  [MSG.otpCodeFormat]: 'invalid_code_format',
};

/** Parses with the shared schema and answers with its first message, the text SPEC.md gives. */
export function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  if (parsed.success) return parsed.data;
  const fields: Record<string, string> = {};
  for (const issue of parsed.error.issues) fields[issue.path.join('.') || '_'] ??= issue.message;
  const message = parsed.error.issues[0]?.message ?? MSG.checkRequiredFields;
  throw new AppError(CODE_FOR_MESSAGE[message] ?? 'validation_error', message, 400, { fields });
}

export default async function emailCodeRoutes(app: FastifyInstance) {
  const { config, database, clock } = app.deps;

  app.post('/api/email-codes', { config: routeLimit(config, 'emailCode') }, async (req, reply) => {
    const { email } = parseOrThrow(emailCodeRequestSchema, req.body);
    const result = await sendEmailCode({ db: database.db, clock, email });
    app.deps.mailer?.kick();
    reply.header('Cache-Control', 'no-store');
    return result;
  });

  app.post('/api/email-codes/verify', { config: routeLimit(config, 'emailVerify') }, async (req, reply) => {
    const { email, code } = parseOrThrow(emailCodeVerifySchema, req.body);
    reply.header('Cache-Control', 'no-store');
    return verifyEmailCode({ db: database.db, clock, email, code });
  });
}
