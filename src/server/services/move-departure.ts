import { eq } from 'drizzle-orm';
import { schedules, seatLocks, ticketSeats, tickets } from '#server/db/schema.ts';
import { announce } from '#server/lib/live-events.ts';
import { moveNotices, type Placed, planView, type Refused } from '#server/lib/move-plan.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { MovePlan } from '#shared/disruptions.ts';
import { auditDepartureChange } from './audit-departure-change.ts';
import { cancelBookings } from './cancel-bookings.ts';
import { listTicketsById } from './list-tickets-by-id.ts';
import { notifyPassenger } from './notify-passenger.ts';
import { planMove, seatBookings } from './plan-move.ts';
import { readFreeVessels } from './read-free-vessels.ts';
import { readMovePair } from './read-move-pair.ts';
import { readSeatOrders } from './read-seat-orders.ts';
import { type DepartureChange, noteOf, recordDisruption } from './record-disruption.ts';
import { revokeCodes } from './revoke-codes.ts';
import { sampleNotices } from './sample-notices.ts';
import { takeNewSeats } from './take-new-seats.ts';

export type MoveDepartureOptions = DepartureChange & { timeZone: string; to: string };

/**
 * Moves every booking of a departure to another (docs/decisions/026), in one transaction: each
 * party gets seats on the new vessel for the legs of its own From -> To there (the same labels
 * where free on those legs, else the nearest block side by side) under the same exclusion
 * constraint as any booking (docs/decisions/032), so a booking made meanwhile can never share a
 * seat on a leg: a seat lost to one is chosen again. A booking that cannot be carried over takes the
 * cancel path (full refund) and is listed. Codes are re-signed, passengers told, and the old
 * departure is offered no more.
 */
export async function moveDeparture(opts: MoveDepartureOptions): Promise<MovePlan> {
  const note = noteOf(opts);
  return opts.db.transaction(async (tx) => {
    const now = opts.clock.now();
    const { source, target } = await readMovePair({
      db: tx,
      fromId: opts.scheduleId,
      toId: opts.to,
      lock: true,
      now,
      timeZone: opts.timeZone,
    });
    const { stops, result } = await planMove({ db: tx, source, target, now });
    const timeAt = (locationId: string | undefined) =>
      stops.find((s) => s.locationId === locationId)?.departureTime ?? target.departureTime;

    const moved: Placed[] = [];
    const lost: Refused[] = [...result.refused];
    for (const first of result.placed) {
      let p: Placed | null = first;
      await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, p.ticket.id));
      // A seat taken by a booking committed meanwhile: look again at what is free, up to 3 times.
      for (let attempt = 0; p && !(await takeNewSeats({ db: tx, placed: p, target })); attempt++) {
        if (attempt === 2) {
          p = null;
          break;
        }
        const fresh = await readFreeVessels({ db: tx, target, now });
        const orders = await readSeatOrders({ db: tx, bookings: [first.ticket] });
        const again = seatBookings([first.ticket], { stops, vessels: fresh }, orders);
        p = again.placed[0] ?? null;
      }
      if (!p) {
        lost.push({ ticket: first.ticket, why: 'No room for this party on the new departure' });
        continue;
      }
      await revokeCodes({ db: tx, ticketIds: [p.ticket.id], reason: 'moved', now });
      await tx
        .update(tickets)
        .set({
          scheduleId: target.id,
          travelDate: target.travelDate,
          launchId: p.vessel.id,
          seatNumbers: p.seats,
          passengerDepartureTime: timeAt(p.ticket.from?.id),
          // A reminder sent for the old date says nothing of the new one: it goes again the day
          // before the new date (as after a rebooking).
          ...(target.travelDate !== source.travelDate ? { reminderSentAt: null } : {}),
          updatedAt: now,
          ...supersedeETicket,
        })
        .where(eq(tickets.id, p.ticket.id));
      moved.push(p);
    }

    const view = planView(source, target, { placed: moved, refused: lost });
    const details = { to: view.to, moved: view.moves.map((m) => m.reference), cancelled: view.cannotMove };
    const affected = moved.length + lost.length;
    const disruptionId = await recordDisruption({
      db: tx,
      kind: 'move',
      change: opts,
      affected,
      details,
      now,
    });
    await cancelBookings({ db: tx, affected: lost.map((l) => l.ticket), disruptionId, change: opts, now });
    // The old departure is replaced: no longer sold, its holds gone.
    await tx.update(schedules).set({ status: 'cancelled' }).where(eq(schedules.id, source.id));
    await tx.delete(seatLocks).where(eq(seatLocks.scheduleId, source.id));

    const updated = await listTicketsById({ db: tx, ids: moved.map((m) => m.ticket.id) });
    for (const ticket of updated) {
      await notifyPassenger({
        db: tx,
        notice: { kind: 'departure_moved', ticket, reason: opts.reason, note },
        notifiers: opts.notifiers,
      });
    }
    // What went out, in the plan's order (the preview's): its messages are the answer's.
    const sent = moveNotices(
      moved.flatMap((m) => updated.filter((u) => u.id === m.ticket.id)),
      lost.map((l) => l.ticket),
      { reason: opts.reason, note },
    );
    await auditDepartureChange({
      db: tx,
      kind: 'move',
      change: opts,
      before: { status: source.status },
      after: {
        status: 'cancelled',
        movedTo: target.id,
        moved: view.moves.length,
        cannotMove: view.cannotMove.map((c) => c.reference),
      },
    });
    for (const id of [source.id, target.id]) {
      await announce({ db: tx, event: { kind: 'schedule', data: { type: 'updated', scheduleId: id } } });
    }
    for (const t of [...moved.map((m) => m.ticket), ...lost.map((l) => l.ticket)]) {
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: t.id } } });
    }
    return { ...view, messages: await sampleNotices({ db: tx, notices: sent }) };
  });
}
