import { and, gt, inArray } from 'drizzle-orm';
import { MSG } from '#shared/messages.ts';
import { type DbOrTx, readTogether } from '../db/client.ts';
import { seatLocks, ticketSeats } from '../db/schema.ts';
import { onTripLaunch } from '../db/seat-key.ts';
import { AppError } from '../lib/errors.ts';
import type { SeatHolder } from '../lib/seat-lock-gate.ts';

/*
 * The seat checks a lock and a booking share (docs/product.md sections 2.2, 8.2 and 8.4),
 * written once: the labels must be the launch's, and a seat is taken when a pending or
 * confirmed ticket or another session's live lock holds it. They name the seats for the
 * passenger; the unique indexes are what decide a race.
 */

export const seatsUnavailable = (labels: string[]) =>
  new AppError('seats_unavailable', MSG.seatsUnavailable(labels), 409, { details: { seats: labels } });

/** Refuses (400 invalid_seats) seat labels the launch does not have. */
export function refuseUnknownSeats(opts: { seatNumbers: readonly string[]; seats: readonly string[] }): void {
  const labels = new Set(opts.seatNumbers);
  const unknown = opts.seats.filter((s) => !labels.has(s));
  if (unknown.length > 0) {
    throw new AppError('invalid_seats', MSG.invalidSeats(unknown), 400, { details: { seats: unknown } });
  }
}

type SeatQuery = {
  db: DbOrTx;
  scheduleId: string;
  travelDate: string;
  launchId: string;
  seats: readonly string[];
  now: Date;
};

/** Who holds each of the requested seats now: a ticket (`session: null`) or a live lock, with its e-mail. */
async function listSeatHolders(q: SeatQuery): Promise<(SeatHolder & { email: string | null })[]> {
  const key = { scheduleId: q.scheduleId, travelDate: q.travelDate, launchId: q.launchId };
  const seats = [...q.seats];
  const [taken, locked] = await readTogether(q.db, [
    () =>
      q.db
        .select({ seat: ticketSeats.seatNumber })
        .from(ticketSeats)
        .where(and(onTripLaunch(ticketSeats, key), inArray(ticketSeats.seatNumber, seats))),
    () =>
      q.db
        .select({
          seat: seatLocks.seatNumber,
          session: seatLocks.userSession,
          until: seatLocks.lockedUntil,
          email: seatLocks.email,
        })
        .from(seatLocks)
        .where(
          and(
            onTripLaunch(seatLocks, key),
            inArray(seatLocks.seatNumber, seats),
            gt(seatLocks.lockedUntil, q.now),
          ),
        ),
  ]);
  return [...taken.map((t) => ({ seat: t.seat, session: null, until: null, email: null })), ...locked];
}

/**
 * Throws 409 seats_unavailable naming, in label order, every requested seat that a ticket or
 * another session's live lock holds. With `email` (a booking), a lock of this very session
 * made for another e-mail is refused too (409 lock_email_mismatch): the seats were held with a
 * different verified address. One read: lockSeats and createBooking run it in their
 * transactions; outside one it is the quick answer for seats someone just won
 * (lib/seat-lock-gate.ts), whose memory `remember` feeds.
 */
export async function refuseTakenSeats(
  q: SeatQuery & {
    session: string;
    email?: string;
    remember?: (holders: SeatHolder[]) => void;
  },
): Promise<void> {
  const holders = await listSeatHolders(q);
  q.remember?.(holders.map(({ seat, session, until }) => ({ seat, session, until })));
  if (
    q.email !== undefined &&
    holders.some((h) => h.session === q.session && h.email !== null && h.email.toLowerCase() !== q.email)
  ) {
    throw new AppError('lock_email_mismatch', MSG.lockEmailMismatch, 409);
  }
  const taken = new Set(holders.filter((h) => h.session !== q.session).map((h) => h.seat));
  if (taken.size > 0) throw seatsUnavailable([...q.seats].sort().filter((s) => taken.has(s)));
}

/**
 * Writes a ticket's seat rows. The unique index on (schedule, date, launch, seat) decides a
 * contested seat: a concurrent sale of the same seat waits for this one and then inserts
 * nothing, and 409 seats_unavailable names what was lost (the transaction rolls back).
 */
export async function takeSeats(
  tx: DbOrTx,
  ticketId: string,
  key: { scheduleId: string; travelDate: string; launchId: string; seats: readonly string[] },
): Promise<void> {
  const inserted = await tx
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
