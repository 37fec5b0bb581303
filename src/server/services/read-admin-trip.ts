import { eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { schedules } from '#server/db/schema.ts';
import { problem } from '#server/lib/errors.ts';
import type { AdminTrip } from '#shared/admin-api.ts';
import { listAdminTripsWhere } from './list-admin-trips-where.ts';

export type ReadAdminTripOptions = {
  db: DbOrTx;
  scheduleId: string;
  timeZone: string;
};

/** One trip of the Ticketing screen by schedule id, archived or not; 404 schedule_not_found. */
export async function readAdminTrip({ db, scheduleId, timeZone }: ReadAdminTripOptions): Promise<AdminTrip> {
  const [trip] = await listAdminTripsWhere({ db, where: eq(schedules.id, scheduleId), timeZone });
  if (!trip) throw problem('schedule_not_found');
  return trip;
}
