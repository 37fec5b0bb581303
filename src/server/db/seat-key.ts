import { and, eq } from 'drizzle-orm';
import type { seatLocks, ticketSeats } from './schema.ts';

/** The key a seat is unique on (docs/product.md section 11.2), minus the seat label itself. */
type TripLaunchKey = { scheduleId: string; travelDate: string; launchId: string };

/** Rows of `ticket_seats` or `seat_locks` for one launch on one trip. */
export function onTripLaunch(table: typeof seatLocks | typeof ticketSeats, key: TripLaunchKey) {
  return and(
    eq(table.scheduleId, key.scheduleId),
    eq(table.travelDate, key.travelDate),
    eq(table.launchId, key.launchId),
  );
}
