import { and, eq } from 'drizzle-orm';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import type { DbOrTx } from '../db/client.ts';
import { boardingClosures } from '../db/schema.ts';
import { dateInZone } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { readRouteStops } from './read-route-stops.ts';

export type RefuseCounterClosedOptions = {
  db: DbOrTx;
  trip: { id: string; travelDate: string };
  originId: string | undefined;
  now: Date;
  timeZone: string;
};

/**
 * The counter sells a departure until boarding closes at the passenger's From stop (later than
 * online, which stops at the departure time): never a past day, never from a stop whose
 * boarding the crew has closed. A From stop not on the route is refused by the sale's own checks.
 */
export async function refuseCounterClosed(opts: RefuseCounterClosedOptions): Promise<void> {
  if (opts.trip.travelDate < dateInZone(opts.now, opts.timeZone)) {
    throw new AppError('departure_closed', COUNTER_MSG.departureGone, 409);
  }
  const stops = await readRouteStops({ db: opts.db, scheduleId: opts.trip.id });
  if (!opts.originId) return;
  const stop = stops.findIndex((s) => s.locationId === opts.originId);
  if (stop < 0) return;
  const [closed] = await opts.db
    .select({ stop: boardingClosures.stop })
    .from(boardingClosures)
    .where(and(eq(boardingClosures.scheduleId, opts.trip.id), eq(boardingClosures.stop, stop)))
    .limit(1);
  if (closed) throw new AppError('boarding_closed', COUNTER_MSG.boardingClosedHere, 409);
}
