import { ApiError } from '#web/lib/api-client.ts';

/** The answers that mean a link can no longer set a password: no form is offered after them. */
const ENDED = new Set(['link_invalid', 'link_used', 'link_expired']);

export const isLinkEnded = (error: unknown): error is ApiError =>
  error instanceof ApiError && ENDED.has(error.code);
