import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { activeOn } from '#server/lib/disruption-preview.ts';
import {
  freeFor,
  type Placed,
  type Refused,
  type Schedule,
  type Stop,
  takeFor,
  type Vessel,
} from '#server/lib/move-plan.ts';
import { stretchOn } from '#server/lib/stretch.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { listDepartureStops } from './list-departure-stops.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { readFreeVessels } from './read-free-vessels.ts';
import { readSeatOrders } from './read-seat-orders.ts';
import { chooseSeats } from './reseat.ts';

/**
 * Seats every booking on the target, larger parties first: their From stop must come before
 * their To stop there, and their party must fit on one vessel (together where a block is free).
 * Seats are sold per leg (docs/decisions/032): a booking's stretch on the target is its own
 * From -> To on the target's stops, a seat is free for it when nothing taken there shares one
 * of its legs, and a placed booking takes its seats for its own legs only, so two bookings whose
 * stretches share no leg may be given the same seat. What cannot be carried over is listed with
 * why, never dropped.
 */
export function seatBookings(
  bookings: AdminTicket[],
  target: { stops: Stop[]; vessels: Vessel[] },
  orders: Map<string, string[]>,
): { placed: Placed[]; refused: Refused[] } {
  const placed: Placed[] = [];
  const refusedList: Refused[] = [];
  const order = [...bookings].sort(
    (a, b) => b.seatNumbers.length - a.seatNumbers.length || a.createdAt.localeCompare(b.createdAt),
  );
  const stopIds = target.stops.map((s) => s.locationId);
  for (const ticket of order) {
    const stretch = stretchOn(stopIds, ticket.from?.id, ticket.to?.id);
    if (!stretch) {
      refusedList.push({ ticket, why: 'The new departure does not call at this booking’s stops in order' });
      continue;
    }
    const old = orders.get(ticket.launch?.id ?? '') ?? [];
    const near = Math.max(0, old.indexOf(ticket.seatNumbers[0] ?? ''));
    let best: Placed | null = null;
    for (const vessel of target.vessels) {
      const choice = chooseSeats({
        labels: vessel.labels,
        free: freeFor(vessel, stretch),
        seats: ticket.seatNumbers,
        near,
      });
      if (choice && (!best || (choice.together && !best.together))) {
        best = { ticket, vessel, stretch, ...choice };
      }
      if (best?.together) break;
    }
    if (!best) {
      refusedList.push({ ticket, why: 'No room for this party on the new departure' });
      continue;
    }
    takeFor(best.vessel, best.seats, stretch);
    placed.push(best);
  }
  return { placed, refused: refusedList };
}

export type PlanMoveOptions = { db: DbOrTx; source: Schedule; target: Schedule; now: Date };

/** The source's active bookings seated on the target as it is now (seatBookings). */
export async function planMove({
  db,
  source,
  target,
  now,
}: PlanMoveOptions): Promise<{ stops: Stop[]; result: { placed: Placed[]; refused: Refused[] } }> {
  const bookings = await listTicketsWhere({
    db,
    where: activeOn(source.id),
  });
  const [stops, vessels, orders] = await readTogether(db, [
    () => listDepartureStops({ db, scheduleId: target.id }),
    () => readFreeVessels({ db, target, now }),
    () => readSeatOrders({ db, bookings }),
  ]);
  return { stops, result: seatBookings(bookings, { stops, vessels }, orders) };
}
