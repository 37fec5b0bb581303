import { type AnyColumn, type SQL, sql } from 'drizzle-orm';
import { AppError } from '#server/lib/errors.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';

/*
 * Keyset pages of the office's long lists (docs/decisions/045-year-scale.md): a page ends with
 * the sort key of its last row, and the next page is the rows after that key in the list's
 * order. Unlike an offset, a booking made or approved meanwhile neither repeats a row on the next
 * page nor skips one. The key travels as the answer's `next`, an opaque cursor: base64url of a
 * JSON array, the order's name first, so a cursor of one order is refused by another.
 */

/** The kinds of value a key holds, each checked strictly: PostgreSQL would refuse a bad one with a 500. */
export type KeyPart = 'date' | 'time' | 'instant' | 'uuid' | 'text';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
/** A time of day as PostgreSQL writes it, 24:00:00 included. */
const TIME = /^(([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d{1,6})?|24:00:00)$/;
/** An instant as keyInstant writes it: UTC, to the microsecond PostgreSQL keeps. */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TEXT_MAX = 100;

/** An ISO instant JavaScript writes back the same: 2031-02-30 or a 25th hour match the pattern but are none. */
const realInstant = (iso: string) => {
  const at = new Date(iso);
  return !Number.isNaN(at.getTime()) && at.toISOString() === iso;
};

function valid(kind: KeyPart, value: unknown): value is string {
  if (typeof value !== 'string') return false;
  switch (kind) {
    case 'date':
      return DATE.test(value) && realInstant(`${value}T00:00:00.000Z`);
    case 'time':
      return TIME.test(value);
    case 'instant':
      return INSTANT.test(value) && realInstant(`${value.slice(0, 23)}Z`);
    case 'uuid':
      return UUID.test(value);
    case 'text':
      // PostgreSQL's text holds no NUL.
      return value.length <= TEXT_MAX && !value.includes('\u0000');
  }
}

/**
 * A timestamp column as a key holds it: UTC to the microsecond. A JavaScript Date keeps
 * milliseconds, and two bookings within one millisecond would fall between two pages.
 */
export const keyInstant = (column: AnyColumn): SQL<string> =>
  sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

/** The cursor of a page that ends with a row of this key, in the order `order`. */
export function cursorOf(order: string, key: readonly string[]): string {
  return Buffer.from(JSON.stringify([order, ...key]), 'utf8').toString('base64url');
}

/**
 * The key a cursor holds, each value checked against its kind in `parts`; anything else, a
 * cursor of another order, cut short or made up, is 400 `invalid_cursor`, never a query.
 */
export function keyOf(cursor: string, order: string, parts: readonly KeyPart[]): string[] {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    decoded = null;
  }
  if (
    !Array.isArray(decoded) ||
    decoded.length !== parts.length + 1 ||
    decoded[0] !== order ||
    !parts.every((kind, i) => valid(kind, decoded[i + 1]))
  ) {
    throw new AppError('invalid_cursor', STAFF_MSG.cursorInvalid, 400);
  }
  return decoded.slice(1) as string[];
}
