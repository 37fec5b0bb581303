import { eq } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import type { DbOrTx } from '../db/client.ts';
import { schedules } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';

export type TripKey = { scheduleId: string; travelDate: string };

export type FoundTrip = { id: string; travelDate: string; status: string; departureTime: string };

/** What a trip's checks read of its schedule (readTrip, readTripLaunch). */
export const TRIP_COLUMNS = {
  id: schedules.id,
  travelDate: schedules.travelDate,
  status: schedules.status,
  departureTime: schedules.departureTime,
  archivedAt: schedules.archivedAt,
};

export const tripNotFound = () => new AppError('trip_not_found', MSG.tripNotFound, 404);

/**
 * Only a `scheduled` departure is offered: a completed one is closed for booking, and one the
 * operator cancelled (docs/decisions/026) is gone at once from the seat map and the launches,
 * as from search, seat holds and bookings, in the words a seat hold is refused with.
 */
export function refuseUnoffered(status: string): void {
  if (status === 'completed') throw new AppError('trip_completed', MSG.tripCompleted, 409);
  if (status !== 'scheduled') throw new AppError('invalid_schedule', MSG.invalidSchedule, 409);
}

export type ReadTripOptions = { db: DbOrTx } & TripKey;

/**
 * A trip is a schedule on its own date: a request for any other date is refused
 * (docs/product.md section 10.9), so seats are never read or held for a day the trip does not run.
 * An archived schedule (deleted while only history used it) is no trip at all.
 */
export async function readTrip({ db, ...key }: ReadTripOptions): Promise<FoundTrip> {
  const [row] = await db.select(TRIP_COLUMNS).from(schedules).where(eq(schedules.id, key.scheduleId));
  if (!row || row.archivedAt || row.travelDate !== key.travelDate) throw tripNotFound();
  return { id: row.id, travelDate: row.travelDate, status: row.status, departureTime: row.departureTime };
}
