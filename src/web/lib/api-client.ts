import type { ErrorDetails } from '#shared/api-errors.ts';
import type { ApiErrorBody, ErrorCode } from '#shared/error-codes.ts';
import { SERVER_ERROR } from '#shared/server-error.ts';

/**
 * An error answered by the API (the error shape of the HTTP API in docs/architecture.md) or a failed request.
 * What to show is chosen by `code`; data the error carries (the taken `seats`, when to retry)
 * is in `details`, never read out of the message.
 */
/**
 * What to tell the user about a failed request: the server's own text for an API error (it is
 * written for people, docs/product.md's wording), `fallback` for anything else (a bug, a network
 * failure the client did not wrap).
 */
export function errorMessage(error: unknown, fallback: string = SERVER_ERROR): string {
  return error instanceof ApiError ? error.message : fallback;
}

/** Like errorMessage, but nothing when the error did not come from the API. */
export const apiErrorText = (error: unknown): string | undefined =>
  error instanceof ApiError ? error.message : undefined;

/**
 * The API's codes, and the two the client makes itself: no answer at all, and an answer that is
 * not the API's JSON error (a proxy's 502 page, say).
 */
export type ClientErrorCode = ErrorCode | 'network_error' | `http_${number}`;

export class ApiError extends Error {
  readonly code: ClientErrorCode;
  readonly status: number;
  readonly fields: Record<string, string> | undefined;
  readonly details: ErrorDetails;

  constructor(
    code: ClientErrorCode,
    message: string,
    status: number,
    fields?: Record<string, string>,
    details: ErrorDetails = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.status = status;
    this.fields = fields;
    this.details = details;
  }
}

export type RequestOptions = Omit<RequestInit, 'body'> & {
  /** A plain value is sent as JSON; FormData (uploads) is sent as multipart. */
  body?: unknown;
};

function isErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== 'object' || value === null || !('error' in value)) return false;
  const error = (value as { error: unknown }).error;
  return (
    typeof error === 'object' &&
    error !== null &&
    typeof (error as { code?: unknown }).code === 'string' &&
    typeof (error as { message?: unknown }).message === 'string'
  );
}

export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, headers: extraHeaders, ...init } = options;
  const headers = new Headers(extraHeaders);
  headers.set('Accept', 'application/json');
  let payload: BodyInit | undefined;
  if (body instanceof FormData || body instanceof Blob) {
    payload = body;
  } else if (body !== undefined) {
    headers.set('Content-Type', 'application/json');
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(path, { credentials: 'same-origin', ...init, headers, body: payload });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError('network_error', SERVER_ERROR, 0);
  }

  const isJson = response.headers.get('Content-Type')?.includes('json') ?? false;
  const data: unknown = isJson ? await response.json().catch(() => undefined) : undefined;
  if (!response.ok) {
    if (isErrorBody(data)) {
      const { code, message, fields, ...details } = data.error;
      // A code this build does not know yet still travels; the web shows its generic text for it.
      throw new ApiError(code as ErrorCode, message, response.status, fields, details);
    }
    throw new ApiError(`http_${response.status}`, SERVER_ERROR, response.status);
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: RequestOptions) => apiFetch<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiFetch<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiFetch<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, body?: unknown, options?: RequestOptions) =>
    apiFetch<T>(path, { ...options, method: 'DELETE', body }),
};
