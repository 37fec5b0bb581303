import { and, eq, gt, lte, min, or } from 'drizzle-orm';
import { MSG } from '#shared/messages/api.ts';
import type { SeatLockRequest } from '#shared/schemas.ts';
import type { Db, Tx } from '../db/client.ts';
import { seatLocks } from '../db/schema.ts';
import { onTripLaunch } from '../db/seat-key.ts';
import { askedStretch } from '../lib/asked-stretch.ts';
import { isLostRace } from '../lib/db-errors.ts';
import { AppError } from '../lib/errors.ts';
import { refuseUnknownSeats, seatsUnavailable } from '../lib/seat-checks.ts';
import { checkHoldLimits, type HoldLimits, tooManyTickets } from './check-hold-limits.ts';
import { checkReturnTrip, type JourneyEnds } from './check-return-trip.ts';
import { emailNotVerified, findVerifiedEmail } from './find-verified-email.ts';
import { listDepartureStops } from './list-departure-stops.ts';
import { launchUnavailable, readTripLaunch } from './read-trip-launch.ts';
import { refuseClosedDeparture } from './refuse-closed-departure.ts';
import { refuseCounterClosed } from './refuse-counter-closed.ts';
import { type RefuseTakenSeatsOptions, refuseTakenSeats } from './refuse-taken-seats.ts';
import { reserveReference } from './reserve-reference.ts';
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
  /** Told who holds the requested seats on the stretch (lib/seat-lock-gate.ts). */
  remember?: RefuseTakenSeatsOptions['remember'];
};

type JourneyAsk = {
  scheduleId: string;
  travelDate: string;
  launchId: string;
  seats: string[];
  originId?: string | undefined;
  destinationId?: string | undefined;
};

/**
 * Reads one journey's departure and checks it takes the request: open, the launch bookable, the
 * stretch on its route, not closed yet, the seats on the launch and held by nobody else. Expired
 * locks on it go first.
 */
async function placeJourney(tx: Tx, opts: LockSeatsOptions, ask: JourneyAsk, first: boolean) {
  const { session, now } = opts;
  const { trip, launch } = await readTripLaunch({ ...ask, db: tx });
  if (trip.status === 'completed') throw new AppError('trip_completed', MSG.tripCompleted, 409);
  // A departure the operator cancelled is offered no more (docs/decisions/026).
  if (trip.status !== 'scheduled') throw new AppError('invalid_schedule', MSG.invalidSchedule, 409);
  if (!launch.bookable) throw launchUnavailable();
  const stops = await listDepartureStops({ db: tx, scheduleId: trip.id });
  const stretch = askedStretch(
    stops.map((s) => s.locationId),
    ask.originId,
    ask.destinationId,
  );
  if (opts.passenger) {
    refuseClosedDeparture({ trip, stops, originId: ask.originId, timeZone: opts.timeZone, now });
  } else {
    await refuseCounterClosed({ db: tx, trip, originId: ask.originId, now, timeZone: opts.timeZone });
  }
  refuseUnknownSeats({ seatNumbers: launch.seatNumbers, seats: ask.seats });

  const key = { scheduleId: trip.id, travelDate: trip.travelDate, launchId: launch.id };
  await tx.delete(seatLocks).where(and(onTripLaunch(seatLocks, key), lte(seatLocks.lockedUntil, now)));

  // Named conflicts for the user (docs/product.md section 10.2); the insert below is what decides.
  await refuseTakenSeats({
    db: tx,
    ...key,
    seats: ask.seats,
    stretch,
    session,
    now,
    remember: first ? opts.remember : undefined,
  });
  const from = stops[stretch.fromStop];
  const to = stops[stretch.toStop];
  const ends: JourneyEnds = {
    fromId: from?.locationId ?? '',
    toId: to?.locationId ?? '',
    travelDate: trip.travelDate,
    leaves: from?.departureTime ?? trip.departureTime,
    arrives: to?.departureTime ?? null,
  };
  return { ask, key, stretch, ends };
}

/** A passenger's lock also answers the booking session's reference (docs/decisions/039). */
type LockedSeats = { lockedUntil: string; reference?: string };

/**
 * Holds seats for one wizard run (docs/product.md sections 2.2 and 8.1), for the legs of the
 * passenger's stretch (docs/decisions/032); with `return`, on both departures of a return
 * (docs/decisions/037), all or nothing. Expired locks and this session's own are deleted
 * first; the insert writes only what no live lock shares a leg with, and the transaction rolls
 * back unless every seat was written: of two sessions racing for a leg of a seat exactly one
 * wins, with no check-then-insert gap.
 */
