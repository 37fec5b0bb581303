import type { DbOrTx } from '../db/client.ts';
import { ticketSeats } from '../db/schema.ts';
import { seatsUnavailable } from '../lib/seat-checks.ts';

export type TakeSeatsOptions = {
  db: DbOrTx;
  ticketId: string;
  key: { scheduleId: string; travelDate: string; launchId: string; seats: readonly string[] };
};

/**
 * Writes a ticket's seat rows. The unique index on (schedule, date, launch, seat) decides a
 * contested seat: a concurrent sale of the same seat waits for this one and then inserts
 * nothing, and 409 seats_unavailable names what was lost (the transaction rolls back).
 */
export async function takeSeats({ db, ticketId, key }: TakeSeatsOptions): Promise<void> {
  const inserted = await db
    .insert(ticketSeats)
    .values(
      key.seats.map((seatNumber) => ({
        ticketId,
        scheduleId: key.scheduleId,
        travelDate: key.travelDate,
        launchId: key.launchId,
        seatNumber,
      })),
    )
    .onConflictDoNothing()
    .returning({ seat: ticketSeats.seatNumber });
  if (inserted.length !== key.seats.length) {
    const got = new Set(inserted.map((r) => r.seat));
    throw seatsUnavailable(key.seats.filter((s) => !got.has(s)).sort());
  }
}
