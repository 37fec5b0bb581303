import type { z } from 'zod';
import { type ErrorDetails, PROBLEMS, type ProblemCode, problemOf } from '#shared/api-errors.ts';
import type { ApiErrorBody, ErrorCode } from '#shared/error-codes.ts';
import { MSG } from '#shared/messages/api.ts';

/**
 * Errors are values with a code (docs/product.md section 16); the error handler
 * (plugins/error-handler.ts) is the one place that turns them into the JSON error shape.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly details: ErrorDetails | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    status = 400,
    extra?: { fields?: Record<string, string>; details?: ErrorDetails },
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.fields = extra?.fields;
    this.details = extra?.details;
  }
}

/** The error of a named request rule (#shared/api-errors.ts PROBLEMS): its code, text and status. */
export function problem(code: ProblemCode, extra?: { fields?: Record<string, string> }): AppError {
  const rule: { message: string; status?: number } = PROBLEMS[code];
  return new AppError(code, rule.message, rule.status ?? 400, extra);
}

/**
 * A request that failed its zod schema, wherever it was parsed (a route's declared schema or a
 * multipart field): the first named rule it breaks answers with its own code and text, anything
 * else is `validation_error` with docs/product.md's 'Please check all required fields...'; `fields`
 * holds each field's first text. A rule answering 404 (an id that is no id) names no field.
 */
export function invalidRequest(issues: readonly z.core.$ZodIssue[]): AppError {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[issue.path.map(String).join('.') || '_'] ??= issue.message;
  const code = issues.map(problemOf).find((c) => c !== undefined);
  if (code) return (PROBLEMS[code] as { status?: number }).status ? problem(code) : problem(code, { fields });
  return new AppError('validation_error', MSG.checkRequiredFields, 400, { fields });
}

export function errorBody(err: AppError): ApiErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.fields ? { fields: err.fields } : {}),
      ...err.details,
    },
  };
}

export const notFound = (message = 'Not found', code: ErrorCode = 'not_found') =>
  new AppError(code, message, 404);
