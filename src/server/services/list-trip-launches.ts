import { sql } from 'drizzle-orm';
import type { TripLaunch } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { readTrip, refuseUnoffered, type TripKey } from './read-trip.ts';

type LaunchRow = {
  id: string;
  name: string;
  image_url: string | null;
  seat_numbers: string[];
  free_seats: number;
};

export type ListTripLaunchesOptions = { db: DbOrTx } & TripKey & { now: Date };

/**
 * The launches of a trip that take bookings (active, not archived), in the schedule's order,
 * each with its seats left (docs/product.md section 10.5).
 */
export async function listTripLaunches(opts: ListTripLaunchesOptions): Promise<TripLaunch[]> {
  const { db } = opts;
  const trip = await readTrip(opts);
  refuseUnoffered(trip.status);
  const nowIso = opts.now.toISOString();
  const result = await db.execute(sql`
    SELECT la.id, la.name, la.image_url, to_json(la.seat_numbers) AS seat_numbers,
      (SELECT count(*)::int FROM unnest(la.seat_numbers) AS seat(label)
        WHERE NOT EXISTS (SELECT 1 FROM ticket_seats ts
                           WHERE ts.schedule_id = sl.schedule_id AND ts.travel_date = ${trip.travelDate}::date
                             AND ts.launch_id = la.id AND ts.seat_number = seat.label)
          AND NOT EXISTS (SELECT 1 FROM seat_locks k
                           WHERE k.schedule_id = sl.schedule_id AND k.travel_date = ${trip.travelDate}::date
                             AND k.launch_id = la.id AND k.seat_number = seat.label
                             AND k.locked_until > ${nowIso}::timestamptz)) AS free_seats
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
