import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { ACTIVE_STATES, DEFAULT_DEPARTURE_TIME } from '#shared/constants.ts';
import { MSG } from '#shared/messages/api.ts';
import type { AdminSchedule, scheduleInputSchema } from '#shared/setup-api.ts';
import type { Db, Tx } from '../db/client.ts';
import { scheduleLaunches, scheduleRouteStops, schedules, tickets } from '../db/schema.ts';
import { writeAudit } from '../lib/audit.ts';
import { AppError } from '../lib/errors.ts';
import { announce } from '../lib/live-events.ts';
import { stretchOn } from '../lib/stretch.ts';
import { checkScheduleReferences } from './check-schedule-references.ts';
import { lockSchedule } from './lock-schedule.ts';
import { placeSeatsOnStops } from './place-seats-on-stops.ts';
import { readSchedule } from './read-schedule.ts';

type ParsedSchedule = z.output<typeof scheduleInputSchema>;

type SaveScheduleOptions = {
  db: Db;
  /** Absent: create. */
  id?: string;
  /** What the route's schema parsed. */
  input: ParsedSchedule;
  actorUserId: string | null;
};

/**
 * docs/product.md section 10.6: an edit may change times and names, but never remove the date,
 * a launch or a stop (or the order of two stops) that a pending or confirmed ticket uses.
 */
async function checkActiveBookings(
  tx: Tx,
  id: string,
  current: { travelDate: string },
  input: ParsedSchedule,
) {
  const active = await tx
    .select({
      launchId: tickets.launchId,
      originId: tickets.userOriginId,
      destinationId: tickets.userDestinationId,
    })
    .from(tickets)
    .where(and(eq(tickets.scheduleId, id), inArray(tickets.ticketStatus, [...ACTIVE_STATES])));
  if (active.length === 0) return;

  const problems: string[] = [];
  if (input.travelDate !== current.travelDate) problems.push('the travel date');
  if (active.some((t) => !input.launchIds.includes(t.launchId))) problems.push('a launch');
  // Each booking keeps a stretch on the new stops: its From (none: the first stop) before its To
  // (none: the last), which is what its seats are placed again by (placeSeatsOnStops).
  const stopIds = input.routeStops.map((s) => s.locationId);
  if (active.some((t) => !stretchOn(stopIds, t.originId, t.destinationId))) problems.push('a stop');
  if (problems.length > 0) {
    throw new AppError('schedule_in_use', MSG.scheduleEditBreaksBookings(problems.join(' and ')), 409, {
      details: { activeBookings: active.length },
    });
  }
}

async function writeStopsAndLaunches(tx: Tx, scheduleId: string, input: ParsedSchedule) {
  await tx.delete(scheduleRouteStops).where(eq(scheduleRouteStops.scheduleId, scheduleId));
  await tx.delete(scheduleLaunches).where(eq(scheduleLaunches.scheduleId, scheduleId));
  // stop_order is the position in the list: renumbered from 0 whatever the client sent.
  await tx.insert(scheduleRouteStops).values(
    input.routeStops.map((stop, index) => ({
      scheduleId,
      locationId: stop.locationId,
      // At the last stop, where the trip ends and nobody boards, the time is the arrival.
      departureTime: stop.departureTime,
      stopOrder: index,
    })),
  );
  await tx
    .insert(scheduleLaunches)
    .values(input.launchIds.map((launchId, position) => ({ scheduleId, launchId, position })));
}

/**
 * What a new schedule and an edit both write: the stops and launches, the audit entry (an edit's
 * with the schedule as it was) and the live event.
 */
async function writeSaved(tx: Tx, scheduleId: string, opts: SaveScheduleOptions, before?: AdminSchedule) {
  await writeStopsAndLaunches(tx, scheduleId, opts.input);
  await writeAudit({
    db: tx,
    actorUserId: opts.actorUserId,
    action: before ? 'update' : 'create',
    entity: 'schedule',
    entityId: scheduleId,
    before,
    after: opts.input,
  });
  await announce({
    db: tx,
    event: { kind: 'schedule', data: { type: before ? 'updated' : 'created', scheduleId } },
  });
}

/** Creates or edits a schedule with its ordered stops and launches, in one transaction. */
export async function saveSchedule(opts: SaveScheduleOptions): Promise<AdminSchedule> {
  const { db, input } = opts;
  const departureTime = input.routeStops[0]?.departureTime ?? DEFAULT_DEPARTURE_TIME;

  const id = await db.transaction(async (tx) => {
    await checkScheduleReferences({
      db: tx,
      launchIds: input.launchIds,
      locationIds: input.routeStops.map((s) => s.locationId),
    });
    if (!opts.id) {
      const [created] = await tx
        .insert(schedules)
        .values({ travelDate: input.travelDate, departureTime, status: 'scheduled' })
        .returning({ id: schedules.id });
      if (!created) throw new Error('schedule insert returned nothing');
      await writeSaved(tx, created.id, opts);
      return created.id;
    }

    const current = await lockSchedule({ db: tx, id: opts.id });
    const before = await readSchedule({ db: tx, id: current.id });
    await checkActiveBookings(tx, current.id, current, input);
    await tx
      .update(schedules)
      .set({ travelDate: input.travelDate, departureTime })
      .where(eq(schedules.id, current.id));
    await writeSaved(tx, current.id, opts, before);
    // Stops inserted or removed between a booking's From and To move the positions its seats'
    // legs are counted by: the seat rows are placed again on the new stops.
    const stopIds = input.routeStops.map((s) => s.locationId);
    if (stopIds.join() !== before.routeStops.map((s) => s.locationId).join()) {
      await placeSeatsOnStops({ db: tx, scheduleId: current.id, stopIds });
    }
    return current.id;
  });

  return readSchedule({ db, id });
}
