import { sql } from 'drizzle-orm';
import type { AdminSchedule } from '#shared/setup-api.ts';
import type { DbOrTx } from '../db/client.ts';
import { listSchedulesWhere } from './list-schedules-where.ts';

export type ListSchedulesOptions = {
  db: DbOrTx;
  date?: string | undefined;
};

/**
 * docs/product.md section 7: schedules with their stops and launches, by travel date descending.
 * Archived schedules are history only (docs/decisions/007); readSchedule still finds them.
 */
export function listSchedules({ db, date }: ListSchedulesOptions): Promise<AdminSchedule[]> {
  const archived = sql`s.archived_at IS NULL`;
  return listSchedulesWhere({ db, where: date ? sql`${archived} AND s.travel_date = ${date}` : archived });
}
