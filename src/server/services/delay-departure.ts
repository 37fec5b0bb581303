import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { disruptions, scheduleRouteStops, schedules, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { type Clock, hhmm } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { CancelReason, DelayPreview, DelayResult } from '#shared/disruptions.ts';
import { MSG } from '#shared/messages.ts';
import { affectedPassenger, previewCancellation } from './cancel-departure.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { type Notifier, notifyPassenger } from './notify-passengers.ts';
import { sampleNotices } from './sample-notices.ts';

/** The bookings a delay reaches: those still to travel. */
const ACTIVE = ['pending', 'confirmed'];
const refused = (message: string) => new AppError('delay_refused', message, 409);
const badTimes = (message: string) => new AppError('delay_times', message, 400);

type Stop = typeof scheduleRouteStops.$inferSelect;

async function routeOf(db: DbOrTx, scheduleId: string): Promise<Stop[]> {
  return db
    .select()
    .from(scheduleRouteStops)
    .where(eq(scheduleRouteStops.scheduleId, scheduleId))
    .orderBy(asc(scheduleRouteStops.stopOrder));
}

/** New times a delay takes: one per stop, all but the last given, never backwards, not the same. */
function checkTimes(stops: Stop[], times: (string | null)[]): void {
  if (times.length !== stops.length) throw badTimes(`Give a time for each of the ${stops.length} stops`);
  const boarding = times.slice(0, -1);
  if (boarding.some((t) => t === null)) throw badTimes('Every stop but the last needs a departure time');
  const known = times.filter((t): t is string => t !== null);
  if (known.some((t, i) => i > 0 && t < (known[i - 1] ?? ''))) {
    throw badTimes('The times must not go backwards along the route');
  }
  if (stops.every((s, i) => hhmm(s.departureTime) === times[i]))
    throw badTimes('The new times are the same as the old ones');
}

/** Each passenger's new time: their From stop's, else the new departure's. */
const newTimeOf = (stops: Stop[], times: (string | null)[]) => (ticket: AdminTicket) => {
  const i = stops.findIndex((s) => s.locationId === ticket.from?.id);
  return (i >= 0 ? times[i] : null) ?? times[0] ?? null;
};

export type PreviewDelayOptions = {
  db: DbOrTx;
  scheduleId: string;
  times?: (string | null)[] | undefined;
  reason?: CancelReason | undefined;
  note?: string | undefined;
};

/**
 * Who a delay would reach, before anything is committed, and (given new times the delay would
 * take, and a reason) the message of each language as the delay would write it.
 */
export async function previewDelay(opts: PreviewDelayOptions): Promise<DelayPreview> {
  const { refunds: _refunds, ...reached } = await previewCancellation({
    db: opts.db,
    scheduleId: opts.scheduleId,
  });
  const { times, reason } = opts;
  let messages: DelayPreview['messages'] = [];
  if (times && reason) {
    const stops = await routeOf(opts.db, opts.scheduleId);
    const valid = (() => {
      try {
        checkTimes(stops, times);
        return true;
      } catch (err) {
        if (err instanceof AppError && err.code === 'delay_times') return false;
        throw err;
      }
    })();
    if (valid) {
      const active = await listTicketsWhere({
        db: opts.db,
        where: and(eq(tickets.scheduleId, opts.scheduleId), inArray(tickets.ticketStatus, ACTIVE)),
      });
      const newTime = newTimeOf(stops, times);
      const note = opts.note?.trim() || null;
      messages = await sampleNotices(
        opts.db,
        active.map((ticket) => ({
          kind: 'departure_delayed' as const,
          ticket: { ...ticket, passengerDepartureTime: newTime(ticket) },
          reason,
          note,
          was: ticket.passengerDepartureTime ?? '',
        })),
      );
    }
  }
  return { ...reached, messages };
}

export type DelayDepartureOptions = {
  db: Db;
  clock: Clock;
  scheduleId: string;
  times: (string | null)[];
  reason: CancelReason;
  note?: string | undefined;
  actorUserId: string;
  notifiers?: readonly Notifier[];
};

/**
 * Delays a departure (docs/decisions/026), in one transaction: every stop gets its new time,
 * the schedule its new departure, and each active booking's stored departure time follows its
 * From stop, so Check Booking, the e-ticket and the manifests show the new time. Each passenger
 * is told (the new time, the old one, why) through the notifiers; the disruption is recorded
 * with the times before and after, and audited. The e-ticket's code holds no time: it stays valid.
 */
export async function delayDeparture(opts: DelayDepartureOptions): Promise<DelayResult> {
  const note = opts.note?.trim() || null;
  return opts.db.transaction(async (tx) => {
    const [schedule] = await tx
      .select()
      .from(schedules)
      .where(eq(schedules.id, opts.scheduleId))
      .for('update');
    if (!schedule || schedule.archivedAt) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
    if (schedule.status !== 'scheduled') throw refused('Only a departure still to sail can be delayed');
    const stops = await routeOf(tx, schedule.id);
    checkTimes(stops, opts.times);
    const before = stops.map((s) => hhmm(s.departureTime));

    for (const [i, stop] of stops.entries()) {
      await tx
        .update(scheduleRouteStops)
        .set({ departureTime: opts.times[i] ?? null })
        .where(eq(scheduleRouteStops.id, stop.id));
    }
    const first = opts.times[0] ?? schedule.departureTime;
    await tx.update(schedules).set({ departureTime: first }).where(eq(schedules.id, schedule.id));

    const active = await listTicketsWhere({
      db: tx,
      where: and(eq(tickets.scheduleId, schedule.id), inArray(tickets.ticketStatus, ACTIVE)),
    });
    const timeAt = newTimeOf(stops, opts.times);
    const now = opts.clock.now();
    for (const ticket of active) {
      await tx
        .update(tickets)
        .set({ passengerDepartureTime: timeAt(ticket), updatedAt: now })
        .where(eq(tickets.id, ticket.id));
    }
    const moved =
      active.length === 0
        ? []
        : await listTicketsWhere({
            db: tx,
            where: inArray(
              tickets.id,
              active.map((t) => t.id),
            ),
          });
    let mails = 0;
    for (const ticket of moved) {
      const was = active.find((t) => t.id === ticket.id)?.passengerDepartureTime ?? '';
      const reached = await notifyPassenger(
        tx,
        { kind: 'departure_delayed', ticket, reason: opts.reason, note, was },
        opts.notifiers,
      );
      if (reached) mails += 1;
    }
    const after = opts.times;
    await tx.insert(disruptions).values({
      scheduleId: schedule.id,
      kind: 'delay',
      reason: opts.reason,
      note,
      actorUserId: opts.actorUserId,
      affected: active.length,
      details: { before, after },
      createdAt: now,
    });
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'departure_delay',
      entity: 'schedule',
      entityId: schedule.id,
      before: { times: before },
      after: { times: after, reason: opts.reason, note, bookings: active.length, mails },
    });
    await announce(tx, { kind: 'schedule', data: { type: 'updated', scheduleId: schedule.id } });
    for (const t of active) await announce(tx, { kind: 'ticket', data: { type: 'updated', ticketId: t.id } });
    const callList = moved.filter((t) => !t.passengerEmail.trim()).map(affectedPassenger);
    return { scheduleId: schedule.id, before, after, bookings: active.length, mails, callList };
  });
}
