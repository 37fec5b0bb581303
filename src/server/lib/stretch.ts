import { type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/*
 * A passenger's stretch of a route (docs/decisions/032-seats-per-leg.md). The stops of a
 * departure are numbered in route order from 0; leg i runs from stop i to stop i+1. A stretch
 * holds the legs [fromStop, toStop): from the From stop's position up to, not including, the To
 * stop's. Two stretches of one seat may both be sold when they share no leg.
 */
export type Stretch = { fromStop: number; toStop: number };

/**
 * The stretch between two stops of a route (its location ids in stop order). Without a From,
 * the first stop; without a To, the last: the whole departure. Null when From is not on the
 * route, or To does not come after it.
 */
export function stretchOn(
  stopIds: readonly string[],
  originId?: string | null,
  destinationId?: string | null,
): Stretch | null {
  const fromStop = originId ? stopIds.indexOf(originId) : 0;
  if (fromStop < 0) return null;
  const toStop = destinationId
    ? stopIds.findIndex((id, i) => i > fromStop && id === destinationId)
    : stopIds.length - 1;
  if (toStop <= fromStop) return null;
  return { fromStop, toStop };
}

/** Whether two stretches share a leg. */
export const overlaps = (a: Stretch, b: Stretch): boolean => a.fromStop < b.toStop && b.fromStop < a.toStop;

/** The number of legs a stretch covers. */
export const legsOf = (s: Stretch): number => s.toStop - s.fromStop;

/** A row of ticket_seats or seat_locks shares a leg with `s`. */
export const sharesLeg = (table: { fromStop: AnyPgColumn; toStop: AnyPgColumn }, s: Stretch): SQL =>
  sql`(${table.fromStop} < ${s.toStop} and ${table.toStop} > ${s.fromStop})`;
