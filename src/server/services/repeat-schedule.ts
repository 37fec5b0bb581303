import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { STAFF_MSG, STAFF_WEEKDAYS } from '#shared/messages/staff.ts';
import { type AdminSchedule, repeatDates, type scheduleRepeatInputSchema } from '#shared/setup-api.ts';
import type { Db, Tx } from '../db/client.ts';
import { auditLog, scheduleLaunches, scheduleRouteStops, schedules } from '../db/schema.ts';
import { type Clock, dateInZone } from '../lib/clock.ts';
import { AppError } from '../lib/errors.ts';
import { announce } from '../lib/live-events.ts';
import { checkScheduleReferences } from './check-schedule-references.ts';
import { listSchedulesWhere } from './list-schedules-where.ts';

type ParsedRepeat = z.output<typeof scheduleRepeatInputSchema>;

export type RepeatScheduleOptions = {
  db: Db;
  clock: Clock;
  /** TZ_OPERATOR: decides which dates have passed. */
  timeZone: string;
  /** What the route's schema parsed (the repeat's limits included). */
  input: ParsedRepeat;
  actorUserId: string | null;
};

/** Bound parameters, comma-separated. */
const listOf = (values: readonly string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );

const dayName = (isoDate: string) =>
  `${STAFF_WEEKDAYS[new Date(`${isoDate}T00:00:00Z`).getUTCDay()]} ${isoDate}`;

/**
 * The first of `dates` on which one of `launchIds` already leaves at `departureTime` (a live
 * schedule: not archived, not cancelled), with that launch's name; null when there is none.
 * A launch cannot start two trips at the same moment, and a series saved twice is caught here.
 */
async function firstClash(tx: Tx, dates: string[], launchIds: string[], departureTime: string) {
  const result = await tx.execute(sql`
    SELECT s.travel_date::text AS travel_date, la.name
      FROM schedules s
      JOIN schedule_launches sl ON sl.schedule_id = s.id
      JOIN launches la ON la.id = sl.launch_id
     WHERE s.travel_date = ANY(ARRAY[${listOf(dates)}]::date[])
       AND sl.launch_id = ANY(ARRAY[${listOf(launchIds)}]::uuid[])
       AND s.departure_time = ${departureTime}::time
       AND s.archived_at IS NULL
       AND s.status <> 'cancelled'
     ORDER BY s.travel_date, la.name
     LIMIT 1`);
  const [row] = (result as unknown as { rows: { travel_date: string; name: string }[] }).rows;
  return row ?? null;
}

/**
 * Creates one schedule per date from the travel date to `repeat.until` that falls on one of
 * `repeat.weekdays`, each with the same stops and launches, in one transaction: a date that has
 * passed (in the operator's time zone) or clashes with a departure already planned refuses the
 * whole repeat, naming the date, and nothing is created. Every schedule is audited.
 */
export async function repeatSchedule(opts: RepeatScheduleOptions): Promise<AdminSchedule[]> {
  const { db, input } = opts;
  const today = dateInZone(opts.clock.now(), opts.timeZone);
  if (input.travelDate < today) {
    throw new AppError('schedule_date_passed', STAFF_MSG.scheduleDatePassed, 400, {
      fields: { travelDate: STAFF_MSG.scheduleDatePassed },
    });
  }
  const dates = repeatDates(input.travelDate, input.repeat.until, input.repeat.weekdays);
  // The schema refuses a repeat that matches no date; the first stop always has its time.
  const departureTime = input.routeStops[0]?.departureTime ?? '';

  const ids = await db.transaction(async (tx) => {
    // Two repeats with a launch in common queue here, so the second sees the first's dates.
    for (const launchId of [...input.launchIds].sort()) {
      await tx.execute(
        sql`select pg_advisory_xact_lock(hashtextextended(${`schedule-launch:${launchId}`}, 0))`,
      );
    }
    await checkScheduleReferences({
      db: tx,
      launchIds: input.launchIds,
      locationIds: input.routeStops.map((s) => s.locationId),
    });
    const clash = await firstClash(tx, dates, input.launchIds, departureTime);
    if (clash) {
      throw new AppError(
        'schedule_clash',
        STAFF_MSG.scheduleClash(clash.name, departureTime, dayName(clash.travel_date)),
        409,
      );
    }

    const created = await tx
      .insert(schedules)
      .values(dates.map((travelDate) => ({ travelDate, departureTime, status: 'scheduled' })))
      .returning({ id: schedules.id, travelDate: schedules.travelDate });
    await tx.insert(scheduleRouteStops).values(
      created.flatMap(({ id }) =>
        input.routeStops.map((stop, index) => ({
          scheduleId: id,
          locationId: stop.locationId,
          // The last stop's time is the arrival there, the same on every date.
          departureTime: stop.departureTime,
          stopOrder: index,
        })),
      ),
    );
    await tx
      .insert(scheduleLaunches)
      .values(
        created.flatMap(({ id }) =>
          input.launchIds.map((launchId, position) => ({ scheduleId: id, launchId, position })),
        ),
      );
    // One entry per schedule, as a single create writes, each naming the repeat it came from.
    await tx.insert(auditLog).values(
      created.map(({ id, travelDate }) => ({
        actorUserId: opts.actorUserId,
        action: 'create',
        entity: 'schedule',
        entityId: id,
        after: {
          ...input,
          travelDate,
          repeat: { ...input.repeat, from: input.travelDate, count: dates.length },
        },
      })),
    );
    for (const { id } of created) {
      await announce({ db: tx, event: { kind: 'schedule', data: { type: 'created', scheduleId: id } } });
    }
    return created.map((c) => c.id);
  });

  const list = await listSchedulesWhere({
    db,
    where: sql`s.id = ANY(ARRAY[${listOf(ids)}]::uuid[])`,
  });
  return list.sort((a, b) => a.travelDate.localeCompare(b.travelDate));
}
