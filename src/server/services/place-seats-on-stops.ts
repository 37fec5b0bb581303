import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { seatLocks, ticketSeats, tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { overlaps, type Stretch, stretchOn } from '#server/lib/stretch.ts';
import { MSG } from '#shared/messages/api.ts';

export type PlaceSeatsOnStopsOptions = {
  db: Tx;
  scheduleId: string;
  /** The schedule's stops as the edit leaves them: their location ids in route order. */
  stopIds: readonly string[];
};

type Legged = { travelDate: string; launchId: string; seatNumber: string } & Stretch;

/** The same seat of the same launch and trip. */
const seatKey = (r: Legged) => `${r.travelDate}|${r.launchId}|${r.seatNumber}`;

/** The labels of the seats two of `rows` would hold on a shared leg. */
function seatsSharingALeg(rows: readonly Legged[]): string[] {
  const bySeat = new Map<string, Legged[]>();
  for (const r of rows) bySeat.set(seatKey(r), [...(bySeat.get(seatKey(r)) ?? []), r]);
  const clashes = new Set<string>();
  for (const same of bySeat.values()) {
    if (same.some((a, i) => same.slice(i + 1).some((b) => overlaps(a, b))))
      clashes.add(same[0]?.seatNumber ?? '');
  }
  return [...clashes].sort();
}

/**
 * After an edit of a schedule's stops, in its transaction: every seat row of the schedule placed
 * again on the new stops (docs/decisions/032). A stop inserted or removed between a booking's
 * From and To changes the positions its legs are counted by, though not the stops it travels
 * between. A ticket's seats cover its own From -> To (`user_origin_id` -> `user_destination_id`,
 * none: the first or last stop); a hold covers the stops it was asked with, and a hold whose
 * stops the edit removed (or put out of order) is dropped.
 *
 * Never against the exclusion constraints, which are checked row by row as a statement writes:
 * updating the positions in place could, half-way through, leave a row at its new legs beside
 * another still at its old ones on the same seat. So each table's rows of the schedule are taken
 * out with one DELETE ... RETURNING, and put back at their new positions with one INSERT; the
 * schedule holds none of them in between. (A DELETE in a WITH feeding the INSERT would be one
 * statement, but PostgreSQL does not say in which order a WITH's writes and the main one's
 * happen.) The schedule row is locked by the caller.
 *
 * An order of stops under which two bookings of one seat would share a leg is refused (409,
 * nothing written); of two holds that would, or a hold that would share a leg with a sold seat,
 * the later-ending hold or the sale keeps the seat.
 */
export async function placeSeatsOnStops({
  db: tx,
  scheduleId,
  stopIds,
}: PlaceSeatsOnStopsOptions): Promise<void> {
  const held = await tx.delete(ticketSeats).where(eq(ticketSeats.scheduleId, scheduleId)).returning();
  const ticketIds = [...new Set(held.map((r) => r.ticketId))];
  const owners =
    ticketIds.length === 0
      ? []
      : await tx
          .select({
            id: tickets.id,
            originId: tickets.userOriginId,
            destinationId: tickets.userDestinationId,
          })
          .from(tickets)
          .where(inArray(tickets.id, ticketIds));
  const stretchOf = new Map(owners.map((t) => [t.id, stretchOn(stopIds, t.originId, t.destinationId)]));
  const sold = held.map((r) => {
    const stretch = stretchOf.get(r.ticketId);
    // The edit's own check refuses a route without a booking's stops in order; a row it let
    // through without one would lose its seat, so the edit is refused the same way.
    if (!stretch) throw new AppError('schedule_in_use', MSG.scheduleEditBreaksBookings('a stop'), 409);
    return { ...r, ...stretch };
  });
  const clashing = seatsSharingALeg(sold);
  if (clashing.length > 0) {
    throw new AppError('schedule_in_use', MSG.scheduleEditSharesSeats(clashing), 409, {
      details: { seats: clashing },
    });
  }
  if (sold.length > 0) await tx.insert(ticketSeats).values(sold);

  const locks = await tx
    .delete(seatLocks)
    .where(eq(seatLocks.scheduleId, scheduleId))
    .returning()
    .then((rows) => rows.sort((a, b) => b.lockedUntil.getTime() - a.lockedUntil.getTime()));
  const soldLegs = new Map<string, Legged[]>();
  for (const r of sold) soldLegs.set(seatKey(r), [...(soldLegs.get(seatKey(r)) ?? []), r]);
  const kept = locks.flatMap((lock) => {
    const stretch = stretchOn(stopIds, lock.originId, lock.destinationId);
    if (!stretch) return [];
    const placed = { ...lock, ...stretch };
    return (soldLegs.get(seatKey(placed)) ?? []).some((s) => overlaps(s, placed)) ? [] : [placed];
  });
  // Rows go in the order given: of two holds now sharing a leg, the later-ending one is kept, and
  // DO NOTHING (which without a target covers the exclusion constraint) skips the other.
  if (kept.length > 0) await tx.insert(seatLocks).values(kept).onConflictDoNothing();
}
