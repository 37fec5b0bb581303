import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { adminProfiles, disruptions, schedules } from '#server/db/schema.ts';
import { hhmm } from '#server/lib/clock.ts';
import type { Disruption } from '#shared/disruptions.ts';

export type ListDisruptionsOptions = {
  db: DbOrTx;
  /** Only this departure's disruptions. */
  scheduleId?: string;
  limit?: number;
};

/** Disruptions of one departure (every one without `scheduleId`), newest first; `limit` for the dashboard. */
export async function listDisruptions(opts: ListDisruptionsOptions): Promise<Disruption[]> {
  const query = opts.db
    .select({
      disruption: disruptions,
      actor: adminProfiles.username,
      travelDate: schedules.travelDate,
      departureTime: schedules.departureTime,
    })
    .from(disruptions)
    .innerJoin(schedules, eq(schedules.id, disruptions.scheduleId))
    .leftJoin(adminProfiles, eq(adminProfiles.userId, disruptions.actorUserId))
    .where(opts.scheduleId === undefined ? undefined : eq(disruptions.scheduleId, opts.scheduleId))
    .orderBy(desc(disruptions.createdAt), desc(disruptions.id))
    .$dynamic();
  const rows = await (opts.limit ? query.limit(opts.limit) : query);
  return rows.map(({ disruption: d, actor, travelDate, departureTime }) => ({
    id: d.id,
    scheduleId: d.scheduleId,
    kind: d.kind,
    reason: d.reason,
    note: d.note,
    affected: d.affected,
    createdAt: d.createdAt.toISOString(),
    actor,
    details: d.details ?? null,
    travelDate,
    departureTime: hhmm(departureTime) ?? '',
  }));
}
