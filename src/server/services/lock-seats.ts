import { and, eq, gt, inArray, lte, min, notInArray, or, sql } from 'drizzle-orm';
import { MSG } from '#shared/messages.ts';
import type { SeatLockRequest } from '#shared/schemas.ts';
import type { Db, DbOrTx } from '../db/client.ts';
import { seatLocks, ticketSeats } from '../db/schema.ts';
import { onTripLaunch } from '../db/seat-key.ts';
import { AppError } from '../lib/errors.ts';
import type { SeatHolder } from '../lib/seat-lock-gate.ts';
import { findTripLaunch } from './find-trip.ts';

export type LockSeatsOptions = SeatLockRequest & {
  session: string;
  now: Date;
  holdSeconds: number;
};

export const seatsUnavailable = (labels: string[]) =>
  new AppError('seats_unavailable', MSG.seatsUnavailable(labels), 409, { details: { seats: labels } });

/** Errors PostgreSQL gives a transaction that lost a race; the seats went to someone else. */
const LOST_RACE_CODES = new Set(['40P01', '40001']);

function sqlState(err: unknown): string | undefined {
  let e: unknown = err;
  for (let depth = 0; e && depth < 4; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

type SeatQuery = {
  scheduleId: string;
  travelDate: string;
  launchId: string;
  seats: string[];
  session: string;
  now: Date;
};

/** Who holds each of the requested seats now: a ticket (`session: null`) or a live lock. */
export async function readSeatHolders(db: DbOrTx, q: SeatQuery): Promise<SeatHolder[]> {
  const key = { scheduleId: q.scheduleId, travelDate: q.travelDate, launchId: q.launchId };
  const [taken, locked] = await Promise.all([
    db
      .select({ seat: ticketSeats.seatNumber })
      .from(ticketSeats)
      .where(and(onTripLaunch(ticketSeats, key), inArray(ticketSeats.seatNumber, q.seats))),
    db
      .select({ seat: seatLocks.seatNumber, session: seatLocks.userSession, until: seatLocks.lockedUntil })
      .from(seatLocks)
      .where(
        and(
          onTripLaunch(seatLocks, key),
          inArray(seatLocks.seatNumber, q.seats),
          gt(seatLocks.lockedUntil, q.now),
        ),
      ),
  ]);
  return [...taken.map((t) => ({ seat: t.seat, session: null, until: null })), ...locked];
}

/**
 * Throws 409 naming, in label order, every requested seat that a ticket or another session's
 * live lock holds. One read: lockSeats runs it before its upsert; outside a transaction it is
 * the quick answer for seats someone just won (seat-lock-gate.ts), whose memory `remember` feeds.
 */
export async function refuseTakenSeats(
  db: DbOrTx,
  q: SeatQuery,
  remember?: (holders: SeatHolder[]) => void,
): Promise<void> {
  const holders = await readSeatHolders(db, q);
  remember?.(holders);
  const taken = new Set(holders.filter((h) => h.session !== q.session).map((h) => h.seat));
  if (taken.size > 0) throw seatsUnavailable([...q.seats].sort().filter((s) => taken.has(s)));
}

/**
 * Holds seats for one wizard run (ARCHITECTURE.md sections 2.2 and 8.1). The upsert only
 * overwrites a lock that has expired or is already this session's, and the transaction rolls
 * back unless every seat was written: of two sessions racing for a seat exactly one wins, with
 * no check-then-insert gap.
 */
export async function lockSeats(db: Db, opts: LockSeatsOptions): Promise<{ lockedUntil: string }> {
  const { session, now } = opts;
  // One order for every request, so two overlapping selections queue instead of deadlocking.
  const seats = [...opts.seats].sort();
  try {
    return await db.transaction(async (tx) => {
      const { trip, launch } = await findTripLaunch(tx, opts);
      if (trip.status === 'completed') throw new AppError('trip_completed', MSG.tripCompleted, 409);
      const labels = new Set(launch.seatNumbers);
      const unknown = seats.filter((s) => !labels.has(s));
      if (unknown.length > 0) {
        throw new AppError('invalid_seats', MSG.invalidSeats(unknown), 400, { details: { seats: unknown } });
      }

      const key = { scheduleId: trip.id, travelDate: trip.travelDate, launchId: launch.id };
      const seatKey = onTripLaunch(seatLocks, key);
      await tx.delete(seatLocks).where(and(seatKey, lte(seatLocks.lockedUntil, now)));

      // Named conflicts for the user (ARCHITECTURE.md 8.2); the upsert below is what decides.
      await refuseTakenSeats(tx, { ...key, seats, session, now });

      // Rule 8.1: locking again never extends the hold; the earliest live lock of this
      // session on the trip (any launch) sets the end for the whole selection.
      const sessionOnTrip = and(
        eq(seatLocks.scheduleId, trip.id),
        eq(seatLocks.travelDate, trip.travelDate),
        eq(seatLocks.userSession, session),
      );
      const [earliest] = await tx
        .select({ until: min(seatLocks.lockedUntil) })
        .from(seatLocks)
        .where(and(sessionOnTrip, gt(seatLocks.lockedUntil, now)));
      const existing = earliest?.until ? new Date(earliest.until) : null;
      const lockedUntil = existing ?? new Date(now.getTime() + opts.holdSeconds * 1000);

      // A new selection replaces the old one: one wizard run books one launch.
      await tx
        .delete(seatLocks)
        .where(
          and(
            sessionOnTrip,
            or(sql`${seatLocks.launchId} <> ${launch.id}`, notInArray(seatLocks.seatNumber, seats)),
          ),
        );

      const written = await tx
        .insert(seatLocks)
        .values(
          seats.map((seatNumber) => ({
            scheduleId: trip.id,
            travelDate: trip.travelDate,
            launchId: launch.id,
            seatNumber,
            lockedUntil,
            userSession: session,
            createdAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [seatLocks.scheduleId, seatLocks.travelDate, seatLocks.launchId, seatLocks.seatNumber],
          set: {
            lockedUntil: sql`excluded.locked_until`,
            userSession: sql`excluded.user_session`,
            createdAt: sql`excluded.created_at`,
          },
          setWhere: sql`${seatLocks.lockedUntil} <= ${now.toISOString()}::timestamptz OR ${seatLocks.userSession} = excluded.user_session`,
        })
        .returning({ seatNumber: seatLocks.seatNumber });
      if (written.length !== seats.length) {
        const won = new Set(written.map((w) => w.seatNumber));
        throw seatsUnavailable(seats.filter((s) => !won.has(s)));
      }
      return { lockedUntil: lockedUntil.toISOString() };
    });
  } catch (err) {
    if (!(err instanceof AppError) && LOST_RACE_CODES.has(sqlState(err) ?? '')) throw seatsUnavailable(seats);
    throw err;
  }
}
