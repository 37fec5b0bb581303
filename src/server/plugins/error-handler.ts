import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { z } from 'zod';
import { apiErrorSchema } from '#shared/error-codes.ts';
import { MSG } from '#shared/messages/api.ts';
import { isBadTextForDatabase, isDatabaseUnavailable } from '../lib/db-errors.ts';
import { AppError, errorBody, invalidRequest } from '../lib/errors.ts';

/** The status codes an answer may have; each route's error answers have the shared error shape. */
const ERROR_RESPONSES = { '4xx': apiErrorSchema, '5xx': apiErrorSchema } as const;

/** Every thrown thing as the AppError that answers it; null when it is a fault of ours. */
function toAppError(err: FastifyError | Error): AppError | null {
  if (err instanceof AppError) return err;
  if (err instanceof z.ZodError) return invalidRequest(err.issues);
  const { statusCode, code } = err as FastifyError;
  if (statusCode === 429) return new AppError('rate_limited', MSG.tooManyRequests, 429);
  if (
    code === 'FST_REQ_FILE_TOO_LARGE' ||
    code === 'FST_FILES_LIMIT' ||
    code === 'FST_ERR_CTP_BODY_TOO_LARGE'
  ) {
    return new AppError('payload_too_large', MSG.imageSize, 413);
  }
  if (isBadTextForDatabase(err)) return new AppError('validation_error', MSG.checkRequiredFields, 400);
  if (isDatabaseUnavailable(err)) return new AppError('service_unavailable', MSG.databaseUnavailable, 503);
  // Fastify's own refusals (a body that is no JSON, an unsupported media type, ...).
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    return new AppError(
      statusCode === 415 ? 'unsupported_media_type' : 'bad_request',
      err.message,
      statusCode,
    );
  }
  return null;
}

/**
 * The one place that turns errors into the JSON error shape `{"error": {"code", "message",
 * "fields"?, ...details}}` (the HTTP API in docs/architecture.md): AppErrors as they are, failed schemas by
 * their rules, rate limits 429, oversized uploads 413, database outages 503 with Retry-After
 * (as every error carrying `retryAfterSeconds` has).
 * Anything else is logged and answered 500 without a stack trace.
 */
async function errorHandler(app: FastifyInstance): Promise<void> {
  // Every route answers its errors in this shape, so every route declares it (and the OpenAPI
  // document shows it).
  app.addHook('onRoute', (route) => {
    const declared = (route.schema?.response ?? {}) as Record<string, unknown>;
    route.schema = { ...route.schema, response: { ...ERROR_RESPONSES, ...declared } };
  });

  app.setErrorHandler((err: FastifyError, req, reply) => {
    const appError = toAppError(err);
    if (!appError) {
      req.log.error({ err }, 'unhandled error');
      return reply.status(500).send(errorBody(new AppError('internal_error', MSG.serverError, 500)));
    }
    if (appError.status === 503) {
      req.log.warn({ err }, 'database unavailable');
      reply.header('Retry-After', '5');
    }
    // A refusal that knows when to ask again (login throttle, e-mail code cooldown) says so.
    const retryAfter = appError.details?.retryAfterSeconds;
    if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter));
    return reply.status(appError.status).send(errorBody(appError));
  });
}

export default fp(errorHandler, { name: 'error-handler' });
