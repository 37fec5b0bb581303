import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { activeOn } from '#server/lib/disruption-preview.ts';
import type { Placed, Refused, Schedule, Stop, Vessel } from '#server/lib/move-plan.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import { listDepartureStops } from './list-departure-stops.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { readFreeVessels } from './read-free-vessels.ts';
import { readSeatOrders } from './read-seat-orders.ts';
import { chooseSeats } from './reseat.ts';

/**
 * Seats every booking on the target, larger parties first: their From stop must come before
 * their To stop there, and their party must fit on one vessel (together where a block is free).
 * What cannot be carried over is listed with why, never dropped.
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
  const position = (id: string | undefined, fallback: number) => {
    const i = target.stops.findIndex((s) => s.locationId === id);
    return id === undefined ? fallback : i;
  };
  for (const ticket of order) {
    const from = position(ticket.from?.id, 0);
    const to = position(ticket.to?.id, target.stops.length - 1);
    if (from < 0 || to <= from) {
      refusedList.push({ ticket, why: 'The new departure does not call at this booking’s stops in order' });
      continue;
    }
    const old = orders.get(ticket.launch?.id ?? '') ?? [];
    const near = Math.max(0, old.indexOf(ticket.seatNumbers[0] ?? ''));
    let best: Placed | null = null;
    for (const vessel of target.vessels) {
      const choice = chooseSeats({
        labels: vessel.labels,
        free: vessel.free,
        seats: ticket.seatNumbers,
        near,
      });
      if (choice && (!best || (choice.together && !best.together))) best = { ticket, vessel, ...choice };
      if (best?.together) break;
    }
    if (!best) {
      refusedList.push({ ticket, why: 'No room for this party on the new departure' });
      continue;
    }
    for (const seat of best.seats) best.vessel.free.delete(seat);
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
