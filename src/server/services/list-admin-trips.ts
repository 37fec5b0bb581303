import { sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { schedules } from '#server/db/schema.ts';
import type { AdminTrip } from '#shared/admin-api.ts';
import { listAdminTripsWhere } from './list-admin-trips-where.ts';

export type ListAdminTripsOptions = {
  db: DbOrTx;
  date: string;
  timeZone: string;
};

/** A day's trips; archived schedules are history only (docs/decisions/007), found by id alone. */
export async function listAdminTrips(opts: ListAdminTripsOptions): Promise<{ trips: AdminTrip[] }> {
  const where = sql`${schedules.travelDate} = ${opts.date} AND ${schedules.archivedAt} IS NULL`;
  return { trips: await listAdminTripsWhere({ db: opts.db, where, timeZone: opts.timeZone }) };
}
