import { and, eq, gt, lte, min, notInArray, or, sql } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import type { SeatLockRequest } from '#shared/schemas.ts';
import type { Db } from '../db/client.ts';
import { seatLocks } from '../db/schema.ts';
import { onTripLaunch } from '../db/seat-key.ts';
import { isLostRace } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { refuseUnknownSeats, seatsUnavailable } from '../lib/seat-checks.ts';
import { checkHoldLimits, type HoldLimits, tooManyTickets } from './check-hold-limits.ts';
import { emailNotVerified, findVerifiedEmail } from './find-verified-email.ts';
import { listDepartureStops } from './list-departure-stops.ts';
import { launchUnavailable, readTripLaunch } from './read-trip-launch.ts';
import { refuseClosedDeparture } from './refuse-closed-departure.ts';
import { refuseCounterClosed } from './refuse-counter-closed.ts';
import { refuseTakenSeats } from './refuse-taken-seats.ts';
import { serialiseHolds } from './serialise-holds.ts';

type LockSeatsOptions = Omit<SeatLockRequest, 'verificationToken'> & {
  db: Db;
  session: string;
  now: Date;
  holdSeconds: number;
  /** The operator's zone: "today" and departure times. */
  timeZone: string;
  /**
   * A passenger's lock: the verification token of step 2 names its e-mail, and the client
   * address and e-mail are held to the fair-hold limits, and it closes at the departure time.
   * Staff locks (the counter's) carry none of this and close when boarding closes at the From
   * stop.
   */
  passenger?: { verificationToken: string | undefined; clientIp: string; limits: HoldLimits };
};

/**
 * Holds seats for one wizard run (docs/product.md sections 2.2 and 8.1). The upsert only
 * overwrites a lock that has expired or is already this session's, and the transaction rolls
 * back unless every seat was written: of two sessions racing for a seat exactly one wins, with
 * no check-then-insert gap.
 */
export async function lockSeats(opts: LockSeatsOptions): Promise<{ lockedUntil: string }> {
  const { db, session, now } = opts;
  // One order for every request, so two overlapping selections queue instead of deadlocking.
  const seats = [...opts.seats].sort();
  try {
    return await db.transaction(async (tx) => {
      const { trip, launch } = await readTripLaunch({ ...opts, db: tx });
      if (trip.status === 'completed') throw new AppError('trip_completed', MSG.tripCompleted, 409);
      // A departure the operator cancelled is offered no more (docs/decisions/026).
      if (trip.status !== 'scheduled') throw new AppError('invalid_schedule', MSG.invalidSchedule, 409);
      if (!launch.bookable) throw launchUnavailable();
      if (opts.passenger) {
        refuseClosedDeparture({
          trip,
          stops: await listDepartureStops({ db: tx, scheduleId: trip.id }),
          originId: opts.originId,
          timeZone: opts.timeZone,
          now,
        });
      } else {
        await refuseCounterClosed({ db: tx, trip, originId: opts.originId, now, timeZone: opts.timeZone });
      }
      refuseUnknownSeats({ seatNumbers: launch.seatNumbers, seats });

      const key = { scheduleId: trip.id, travelDate: trip.travelDate, launchId: launch.id };
      const seatKey = onTripLaunch(seatLocks, key);
      await tx.delete(seatLocks).where(and(seatKey, lte(seatLocks.lockedUntil, now)));

      // Named conflicts for the user (docs/product.md section 10.2); the upsert below is what decides.
      await refuseTakenSeats({ db: tx, ...key, seats, session, now });

      // Only a request that could win its seats pays for the passenger's checks.
      let holder: { email: string; clientIp: string } | null = null;
      if (opts.passenger) {
        const { passenger } = opts;
        const email = await findVerifiedEmail({
          db: tx,
          clock: { now: () => now },
          token: passenger.verificationToken,
        });
        if (!email) throw emailNotVerified();
        if (seats.length > passenger.limits.maxTicketsPerBooking) {
          throw tooManyTickets(passenger.limits.maxTicketsPerBooking);
        }
        const hold = { ...key, session, clientIp: passenger.clientIp, email, seats: seats.length, now };
        await serialiseHolds({ db: tx, ...hold, limits: passenger.limits });
        await checkHoldLimits({ db: tx, ...hold, limits: passenger.limits });
        holder = { email, clientIp: passenger.clientIp };
      }

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
            email: holder?.email ?? null,
            clientIp: holder?.clientIp ?? null,
            createdAt: now,
          })),
        )
        .onConflictDoUpdate({
          target: [seatLocks.scheduleId, seatLocks.travelDate, seatLocks.launchId, seatLocks.seatNumber],
          set: {
            lockedUntil: sql`excluded.locked_until`,
            userSession: sql`excluded.user_session`,
            email: sql`excluded.email`,
            clientIp: sql`excluded.client_ip`,
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
    if (!(err instanceof AppError) && isLostRace(err)) throw seatsUnavailable(seats);
    throw err;
  }
}
