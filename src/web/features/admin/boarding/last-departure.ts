import type { BoardingDay } from '#shared/admin-api.ts';
import type { ManifestStop } from '#shared/boarding.ts';
import { dateAtOffset } from '#web/lib/operator-time-zone.ts';

/**
 * The departure and stop this device last boarded at, so the screen opens on them again (a crew
 * phone is put away between passengers). Nothing personal: a schedule id, its date and a stop
 * position, kept in localStorage, which reads at once and so needs no loading state.
 */
export type LastDeparture = {
  scheduleId: string;
  travelDate: string;
  stop: number;
  /** The operator's offset from UTC when it was kept: "today" with no signal. */
  utcOffsetMinutes?: number;
};

const KEY = 'boarding:last-departure';

export function readLastDeparture(): LastDeparture | null {
  try {
    const kept = JSON.parse(localStorage.getItem(KEY) ?? 'null') as Partial<LastDeparture> | null;
    if (typeof kept?.scheduleId !== 'string' || typeof kept.travelDate !== 'string') return null;
    return {
      scheduleId: kept.scheduleId,
      travelDate: kept.travelDate,
      stop: Number.isInteger(kept.stop) ? Number(kept.stop) : 0,
      utcOffsetMinutes: typeof kept.utcOffsetMinutes === 'number' ? kept.utcOffsetMinutes : undefined,
    };
  } catch {
    return null;
  }
}

export function rememberLastDeparture(last: LastDeparture): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(last));
  } catch {
    // No storage: the screen opens on the departure list, as before.
  }
}

export function forgetLastDeparture(): void {
  try {
    localStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}

/**
 * Whether the kept departure opens again: one of today's departures while the server answers;
 * with no signal, one whose date is today where the operator is (by the offset kept with it).
 */
export function mayReopen(
  last: LastDeparture,
  day: BoardingDay | undefined,
  offline: boolean,
  now = Date.now(),
): boolean {
  if (day) return day.trips.some((t) => t.scheduleId === last.scheduleId);
  return (
    offline &&
    last.utcOffsetMinutes !== undefined &&
    last.travelDate === dateAtOffset(last.utcOffsetMinutes, now)
  );
}

/**
 * The stop due next: the first of the route whose boarding is still open (stops close in route
 * order, so it is also the next by departure time); the last boarding stop once all have closed.
 */
export function stopDueNext(boardingStops: ManifestStop[]): number {
  return boardingStops.find((s) => !s.closure)?.position ?? Math.max(0, boardingStops.length - 1);
}
