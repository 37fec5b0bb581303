/*
 * What a database error means, read from the error and the causes it wraps (Drizzle wraps the
 * driver's error in `cause`; PostgreSQL's SQLSTATE or a socket error code is in `code`).
 */

/** The error and up to three errors it wraps, outermost first. */
function* causeChain(err: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e: unknown = err;
  for (let depth = 0; e && typeof e === 'object' && depth < 4; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** The first error code on the chain: a SQLSTATE such as '23505', or a socket's 'ECONNRESET'. */
function errorCodeOf(err: unknown): string | undefined {
  for (const e of causeChain(err)) if (typeof e.code === 'string') return e.code;
  return undefined;
}

// Connection-level failures of the database: the service is down for a moment, not broken.
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  '57P01',
  '57P02',
  '57P03',
  '53300',
  '08006',
  '08001',
  '08003',
]);
// node-postgres's own words for a connection that died under a query, or for the ROLLBACK that
// then finds its client gone (which replaces the first error in Drizzle's transaction).
const UNAVAILABLE_MESSAGE =
  /Connection terminated|timeout exceeded when trying to connect|Client (was closed|has encountered a connection error) and is not queryable/i;

/** The database cannot be reached (503 and try again), as opposed to a statement that failed. */
export function isDatabaseUnavailable(err: unknown): boolean {
  for (const e of causeChain(err)) {
    if (typeof e.code === 'string' && UNAVAILABLE_CODES.has(e.code)) return true;
    if (typeof e.message === 'string' && UNAVAILABLE_MESSAGE.test(e.message)) return true;
  }
  return false;
}

/** PostgreSQL refuses NUL in text (22021) and unconvertible characters (22P05): bad input, not a fault. */
const BAD_TEXT_CODES = new Set(['22021', '22P05']);

export function isBadTextForDatabase(err: unknown): boolean {
  for (const e of causeChain(err)) if (typeof e.code === 'string' && BAD_TEXT_CODES.has(e.code)) return true;
  return false;
}

/** Errors PostgreSQL gives a transaction that lost a race (deadlock, serialization failure). */
const LOST_RACE_CODES = new Set(['40P01', '40001']);

export const isLostRace = (err: unknown): boolean => LOST_RACE_CODES.has(errorCodeOf(err) ?? '');

/** A unique index refused the row (23505): another request wrote the same key first. */
export const isUniqueViolation = (err: unknown): boolean => errorCodeOf(err) === '23505';
