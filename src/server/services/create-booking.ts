import { createHash } from 'node:crypto';
import { and, asc, eq, gt, inArray, ne } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import {
  idempotencyRecords,
  launches,
  locations,
  paymentSettings,
  scheduleLaunches,
  scheduleRouteStops,
  schedules,
  seatLocks,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { onTripLaunch } from '#server/db/seat-key.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { processImage } from '#server/lib/images.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { buildBreakdown, computeTotal, countByCategory } from '#server/lib/money.ts';
import { makeReference, REFERENCE_ATTEMPTS } from '#server/lib/reference.ts';
import type { Storage } from '#server/lib/storage.ts';
import { COMPRESSION, DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES, PAYMENT_METHOD } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import type { BookingCreated, BookingInput } from '#shared/schemas.ts';
import { releaseSeats } from './release-seats.ts';
import { isEmailVerified } from './verify-email-code.ts';

const IDEMPOTENCY_SCOPE = 'booking';

export type CreateBookingOptions = {
  db: Db;
  storage: Storage;
  clock: Clock;
  tzOperator: string;
  input: BookingInput;
  slip: Buffer;
  /** X-Booking-Session: whose seat locks this booking may take over. */
  session: string;
  idempotencyKey: string;
  /** bookingRequestHash of the request, to tell a retry from a different booking under one key. */
  requestHash: string;
};

export type CreateBookingResult = { statusCode: number; body: BookingCreated; replayed: boolean };

/** What makes two submissions "the same request": the booking JSON as sent and the slip bytes. */
export function bookingRequestHash(bookingText: string, slip: Buffer): string {
  const slipHash = createHash('sha256').update(slip).digest('hex');
  return createHash('sha256').update(bookingText).update('\0').update(slipHash).digest('hex');
}

export const slipKey = (reference: string) => `payment-slips/${reference}/slip.webp`;

const invalidSchedule = () => new AppError('invalid_schedule', MSG.invalidSchedule, 400);
const seatsUnavailable = (seats: string[]) =>
  new AppError('seats_unavailable', MSG.seatsUnavailable(seats), 409, { details: { seats } });

type StoredResult = { statusCode: number; body: BookingCreated };

async function readIdempotent(
  db: Db | Tx,
  key: string,
  requestHash: string,
): Promise<StoredResult | 'absent' | 'in_progress'> {
  const [record] = await db
    .select()
    .from(idempotencyRecords)
    .where(and(eq(idempotencyRecords.scope, IDEMPOTENCY_SCOPE), eq(idempotencyRecords.key, key)));
  if (!record) return 'absent';
  if (record.requestHash !== requestHash) {
    throw new AppError('idempotency_key_reused', MSG.idempotencyKeyReused, 422);
  }
  if (record.statusCode === null || !record.response) return 'in_progress';
  return { statusCode: record.statusCode, body: record.response as BookingCreated };
}

/**
 * Submits a booking (ARCHITECTURE.md sections 2.2-2.5, 2.8 and 8). Every write happens in one
 * transaction: the idempotency record, the ticket, its seat rows (whose unique index refuses a
 * double booking), the release of this session's locks and the 'booking received' mail. The
 * slip is re-encoded in memory first and stored privately just before commit; if anything
 * fails after that, the file is deleted again, so a refused booking leaves nothing behind.
 */
export async function createBooking(opts: CreateBookingOptions): Promise<CreateBookingResult> {
  const { db, storage, clock, input, session, idempotencyKey, requestHash } = opts;

  // A retry of a booking that went through is answered without touching anything, even after
  // the verification token has expired.
  const earlier = await readIdempotent(db, idempotencyKey, requestHash);
  if (typeof earlier === 'object') return { ...earlier, replayed: true };

  if (!(await isEmailVerified({ db, clock, email: input.passenger.email, token: input.verificationToken }))) {
    throw new AppError('email_not_verified', MSG.verifyEmailFirst, 403);
  }

  const image = await processImage(opts.slip, COMPRESSION.slip);

  let storedKey: string | null = null;
  try {
    const outcome = await db.transaction(async (tx) => {
      // Claims the key first: a concurrent request with the same key waits here (PostgreSQL
      // blocks on the uncommitted row) and then sees this booking's result.
      const claimed = await tx
        .insert(idempotencyRecords)
        .values({ scope: IDEMPOTENCY_SCOPE, key: idempotencyKey, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyRecords.key });
      if (claimed.length === 0) {
        const existing = await readIdempotent(tx, idempotencyKey, requestHash);
        if (typeof existing === 'object') return { ...existing, replayed: true };
        throw new AppError('idempotency_in_progress', MSG.submitFailed, 409);
      }

      const now = clock.now();
      const trip = await checkTrip(tx, input);

      const locked = await tx
        .selectDistinct({ seat: seatLocks.seatNumber })
        .from(seatLocks)
        .where(
          and(
            onTripLaunch(seatLocks, input),
            inArray(seatLocks.seatNumber, input.seats),
            gt(seatLocks.lockedUntil, now),
            ne(seatLocks.userSession, session),
          ),
        );
      if (locked.length > 0) throw seatsUnavailable(locked.map((l) => l.seat).sort());

      const [settings] = await tx
        .select()
        .from(paymentSettings)
        .orderBy(asc(paymentSettings.createdAt))
        .limit(1);
      const prices = settings ?? DEFAULT_PRICES;
      const exchangeRate = settings?.exchangeRate ?? DEFAULT_EXCHANGE_RATE;
      const currency = input.paymentCurrency;
      const breakdown = buildBreakdown(input.tickets, prices);
      const totalAmount = computeTotal(breakdown, currency, exchangeRate);
      const usd = currency === 'USD';

      let ticket: { id: string; reference: string } | undefined;
      for (let attempt = 0; attempt < REFERENCE_ATTEMPTS && !ticket; attempt++) {
        const reference = makeReference(now, opts.tzOperator);
        const [row] = await tx
          .insert(tickets)
          .values({
            paymentReference: reference,
            scheduleId: input.scheduleId,
            launchId: input.launchId,
            travelDate: input.travelDate,
            passengerName: input.passenger.name,
            passengerEmail: input.passenger.email,
            passengerPhone: input.passenger.phone || null,
            passengerCountryCode: input.passenger.countryCode,
            passengerNationality: input.passenger.nationality,
            ...countByCategory(breakdown),
            totalAmount,
            currency,
            exchangeRate,
            bankName: (usd ? settings?.bankNameUsd : settings?.bankName) ?? '',
            accountHolder: (usd ? settings?.accountHolderUsd : settings?.accountHolder) ?? '',
            accountNumber: (usd ? settings?.accountNumberUsd : settings?.accountNumber) ?? '',
            paymentMethod: PAYMENT_METHOD,
            paymentStatus: 'pending',
            ticketStatus: 'pending',
            paymentSlipKey: slipKey(reference),
            ticketBreakdown: breakdown,
            seatNumbers: input.seats,
            userOriginId: input.originId,
            userDestinationId: input.destinationId,
            passengerDepartureTime: trip.passengerDepartureTime,
            createdAt: now,
            updatedAt: now,
          })
          // Only a reference collision is retried; any other constraint is a real error.
          .onConflictDoNothing({ target: tickets.paymentReference })
          .returning({ id: tickets.id, reference: tickets.paymentReference });
        ticket = row;
      }
      if (!ticket) throw new AppError('reference_exists', MSG.referenceExists, 409);

      // The unique index on (schedule, date, launch, seat) decides who gets a contested seat;
      // a concurrent booking of the same seat waits for this one and then inserts nothing.
      const inserted = await tx
        .insert(ticketSeats)
        .values(
          input.seats.map((seatNumber) => ({
            ticketId: ticket.id,
            scheduleId: input.scheduleId,
            travelDate: input.travelDate,
            launchId: input.launchId,
            seatNumber,
          })),
        )
        .onConflictDoNothing()
        .returning({ seat: ticketSeats.seatNumber });
      if (inserted.length !== input.seats.length) {
        const got = new Set(inserted.map((r) => r.seat));
        throw seatsUnavailable(input.seats.filter((s) => !got.has(s)).sort());
      }

      // The ticket holds these seats now (ARCHITECTURE.md section 8.3).
      await releaseSeats(tx, { ...input, session });

      await enqueueMail(tx, {
        to: input.passenger.email,
        subject: `Booking received: ${ticket.reference}`,
        text: [
          `Thank you, ${input.passenger.name}. We have received your booking.`,
          '',
          `Booking reference: ${ticket.reference}`,
          `Trip: ${trip.fromName} to ${trip.toName}`,
          `Date: ${input.travelDate}, departure ${trip.passengerDepartureTime.slice(0, 5)}`,
          `Launch: ${trip.launchName}`,
          `Seats: ${input.seats.join(', ')}`,
          `Amount: ${totalAmount} ${currency} (${PAYMENT_METHOD})`,
          '',
          MSG.submittedForReview,
        ].join('\n'),
      });

      await announce(tx, { kind: 'ticket', data: { type: 'created', ticketId: ticket.id } });

      const body: BookingCreated = {
        reference: ticket.reference,
        totalAmount,
        currency,
        ticketStatus: 'pending',
        paymentStatus: 'pending',
      };
      await tx
        .update(idempotencyRecords)
        .set({ statusCode: 201, response: body })
        .where(
          and(eq(idempotencyRecords.scope, IDEMPOTENCY_SCOPE), eq(idempotencyRecords.key, idempotencyKey)),
        );

      // Last step before commit, so nothing after it can fail except the commit itself.
      const key = slipKey(ticket.reference);
      await storage.put(key, image.buffer, {
        contentType: image.contentType,
        visibility: 'private',
        overwrite: true,
      });
      storedKey = key;
      return { statusCode: 201, body, replayed: false };
    });
    return outcome;
  } catch (err) {
    if (storedKey) await storage.delete(storedKey, 'private').catch(() => {});
    throw err;
  }
}

type TripCheck = { passengerDepartureTime: string; fromName: string; toName: string; launchName: string };

/** The trip must exist, be open, run on the requested date and launch, and pass From before To. */
async function checkTrip(tx: Tx, input: BookingInput): Promise<TripCheck> {
  const [schedule] = await tx.select().from(schedules).where(eq(schedules.id, input.scheduleId));
  if (!schedule || schedule.status === 'completed' || schedule.travelDate !== input.travelDate) {
    throw invalidSchedule();
  }
  const stops = await tx
    .select({
      locationId: scheduleRouteStops.locationId,
      stopOrder: scheduleRouteStops.stopOrder,
      departureTime: scheduleRouteStops.departureTime,
      name: locations.name,
    })
    .from(scheduleRouteStops)
    .innerJoin(locations, eq(locations.id, scheduleRouteStops.locationId))
    .where(eq(scheduleRouteStops.scheduleId, schedule.id))
    .orderBy(asc(scheduleRouteStops.stopOrder));
  const fromIndex = stops.findIndex((s) => s.locationId === input.originId);
  const toIndex = stops.findIndex((s, i) => i > fromIndex && s.locationId === input.destinationId);
  if (fromIndex < 0 || toIndex < 0) throw invalidSchedule();

  const [launch] = await tx
    .select({ name: launches.name, seatNumbers: launches.seatNumbers })
    .from(scheduleLaunches)
    .innerJoin(launches, eq(launches.id, scheduleLaunches.launchId))
    .where(and(eq(scheduleLaunches.scheduleId, schedule.id), eq(scheduleLaunches.launchId, input.launchId)));
  if (!launch) throw invalidSchedule();
  const labels = new Set(launch.seatNumbers);
  const unknown = input.seats.filter((s) => !labels.has(s));
  if (unknown.length > 0) {
    throw new AppError('invalid_seats', MSG.invalidSeats(unknown), 400, { details: { seats: unknown } });
  }

  const from = stops[fromIndex];
  const to = stops[toIndex];
  return {
    passengerDepartureTime: from?.departureTime ?? schedule.departureTime,
    fromName: from?.name ?? '',
    toName: to?.name ?? '',
    launchName: launch.name,
  };
}
