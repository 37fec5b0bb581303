import { sql } from 'drizzle-orm';
import type { AdminSchedule } from '#shared/setup-api.ts';
import type { DbOrTx } from '../db/client.ts';
import { listSchedulesWhere } from './list-schedules-where.ts';

export type ListSchedulesOptions = {
  db: DbOrTx;
  date?: string | undefined;
  /**
   * Without a date: `upcoming`, today and later (the next date first); `past`, the days before
   * today (the latest first); neither, every date, newest first.
   */
  when?: { which: 'upcoming' | 'past'; today: string } | undefined;
};

/**
 * docs/product.md section 7: schedules with their stops and launches, by travel date descending.
 * Archived schedules are history only (docs/decisions/007); readSchedule still finds them.
 */
export function listSchedules({ db, date, when }: ListSchedulesOptions): Promise<AdminSchedule[]> {
  const archived = sql`s.archived_at IS NULL`;
  if (date) return listSchedulesWhere({ db, where: sql`${archived} AND s.travel_date = ${date}` });
  if (when?.which === 'upcoming') {
    return listSchedulesWhere({
      db,
      where: sql`${archived} AND s.travel_date >= ${when.today}`,
      order: 'asc',
    });
  }
  if (when?.which === 'past') {
    return listSchedulesWhere({ db, where: sql`${archived} AND s.travel_date < ${when.today}` });
  }
  return listSchedulesWhere({ db, where: archived });
}
