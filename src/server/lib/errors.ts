/** Errors are values with a code; one place (app.ts) turns them into the JSON error shape. */
export class AppError extends Error {
  readonly code: string;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: string,
    message: string,
    status = 400,
    extra?: { fields?: Record<string, string>; details?: Record<string, unknown> },
  ) {
    super(message);
    this.name = 'AppError';
    this.code = code;
    this.status = status;
    this.fields = extra?.fields;
    this.details = extra?.details;
  }
}

export type ErrorBody = {
  error: { code: string; message: string; fields?: Record<string, string> } & Record<string, unknown>;
};

export function errorBody(err: AppError): ErrorBody {
  return {
    error: {
      code: err.code,
      message: err.message,
      ...(err.fields ? { fields: err.fields } : {}),
      ...(err.details ?? {}),
    },
  };
}

export const notFound = (message = 'Not found', code = 'not_found') => new AppError(code, message, 404);
