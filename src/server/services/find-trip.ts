import { and, eq } from 'drizzle-orm';
import { MSG } from '#shared/messages.ts';
import type { DbOrTx } from '../db/client.ts';
import { launches, scheduleLaunches, schedules } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';

export type TripKey = { scheduleId: string; travelDate: string };

export type FoundTrip = { id: string; travelDate: string; status: string };
export type FoundTripLaunch = { trip: FoundTrip; launch: { id: string; seatNumbers: string[] } };

export const tripNotFound = () => new AppError('trip_not_found', MSG.tripNotFound, 404);

/**
 * A trip is a schedule on its own date: a request for any other date is refused
 * (ARCHITECTURE.md section 8.9), so seats are never read or held for a day the trip does not run.
 */
export async function findTrip(db: DbOrTx, key: TripKey): Promise<FoundTrip> {
  const [row] = await db
    .select({ id: schedules.id, travelDate: schedules.travelDate, status: schedules.status })
    .from(schedules)
    .where(eq(schedules.id, key.scheduleId));
  if (!row || row.travelDate !== key.travelDate) throw tripNotFound();
  return row;
}

/** The trip and one of its launches, in one query; 404 when the launch does not run on it. */
export async function findTripLaunch(
  db: DbOrTx,
  key: TripKey & { launchId: string },
): Promise<FoundTripLaunch> {
  const [row] = await db
    .select({
      id: schedules.id,
      travelDate: schedules.travelDate,
      status: schedules.status,
      launchId: launches.id,
      seatNumbers: launches.seatNumbers,
    })
    .from(schedules)
    .leftJoin(
      scheduleLaunches,
      and(eq(scheduleLaunches.scheduleId, schedules.id), eq(scheduleLaunches.launchId, key.launchId)),
    )
    .leftJoin(launches, eq(launches.id, scheduleLaunches.launchId))
    .where(eq(schedules.id, key.scheduleId));
  if (!row || row.travelDate !== key.travelDate) throw tripNotFound();
  if (!row.launchId || !row.seatNumbers) {
    throw new AppError('launch_not_found', MSG.launchNotOnTrip, 404);
  }
  return {
    trip: { id: row.id, travelDate: row.travelDate, status: row.status },
    launch: { id: row.launchId, seatNumbers: row.seatNumbers },
  };
}
