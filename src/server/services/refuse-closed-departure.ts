import { MSG } from '#shared/messages/api.ts';
import { dateInZone, instantInZone } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import type { DepartureStop } from './list-departure-stops.ts';
import type { FoundTrip } from './read-trip.ts';

const departureClosed = () => new AppError('departure_closed', MSG.departureClosed, 409);

/**
 * When the vessel leaves the passenger's From stop, as an instant in the operator's zone. Without
 * a From stop (a seat lock made before one is known) the last departure of the route counts (the
 * final destination's time is an arrival): the latest moment anyone could still board. `delayMinutes` is a delay the operator announced.
 */
function departureInstant(opts: {
  trip: Pick<FoundTrip, 'travelDate' | 'departureTime'>;
  stops: DepartureStop[];
  originId?: string | undefined;
  timeZone: string;
  delayMinutes?: number;
}): Date {
  const { trip, stops } = opts;
  const from = opts.originId ? stops.find((s) => s.locationId === opts.originId) : undefined;
  const time = from
    ? (from.departureTime ?? trip.departureTime)
    : (stops
        // The last stop's time is the arrival there: nobody boards at it.
        .slice(0, -1)
        .map((s) => s.departureTime)
        .filter((t): t is string => t !== null)
        .sort()
        .at(-1) ?? trip.departureTime);
  const at = instantInZone(trip.travelDate, time, opts.timeZone);
  return new Date(at.getTime() + (opts.delayMinutes ?? 0) * 60_000);
}

/**
 * Passengers book only departures still to come: never a travel date before today in the
 * operator's zone, and never once the vessel has left their From stop.
 */
export function refuseClosedDeparture(opts: Parameters<typeof departureInstant>[0] & { now: Date }): void {
  if (opts.trip.travelDate < dateInZone(opts.now, opts.timeZone)) throw departureClosed();
  if (departureInstant(opts).getTime() <= opts.now.getTime()) throw departureClosed();
}
