import { and, eq } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import type { DbOrTx } from '../db/client.ts';
import { launches, scheduleLaunches, schedules } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';
import { type FoundTrip, TRIP_COLUMNS, type TripKey, tripNotFound } from './read-trip.ts';

type FoundLaunch = { id: string; seatNumbers: string[]; bookable: boolean };
type FoundTripLaunch = { trip: FoundTrip; launch: FoundLaunch };

export const launchUnavailable = () => new AppError('launch_unavailable', MSG.launchUnavailable, 409);

export type ReadTripLaunchOptions = { db: DbOrTx } & TripKey & { launchId: string };

/**
 * The trip and one of its launches, in one query, the schedule row held (FOR SHARE) until the
 * transaction ends; 404 when the launch does not run on it.
 */
export async function readTripLaunch({ db, ...key }: ReadTripLaunchOptions): Promise<FoundTripLaunch> {
  const [row] = await db
    .select({
      ...TRIP_COLUMNS,
      launchId: launches.id,
      seatNumbers: launches.seatNumbers,
      launchStatus: launches.status,
      launchArchivedAt: launches.archivedAt,
    })
    .from(schedules)
    .leftJoin(
      scheduleLaunches,
      and(eq(scheduleLaunches.scheduleId, schedules.id), eq(scheduleLaunches.launchId, key.launchId)),
    )
    .leftJoin(launches, eq(launches.id, scheduleLaunches.launchId))
    .where(eq(schedules.id, key.scheduleId))
    // In a transaction, an edit of the route's stops (FOR UPDATE) waits for it, and it for the
    // edit: the stop positions a seat is written at are the ones the route has.
    .for('share', { of: schedules });
  if (!row || row.archivedAt || row.travelDate !== key.travelDate) throw tripNotFound();
  if (!row.launchId || !row.seatNumbers) {
    throw new AppError('launch_not_found', MSG.launchNotOnTrip, 404);
  }
  return {
    trip: { id: row.id, travelDate: row.travelDate, status: row.status, departureTime: row.departureTime },
    launch: {
      id: row.launchId,
      seatNumbers: row.seatNumbers,
      // Only an active launch that is not archived takes bookings.
      bookable: row.launchStatus === 'active' && !row.launchArchivedAt,
    },
  };
}
