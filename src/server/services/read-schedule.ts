import { sql } from 'drizzle-orm';
import type { AdminSchedule } from '#shared/setup-api.ts';
import type { DbOrTx } from '../db/client.ts';
import { problem } from '../lib/errors.ts';
import { listSchedulesWhere } from './list-schedules-where.ts';

export type ReadScheduleOptions = { db: DbOrTx; id: string };

/** One schedule by id, archived or not; 404 schedule_not_found when there is none. */
export async function readSchedule({ db, id }: ReadScheduleOptions): Promise<AdminSchedule> {
  const [schedule] = await listSchedulesWhere({ db, where: sql`s.id = ${id}` });
  if (!schedule) throw problem('schedule_not_found');
  return schedule;
}
