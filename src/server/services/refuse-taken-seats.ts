import { and, gt, inArray } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import { type DbOrTx, readTogether } from '../db/client.ts';
import { seatLocks, ticketSeats } from '../db/schema.ts';
import { onTripLaunch } from '../db/seat-key.ts';
import { AppError } from '../lib/errors.ts';
import { seatsUnavailable } from '../lib/seat-checks.ts';
import type { SeatHolder } from '../lib/seat-lock-gate.ts';
import { type Stretch, sharesLeg } from '../lib/stretch.ts';

type SeatQuery = {
  db: DbOrTx;
  scheduleId: string;
  travelDate: string;
  launchId: string;
  seats: readonly string[];
  /** The legs asked for: a holder counts when it shares one of them (docs/decisions/032). */
  stretch: Stretch;
  now: Date;
};

/**
 * Who holds each of the requested seats on a leg of the stretch now: a ticket (`session: null`)
 * or a live lock, with its e-mail.
 */
async function listSeatHolders(q: SeatQuery): Promise<(SeatHolder & { email: string | null })[]> {
  const key = { scheduleId: q.scheduleId, travelDate: q.travelDate, launchId: q.launchId };
  const seats = [...q.seats];
  const [taken, locked] = await readTogether(q.db, [
    () =>
      q.db
        .select({ seat: ticketSeats.seatNumber })
        .from(ticketSeats)
        .where(
          and(
            onTripLaunch(ticketSeats, key),
            inArray(ticketSeats.seatNumber, seats),
            sharesLeg(ticketSeats, q.stretch),
          ),
        ),
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
            sharesLeg(seatLocks, q.stretch),
            gt(seatLocks.lockedUntil, q.now),
          ),
        ),
  ]);
  return [...taken.map((t) => ({ seat: t.seat, session: null, until: null, email: null })), ...locked];
}

export type RefuseTakenSeatsOptions = SeatQuery & {
  session: string;
  email?: string;
  remember?: (holders: SeatHolder[]) => void;
};

/**
 * Throws 409 seats_unavailable naming, in label order, every requested seat that a ticket or
 * another session's live lock holds on a leg of the stretch. With `email` (a booking), a lock of this very session
 * made for another e-mail is refused too (409 lock_email_mismatch): the seats were held with a
 * different verified address. One read: lockSeats and createBooking run it in their
 * transactions; outside one it is the quick answer for seats someone just won
 * (lib/seat-lock-gate.ts), whose memory `remember` feeds.
 */
export async function refuseTakenSeats(q: RefuseTakenSeatsOptions): Promise<void> {
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
