import type { DbOrTx } from '../db/client.ts';
import { ticketSeats } from '../db/schema.ts';
import { seatsUnavailable } from '../lib/seat-checks.ts';
import type { Stretch } from '../lib/stretch.ts';

export type TakeSeatsOptions = {
  db: DbOrTx;
  ticketId: string;
  key: { scheduleId: string; travelDate: string; launchId: string; seats: readonly string[] };
  /** The legs the seats are taken for (docs/decisions/032). */
  stretch: Stretch;
};

/**
 * Writes a ticket's seat rows. The exclusion constraint over the seat and its legs decides a
 * contested seat: a concurrent sale of the same seat on a shared leg waits for this one and then
 * inserts nothing (`ON CONFLICT DO NOTHING` applies to exclusion constraints too), and 409
 * seats_unavailable names what was lost (the transaction rolls back).
 */
export async function takeSeats({ db, ticketId, key, stretch }: TakeSeatsOptions): Promise<void> {
  const inserted = await db
    .insert(ticketSeats)
    .values(
      key.seats.map((seatNumber) => ({
        ticketId,
        scheduleId: key.scheduleId,
        travelDate: key.travelDate,
        launchId: key.launchId,
        seatNumber,
        fromStop: stretch.fromStop,
        toStop: stretch.toStop,
      })),
    )
    .onConflictDoNothing()
    .returning({ seat: ticketSeats.seatNumber });
  if (inserted.length !== key.seats.length) {
    const got = new Set(inserted.map((r) => r.seat));
    throw seatsUnavailable(key.seats.filter((s) => !got.has(s)).sort());
  }
}