export async function lockSeats(
  opts: LockSeatsOptions & { passenger: NonNullable<LockSeatsOptions['passenger']> },
): Promise<Required<LockedSeats>>;
export async function lockSeats(opts: LockSeatsOptions): Promise<LockedSeats>;
export async function lockSeats(opts: LockSeatsOptions): Promise<LockedSeats> {
  const { db, session, now } = opts;
  // One order for every request, so two overlapping selections queue instead of deadlocking.
  const asks: JourneyAsk[] = [
    { ...opts, seats: [...opts.seats].sort() },
    ...(opts.return ? [{ ...opts.return, seats: [...opts.return.seats].sort() }] : []),
  ];
  let heldUntil: string;
  try {
    heldUntil = await db.transaction(async (tx) => {
      const placed = [];
      for (const [i, ask] of asks.entries()) placed.push(await placeJourney(tx, opts, ask, i === 0));
      const [outbound, back] = placed;
      if (outbound && back) checkReturnTrip(outbound.ends, back.ends);

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
        if (asks.some((a) => a.seats.length > passenger.limits.maxTicketsPerBooking)) {
          throw tooManyTickets(passenger.limits.maxTicketsPerBooking);
        }
        const holds = placed.map((p) => ({
          ...p.key,
          session,
          clientIp: passenger.clientIp,
          email,
          seats: p.ask.seats.length,
          stretch: p.stretch,
          now,
          limits: passenger.limits,
        }));
        // Each departure's turn, in one order for every request, then each is counted.
        const inOrder = [...holds].sort((a, b) => a.scheduleId.localeCompare(b.scheduleId));
        for (const hold of inOrder) await serialiseHolds({ db: tx, ...hold });
        for (const hold of holds) await checkHoldLimits({ db: tx, ...hold });
        holder = { email, clientIp: passenger.clientIp };
      }

      // Rule 8.1: locking again never extends the hold; the earliest live lock of this
      // session on the trip (any launch) sets the end for the whole selection, a return's two
      // departures together.
      const sessionOn = (key: { scheduleId: string; travelDate: string }) =>
        and(
          eq(seatLocks.scheduleId, key.scheduleId),
          eq(seatLocks.travelDate, key.travelDate),
          eq(seatLocks.userSession, session),
        );
      const sessionOnTrips = or(...placed.map((p) => sessionOn(p.key)));
      const [earliest] = await tx
        .select({ until: min(seatLocks.lockedUntil) })
        .from(seatLocks)
        .where(and(sessionOnTrips, gt(seatLocks.lockedUntil, now)));
      const existing = earliest?.until ? new Date(earliest.until) : null;
      const lockedUntil = existing ?? new Date(now.getTime() + opts.holdSeconds * 1000);

      // A new selection replaces the old one: one wizard run books one launch, on one stretch.
      await tx.delete(seatLocks).where(sessionOnTrips);

      // The exclusion constraint over the seat and its legs decides: of two sessions racing for
      // a leg of a seat, the second waits for the first and then writes nothing (`ON CONFLICT DO
      // NOTHING` applies to exclusion constraints; DO UPDATE does not, so the takeover of an
      // expired lock is its deletion above, in this same transaction).
      for (const { ask, key, stretch } of placed) {
        const written = await tx
          .insert(seatLocks)
          .values(
            ask.seats.map((seatNumber) => ({
              ...key,
              seatNumber,
              ...stretch,
              originId: ask.originId ?? null,
              destinationId: ask.destinationId ?? null,
              lockedUntil,
              userSession: session,
              email: holder?.email ?? null,
              clientIp: holder?.clientIp ?? null,
              createdAt: now,
            })),
          )
          .onConflictDoNothing()
          .returning({ seatNumber: seatLocks.seatNumber });
        if (written.length !== ask.seats.length) {
          const won = new Set(written.map((w) => w.seatNumber));
          throw seatsUnavailable(ask.seats.filter((s) => !won.has(s)));
        }
      }
      return lockedUntil.toISOString();
    });
  } catch (err) {
    if (!(err instanceof AppError) && isLostRace(err)) throw seatsUnavailable(asks.flatMap((a) => a.seats));
    throw err;
  }
  // The passenger learns the reference before paying, so the transfer can carry it; staff sales
  // make theirs when sold. Reserved once the seats are won, outside the transaction that holds
  // the departure's hold lock (serialise-holds.ts), so racing locks do not wait on it.
  if (!opts.passenger) return { lockedUntil: heldUntil };
  const reference = await reserveReference({ db, session, now, timeZone: opts.timeZone });
  return { lockedUntil: heldUntil, reference };
}
