import { MSG } from '#shared/messages/api.ts';
import { AppError } from './errors.ts';
import { type Stretch, stretchOn } from './stretch.ts';

/**
 * The stretch a reader of seats asks about (docs/decisions/032-seats-per-leg.md): its From and To
 * on the departure's stops (location ids in stop order). Neither given: the whole departure, as a
 * client that names no stops has always seen it. A From not on the route, or a To not after it,
 * is refused (400 invalid_schedule) in the words a booking with such stops is refused with.
 */
export function askedStretch(
  stopIds: readonly string[],
  originId?: string | null,
  destinationId?: string | null,
): Stretch {
  // A route of one stop has no leg; its seats are still held as leg 0 (migration 0022).
  if (!originId && !destinationId) return { fromStop: 0, toStop: Math.max(stopIds.length - 1, 1) };
  const stretch = stretchOn(stopIds, originId, destinationId);
  if (!stretch) throw new AppError('invalid_schedule', MSG.invalidSchedule, 400);
  return stretch;
}

/** A key per stretch, for views kept per stretch. */
export const stretchKey = (s: Stretch): string => `${s.fromStop}-${s.toStop}`;
