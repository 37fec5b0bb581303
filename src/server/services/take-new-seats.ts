import { and, eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { ticketSeats } from '#server/db/schema.ts';
import type { Placed, Schedule } from '#server/lib/move-plan.ts';

export type TakeNewSeatsOptions = { db: Tx; placed: Placed; target: Schedule };

/**
 * Takes a party's new seats for the legs of its stretch on the target; false when a concurrent
 * booking took one of them first on a shared leg (nothing kept). ON CONFLICT DO NOTHING without
 * a target covers the exclusion constraint too: a row sharing a leg with one already there is
 * skipped, not an error that would abort the move's transaction.
 */
export async function takeNewSeats({ db: tx, placed: p, target }: TakeNewSeatsOptions): Promise<boolean> {
  const inserted = await tx
    .insert(ticketSeats)
    .values(
      p.seats.map((seatNumber) => ({
        ticketId: p.ticket.id,
        scheduleId: target.id,
        travelDate: target.travelDate,
        launchId: p.vessel.id,
        seatNumber,
        fromStop: p.stretch.fromStop,
        toStop: p.stretch.toStop,
      })),
    )
    .onConflictDoNothing()
    .returning({ seat: ticketSeats.seatNumber });
  if (inserted.length === p.seats.length) return true;
  await tx
    .delete(ticketSeats)
    .where(and(eq(ticketSeats.ticketId, p.ticket.id), eq(ticketSeats.scheduleId, target.id)));
  return false;
}
