import { and, inArray, isNull } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import type { Tx } from '../db/client.ts';
import { launches, locations } from '../db/schema.ts';
import { AppError } from '../lib/errors.ts';

export type CheckScheduleReferencesOptions = {
  db: Tx;
  launchIds: readonly string[];
  locationIds: readonly string[];
};

/** Every launch and location a schedule names exists and is not archived (docs/decisions/007). */
export async function checkScheduleReferences(opts: CheckScheduleReferencesOptions): Promise<void> {
  const { db, launchIds, locationIds } = opts;
  const foundLaunches = await db
    .select({ id: launches.id })
    .from(launches)
    .where(and(inArray(launches.id, [...launchIds]), isNull(launches.archivedAt)));
  if (foundLaunches.length !== launchIds.length) {
    throw new AppError('unknown_launch', MSG.scheduleUnknownLaunch, 400);
  }
  const foundLocations = await db
    .select({ id: locations.id })
    .from(locations)
    .where(and(inArray(locations.id, [...locationIds]), isNull(locations.archivedAt)));
  if (foundLocations.length !== new Set(locationIds).size) {
    throw new AppError('unknown_location', MSG.scheduleUnknownLocation, 400);
  }
}
