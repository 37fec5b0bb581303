import { sql } from 'drizzle-orm';
import type { TripLaunch } from '#shared/schemas.ts';
import { type DbOrTx, readTogether } from '../db/client.ts';
import { seatLocks, ticketSeats } from '../db/schema.ts';
import { askedStretch } from '../lib/asked-stretch.ts';
import { sharesLeg } from '../lib/stretch.ts';
import { readRouteStops } from './read-route-stops.ts';
import { readTrip, refuseUnoffered, type TripKey } from './read-trip.ts';

type LaunchRow = {
  id: string;
  name: string;
  image_url: string | null;
  seat_numbers: string[];
  free_seats: number;
};

export type ListTripLaunchesOptions = { db: DbOrTx } & TripKey & {
    /** The passenger's From and To: seats are counted free for that stretch; without them, the whole departure. */
    originId?: string | undefined;
    destinationId?: string | undefined;
    now: Date;
  };

/**
 * The launches of a trip that take bookings (active, not archived), in the schedule's order,
 * each with its seats left (docs/product.md section 10.5) for the passenger's stretch: seats no
 * ticket and no live lock holds for a leg of it (docs/decisions/032-seats-per-leg.md). A From or
 * To not on the route, or a To not after the From, is 400 invalid_schedule.
 */
export async function listTripLaunches(opts: ListTripLaunchesOptions): Promise<TripLaunch[]> {
  const { db } = opts;
  const [trip, stops] = await readTogether(db, [
    () => readTrip(opts),
    () => readRouteStops({ db, scheduleId: opts.scheduleId }),
  ]);
  refuseUnoffered(trip.status);
  const stretch = askedStretch(
    stops.map((s) => s.locationId),
    opts.originId,
    opts.destinationId,
  );
  const nowIso = opts.now.toISOString();
  const result = await db.execute(sql`
    SELECT la.id, la.name, la.image_url, to_json(la.seat_numbers) AS seat_numbers,
      (SELECT count(*)::int FROM unnest(la.seat_numbers) AS seat(label)
        WHERE NOT EXISTS (SELECT 1 FROM ticket_seats
                           WHERE ticket_seats.schedule_id = sl.schedule_id
                             AND ticket_seats.travel_date = ${trip.travelDate}::date
                             AND ticket_seats.launch_id = la.id AND ticket_seats.seat_number = seat.label
                             AND ${sharesLeg(ticketSeats, stretch)})
          AND NOT EXISTS (SELECT 1 FROM seat_locks
                           WHERE seat_locks.schedule_id = sl.schedule_id
                             AND seat_locks.travel_date = ${trip.travelDate}::date
                             AND seat_locks.launch_id = la.id AND seat_locks.seat_number = seat.label
                             AND seat_locks.locked_until > ${nowIso}::timestamptz
                             AND ${sharesLeg(seatLocks, stretch)})) AS free_seats
    FROM schedule_launches sl
    JOIN launches la ON la.id = sl.launch_id
    WHERE sl.schedule_id = ${trip.id}::uuid AND la.status = 'active' AND la.archived_at IS NULL
    ORDER BY sl.position, la.name, la.id
  `);
  const rows = (result as unknown as { rows: LaunchRow[] }).rows;
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    imageUrl: r.image_url,
    // The labels are authoritative; capacity is their count (docs/product.md section 10.5).
    capacity: r.seat_numbers.length,
    seatNumbers: r.seat_numbers,
    freeSeats: Number(r.free_seats),
  }));
}
