import type { FastifyServerOptions } from 'fastify';

/*
 * What the logs must never hold (docs/product.md section 14): tokens that sit in URLs (e-ticket
 * links, signed manage links, codes in a query), cookies and authorization headers, and the
 * values a failed SQL statement was given (names, e-mails, token hashes). Logs are kept longer
 * and read by more people than the database rows they would copy.
 */

export const REDACTED = '[redacted]';

/** Query parameters that carry a secret on any path; compared lower-cased, without - and _. */
const SECRET_QUERY_NAMES = new Set([
  'token',
  'code',
  'verificationtoken',
  'key',
  'signature',
  'sig',
  'accesstoken',
  'password',
]);

/** The e-ticket path `/t/<token>` (and any `/…/t/<token>` API twin): the token is the ticket. */
const TOKEN_PATH = /(^|\/)t\/[^/]+/g;
/** `/bookings/<reference>/manage`: every query value of a manage link is part of its signature. */
const MANAGE_PATH = /\/manage(\/|$)/;

function queryName(raw: string): string {
  let name = raw;
  try {
    name = decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    // A malformed escape is still compared as written.
  }
  return name.toLowerCase().replace(/[-_]/g, '');
}

/**
 * The URL as a log may show it: the token of an e-ticket path, every query value of a manage
 * link and any query value named like a secret become `[redacted]`; the rest stays as sent.
 */
export function redactUrl(url: string): string {
  const hash = url.indexOf('#');
  const withoutHash = hash === -1 ? url : url.slice(0, hash);
  const mark = withoutHash.indexOf('?');
  const rawPath = mark === -1 ? withoutHash : withoutHash.slice(0, mark);
  const path = rawPath.replace(TOKEN_PATH, `$1t/${REDACTED}`);
  if (mark === -1) return path;
  const everyValue = MANAGE_PATH.test(path);
  const query = withoutHash
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq === -1) return pair;
      const name = pair.slice(0, eq);
      return everyValue || SECRET_QUERY_NAMES.has(queryName(name)) ? `${name}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

/** A link in a mail's text: up to the first space or a character that cannot end a bare URL. */
const LINK_IN_TEXT = /\bhttps?:\/\/[^\s<>"']+/g;
/** One-time codes are six digits (references are ten, amounts carry a point). */
const ONE_TIME_CODE = /\b\d{6}\b/g;

/**
 * A link as a log may show it: the path and query as `redactUrl` shows them, and anything after
 * `#` (where staff invitation and reset links carry their token) hidden whole.
 */
function redactLink(link: string): string {
  const at = link.indexOf('/', link.indexOf('//') + 2);
  if (at === -1) return link;
  const hash = link.indexOf('#', at);
  const origin = link.slice(0, at);
  const pathAndQuery = redactUrl(hash === -1 ? link.slice(at) : link.slice(at, hash));
  return `${origin}${pathAndQuery}${hash === -1 ? '' : `#${REDACTED}`}`;
}

/**
 * A mail's subject or text as the log may show it (mail printed instead of sent): every link's
 * token (e-ticket paths, manage links, a token after `#`) and every one-time code hidden. The
 * whole mail stays readable in the outbox, which only this machine can open (GET /dev/outbox).
 */
export function redactMailText(text: string): string {
  return text.replace(LINK_IN_TEXT, redactLink).replace(ONE_TIME_CODE, REDACTED);
}

type LoggedRequest = {
  method?: string;
  url?: string;
  host?: string;
  ip?: string;
  headers?: { host?: string | undefined };
  socket?: { remoteAddress?: string; remotePort?: number } | null;
};

/**
 * Fastify's request summary (method, url, host, client address and port) with the URL
 * redacted. Headers are never copied, so cookies and authorization stay out of the log.
 */
export function serializeRequest(req: LoggedRequest) {
  return {
    method: req.method,
    url: typeof req.url === 'string' ? redactUrl(req.url) : req.url,
    host: req.host ?? req.headers?.host,
    remoteAddress: req.ip ?? req.socket?.remoteAddress,
    remotePort: req.socket?.remotePort,
  };
}

/**
 * The values a statement was run with: drizzle's `params`, node-postgres's `parameters`, and
 * PostgreSQL's `detail` and `where`, which quote row values ("Key (email)=(…) already exists").
 */
const VALUE_FIELDS = new Set(['params', 'parameters', 'detail', 'where']);
const MAX_CAUSE_DEPTH = 5;

type ErrorFields = Record<string, unknown> & {
  name?: unknown;
  message?: unknown;
  stack?: unknown;
  cause?: unknown;
  errors?: unknown;
};

/** pino's shape for a logged error: type, message and stack, then the error's own fields. */
type SerializedError = { type: string; message: string; stack: string; [key: string]: unknown };

/** drizzle puts the values in its message too: "Failed query: <sql>\nparams: <values>". */
function withoutParams(message: string): string {
  const at = message.indexOf('\nparams: ');
  return at === -1 ? message : message.slice(0, at);
}

/** The stack begins with the message; it is rebuilt from the cleaned message and the frames. */
function cleanStack(stack: string, name: string, message: string, cleaned: string): string {
  if (message === cleaned) return stack;
  const at = stack.indexOf(message);
  const frames =
    at === -1
      ? stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .map((line) => `\n${line}`)
          .join('')
      : stack.slice(at + message.length);
  return `${name}: ${cleaned}${frames}`;
}

/**
 * pino's error summary (type, message, stack and the error's own fields, walking `cause` and
 * aggregated errors) without the values a database statement carried. The SQL text, the
 * error code, the constraint and table names stay: they are what a person needs to debug.
 */
export function serializeError(err: unknown, depth = 0): SerializedError {
  if (typeof err !== 'object' || err === null) {
    return { type: typeof err, message: String(err), stack: '' };
  }
  const e = err as ErrorFields;
  const constructorName = (err as { constructor?: { name?: unknown } }).constructor?.name;
  const name = typeof e.name === 'string' ? e.name : 'Error';
  const type = typeof constructorName === 'string' && constructorName !== 'Object' ? constructorName : name;
  const rawMessage = typeof e.message === 'string' ? e.message : '';
  const message = withoutParams(rawMessage);
  const out: SerializedError = {
    type,
    message,
    stack: typeof e.stack === 'string' ? cleanStack(e.stack, name, rawMessage, message) : '',
  };
  const nested = (value: unknown) => (depth < MAX_CAUSE_DEPTH ? serializeError(value, depth + 1) : undefined);
  // AggregateError's `errors` and Error's `cause` are not enumerable, so they are read by name.
  if (Array.isArray(e.errors)) out.errors = e.errors.map(nested);
  for (const key of Object.keys(e)) {
    if (key in out || key === 'cause' || VALUE_FIELDS.has(key)) continue;
    const value = e[key];
    out[key] = value instanceof Error ? nested(value) : value;
  }
  if (e.cause !== undefined) out.cause = nested(e.cause);
  return out;
}

const logSerializers = { req: serializeRequest, err: serializeError };

/**
 * Logger options with these serializers in force, whatever else the caller chose (level,
 * destination); `false` stays off.
 */
export function withLogRedaction(logger: FastifyServerOptions['logger']): FastifyServerOptions['logger'] {
  if (!logger) return logger;
  const options = logger === true ? {} : logger;
  return { ...options, serializers: { ...options.serializers, ...logSerializers } };
}
