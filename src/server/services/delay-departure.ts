import { eq } from 'drizzle-orm';
import { scheduleRouteStops, schedules, tickets } from '#server/db/schema.ts';
import { hhmm } from '#server/lib/clock.ts';
import { checkTimes, newTimeOf } from '#server/lib/delay-times.ts';
import { activeOn, affectedPassenger } from '#server/lib/disruption-preview.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import type { DelayResult } from '#shared/disruptions.ts';
import { auditDepartureChange } from './audit-departure-change.ts';
import { listTicketsById } from './list-tickets-by-id.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { notifyPassenger } from './notify-passenger.ts';
import { readRoute } from './read-route.ts';
import { readScheduleRow } from './read-schedule-row.ts';
import { type DepartureChange, noteOf, recordDisruption } from './record-disruption.ts';

const refused = (message: string) => new AppError('delay_refused', message, 409);

export type DelayDepartureOptions = DepartureChange & { times: (string | null)[] };

/**
 * Delays a departure (docs/decisions/026), in one transaction: every stop gets its new time,
 * the schedule its new departure, and each active booking's stored departure time follows its
 * From stop, so Check Booking, the e-ticket and the manifests show the new time. Each passenger
 * is told (the new time, the old one, why) through the notifiers; the disruption is recorded
 * with the times before and after, and audited. The e-ticket's code holds no time: it stays valid.
 */
export async function delayDeparture(opts: DelayDepartureOptions): Promise<DelayResult> {
  const note = noteOf(opts);
  return opts.db.transaction(async (tx) => {
    const schedule = await readScheduleRow({ db: tx, scheduleId: opts.scheduleId, lock: true });
    if (schedule.status !== 'scheduled') throw refused('Only a departure still to sail can be delayed');
    const stops = await readRoute({ db: tx, scheduleId: schedule.id });
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

    const active = await listTicketsWhere({ db: tx, where: activeOn(schedule.id) });
    const timeAt = newTimeOf(stops, opts.times);
    const now = opts.clock.now();
    for (const ticket of active) {
      await tx
        .update(tickets)
        .set({ passengerDepartureTime: timeAt(ticket), updatedAt: now })
        .where(eq(tickets.id, ticket.id));
    }
    const moved = await listTicketsById({ db: tx, ids: active.map((t) => t.id) });
    let mails = 0;
    for (const ticket of moved) {
      const was = active.find((t) => t.id === ticket.id)?.passengerDepartureTime ?? '';
      const reached = await notifyPassenger({
        db: tx,
        notice: { kind: 'departure_delayed', ticket, reason: opts.reason, note, was },
        notifiers: opts.notifiers,
      });
      if (reached) mails += 1;
    }
    const after = opts.times;
    const details = { before, after };
    await recordDisruption({ db: tx, kind: 'delay', change: opts, affected: active.length, details, now });
    await auditDepartureChange({
      db: tx,
      kind: 'delay',
      change: opts,
      before: { times: before },
      after: { times: after, bookings: active.length, mails },
    });
    await announce({
      db: tx,
      event: { kind: 'schedule', data: { type: 'updated', scheduleId: schedule.id } },
    });
    for (const t of active)
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: t.id } } });
    const callList = moved.filter((t) => !t.passengerEmail.trim()).map(affectedPassenger);
    return { scheduleId: schedule.id, before, after, bookings: active.length, mails, callList };
  });
}
