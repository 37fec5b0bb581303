import { createHash, randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { idempotencyRecords, tickets } from '#server/db/schema.ts';
import { type Clock, dateInZone, instantInZone, timeInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { processImage } from '#server/lib/images.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { signManageLink } from '#server/lib/manage-links.ts';
import { normalizeEmail } from '#server/lib/one-time-codes.ts';
import { insertPersons, personRows } from '#server/lib/persons.ts';
import type { Storage } from '#server/lib/storage.ts';
import { receivedMail } from '#server/mails/received-mail.ts';
import { CARD_ONLINE } from '#shared/card-payments.ts';
import { COMPRESSION, PAYMENT_METHOD } from '#shared/constants.ts';
import { DEFAULT_LANGUAGE, type Language } from '#shared/languages.ts';
import { MSG } from '#shared/messages/api.ts';
import { buildBreakdown, centsToMoney, computeTotal, countByCategory, toCents } from '#shared/money.ts';
import { paymentDueAt } from '#shared/pay-later.ts';
import { bankAccountFor } from '#shared/payment.ts';
import { splitReturnDiscount } from '#shared/return-discount.ts';
import type { BookingCreated, BookingInput, BookingJourney } from '#shared/schemas.ts';
import { checkHoldLimits, type HoldLimits, tooManyTickets } from './check-hold-limits.ts';
import { checkParty } from './check-party.ts';
import { checkPayLaterShare } from './check-pay-later-share.ts';
import { checkPendingBookings } from './check-pending-bookings.ts';
import { checkReturnTrip } from './check-return-trip.ts';
import { checkTrip } from './check-trip.ts';
import { emailNotVerified, findVerifiedEmail } from './find-verified-email.ts';
import { insertTicket } from './insert-ticket.ts';
import { openCardPaymentRow } from './open-card-payment-row.ts';
import { readFares } from './read-fares.ts';
import { readPayLaterSettings } from './read-pay-later-settings.ts';
import { readReturnDiscount } from './read-return-discount.ts';
import { readSettingsRow } from './read-settings-row.ts';
import { refuseTakenSeats } from './refuse-taken-seats.ts';
import { releaseSeats } from './release-seats.ts';
import { serialiseHolds } from './serialise-holds.ts';
import { takeReservedReference } from './take-reserved-reference.ts';
import { takeSeats } from './take-seats.ts';

const IDEMPOTENCY_SCOPE = 'booking';

type CreateBookingOptions = {
  db: Db;
  storage: Storage;
  clock: Clock;
  tzOperator: string;
  input: BookingInput;
  /**
   * The payment slip; null for a booking sent to pay later by transfer (`input.payLater`,
   * docs/decisions/040-pay-later.md), which holds its seats until its payment falls due.
   */
  slip: Buffer | null;
  /** X-Booking-Session: whose seat locks this booking may take over. */
  session: string;
  idempotencyKey: string;
  /** bookingRequestHash of the request, to tell a retry from a different booking under one key. */
  requestHash: string;
  /** The address the booking comes from: the per-address hold limit and bulk rejection. */
  clientIp: string;
  limits: HoldLimits;
  /** The language the passenger booked in (English if not said): the ticket keeps it, its mails use it. */
  language?: Language | undefined;
  /**
   * The card gateway's name and the seat hold (docs/decisions/042), when one is configured: a
   * booking with `paymentMethod: 'card'` waits for its payment that long, then is released.
   */
  card?: { provider: string; holdSeconds: number } | null;
};

type CreateBookingResult = { statusCode: number; body: BookingCreated; replayed: boolean };

/** What makes two submissions "the same request": the booking JSON as sent and the slip bytes. */
export function bookingRequestHash(bookingText: string, slip: Buffer | null): string {
  const slipHash = slip ? createHash('sha256').update(slip).digest('hex') : 'pay-later';
  return createHash('sha256').update(bookingText).update('\0').update(slipHash).digest('hex');
}

/** Private, and not derivable from the reference alone: a random part names each stored slip. */
const managePath = (reference: string, token: string) =>
  `/bookings/${encodeURIComponent(reference)}/manage?k=${encodeURIComponent(token)}`;

export const slipKey = (reference: string) =>
  `payment-slips/${reference}/slip-${randomBytes(16).toString('hex')}.webp`;

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
 * Submits a booking (docs/product.md sections 2.2-2.5, 2.8 and 8). Every write happens in one
 * transaction: the idempotency record, the ticket, its seat rows (whose unique index refuses a
 * double booking), the release of this session's locks and the 'booking received' mail. The
 * slip is re-encoded in memory first and stored privately just before commit; if anything
 * fails after that, the file is deleted again, so a refused booking leaves nothing behind.
 */
export async function createBooking(opts: CreateBookingOptions): Promise<CreateBookingResult> {
  const { db, storage, clock, input, session, idempotencyKey, requestHash } = opts;
  const language = opts.language ?? DEFAULT_LANGUAGE;

  // A retry of a booking that went through is answered without touching anything, even after
  // the verification token has expired.
  const earlier = await readIdempotent(db, idempotencyKey, requestHash);
  if (typeof earlier === 'object') return { ...earlier, replayed: true };

  const ticketCount = input.tickets.reduce((n, t) => n + t.quantity, 0);
  if (ticketCount > opts.limits.maxTicketsPerBooking) throw tooManyTickets(opts.limits.maxTicketsPerBooking);

  const verified = await findVerifiedEmail({ db, clock, token: input.verificationToken });
  if (verified !== normalizeEmail(input.passenger.email)) throw emailNotVerified();

  const image = opts.slip ? await processImage(opts.slip, COMPRESSION.slip) : null;

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
      const trip = await checkTrip({ db: tx, input, now, timeZone: opts.tzOperator });
      // A return (docs/decisions/037-return-trips.md): its departure checked as the outbound's,
      // then that it goes back the same way after the outbound arrives.
      const back = input.return
        ? {
            input: input.return,
            trip: await checkTrip({ db: tx, input: input.return, now, timeZone: opts.tzOperator }),
          }
        : null;
      if (back) {
        checkReturnTrip(
          {
            fromId: input.originId,
            toId: input.destinationId,
            travelDate: input.travelDate,
            leaves: trip.passengerDepartureTime,
            arrives: trip.arrivalTime,
          },
          {
            fromId: back.input.originId,
            toId: back.input.destinationId,
            travelDate: back.input.travelDate,
            leaves: back.trip.passengerDepartureTime,
            arrives: back.trip.arrivalTime,
          },
        );
      }
      const journeys = [{ input, trip }, ...(back ? [back] : [])];
      const email = input.passenger.email.trim().toLowerCase();

      // A ticket or another session's live lock keeps the seat, and so does this session's lock
      // taken with another e-mail. Named before any limit is counted: the limits are about what
      // this client could take, and a lost race is not a limit reached.
      for (const j of journeys) {
        await refuseTakenSeats({ db: tx, ...j.input, stretch: j.trip.stretch, session, now, email });
      }

      const holds = journeys.map((j) => ({
        scheduleId: j.input.scheduleId,
        travelDate: j.input.travelDate,
        session,
        clientIp: opts.clientIp,
        email,
        seats: j.input.seats.length,
        stretch: j.trip.stretch,
        now,
        limits: opts.limits,
      }));
      // Each departure's turn in one order for every request (as lockSeats takes them).
      for (const hold of [...holds].sort((a, b) => a.scheduleId.localeCompare(b.scheduleId))) {
        await serialiseHolds({ db: tx, ...hold });
      }
      // A card booking is not the office's to review (docs/decisions/042): it does not count
      // against the bookings an e-mail may have waiting for review.
      const byCard = input.paymentMethod === 'card';
      if (byCard && !opts.card) throw new AppError('card_unavailable', MSG.cardUnavailable, 409);
      if (!byCard) await checkPendingBookings({ db: tx, email, limits: opts.limits });
      for (const hold of holds) await checkHoldLimits({ db: tx, ...hold });

      // Pay later (docs/decisions/040-pay-later.md): the seats are held until the transfer is
      // due, never past the operator's cut-off before the (first) departure, and bookings waiting
      // for transfers never hold more than the operator's share of a departure.
      let dueAt: Date | null = null;
      if (byCard && opts.card) {
        // Held while the payment is open, never longer than one seat hold.
        dueAt = new Date(now.getTime() + opts.card.holdSeconds * 1000);
      } else if (!image) {
        const payLater = await readPayLaterSettings({ db: tx });
        const departs = instantInZone(input.travelDate, trip.passengerDepartureTime, opts.tzOperator);
        dueAt = paymentDueAt(now, departs, payLater);
        if (!dueAt) throw new AppError('pay_later_unavailable', MSG.payLaterUnavailable, 409);
        for (const j of journeys) {
          await checkPayLaterShare({
            db: tx,
            scheduleId: j.input.scheduleId,
            travelDate: j.input.travelDate,
            stretch: j.trip.stretch,
            seats: j.input.seats.length,
            maxSharePercent: payLater.maxSharePercent,
          });
        }
      }

      const settings = await readSettingsRow({ db: tx, table: 'payment' });
      const currency = input.paymentCurrency;
      const account = bankAccountFor(settings, currency);
      if (!account) throw new AppError('payment_details_missing', MSG.paymentDetailsMissing, 409);
      // The pair's prices, from the database alone: a request carries counts, never prices.
      // Each journey at its own pair's fares; a return less the operator's return discount.
      const fares = await readFares({
        db: tx,
        settings,
        pairs: journeys.map((j) => ({ originId: j.input.originId, destinationId: j.input.destinationId })),
      });
      // The categories are the database's: a concession's seat and whether it is sold (decision 036).
      checkParty({ ...input, seats: input.seats.length, concessions: fares.concessions });
      const exchangeRate = fares.exchangeRate;
      const priced = journeys.map((j, i) => {
        const breakdown = buildBreakdown(input.tickets, fares.pairs[i] ?? fares.defaults);
        return { ...j, breakdown, fare: computeTotal(breakdown, currency, exchangeRate) };
      });
      const [outbound] = priced;
      if (!outbound) throw new AppError('invalid_schedule', MSG.invalidSchedule, 400);
      const returned = priced[1];
      const split = returned
        ? splitReturnDiscount(
            toCents(outbound.fare),
            toCents(returned.fare),
            await readReturnDiscount({
              db: tx,
              originId: input.originId,
              destinationId: input.destinationId,
            }),
          )
        : null;
      // Each row holds its journey's share; the two add up to the charge to the cent.
      const amounts = split ? [centsToMoney(split.outbound), centsToMoney(split.back)] : [outbound.fare];
      const totalAmount = split ? centsToMoney(split.outbound + split.back) : outbound.fare;

      const ticketStatus = byCard ? ('awaiting_card' as const) : ('pending' as const);
      const rowOf = (j: (typeof priced)[number], i: number) => (reference: string) => ({
        scheduleId: j.input.scheduleId,
        launchId: j.input.launchId,
        travelDate: j.input.travelDate,
        passengerName: input.passenger.name,
        passengerEmail: input.passenger.email,
        passengerPhone: input.passenger.phone || null,
        passengerCountryCode: input.passenger.countryCode,
        passengerNationality: input.passenger.nationality,
        language,
        ...countByCategory(j.breakdown),
        totalAmount: amounts[i] ?? j.fare,
        currency,
        exchangeRate,
        bankName: account.bank,
        accountHolder: account.holder,
        accountNumber: account.number,
        paymentMethod: byCard ? CARD_ONLINE : PAYMENT_METHOD,
        paymentStatus: 'pending',
        ticketStatus,
        paymentSlipKey: image ? slipKey(reference) : null,
        paymentDueAt: dueAt,
        ticketBreakdown: j.breakdown,
        seatNumbers: j.input.seats,
        userOriginId: j.input.originId,
        userDestinationId: j.input.destinationId,
        passengerDepartureTime: j.trip.passengerDepartureTime,
        clientIp: opts.clientIp,
      });
      // The reference the passenger was shown at the seat lock, perhaps already on a transfer
      // (docs/decisions/039-reference-at-lock.md); a client that never locked gets a fresh one.
      const ticket = await insertTicket({
        db: tx,
        now,
        timeZone: opts.tzOperator,
        row: rowOf(outbound, 0),
        reference: await takeReservedReference({ db: tx, session }),
      });
      const storedSlipKey = ticket.slipKey;
      // A return's way back: the same reference, payment and slip, journey 2 (docs/decisions/037).
      const rows = [{ id: ticket.id, ...outbound }];
      if (returned) {
        const [inserted] = await tx
          .insert(tickets)
          .values({
            ...rowOf(returned, 1)(ticket.reference),
            paymentSlipKey: storedSlipKey,
            paymentReference: ticket.reference,
            journey: 2,
            outboundId: ticket.id,
            createdAt: now,
            updatedAt: now,
          })
          .returning({ id: tickets.id });
        if (!inserted) throw new AppError('reference_exists', MSG.referenceExists, 409);
        rows.push({ id: inserted.id, ...returned });
      }

      for (const row of rows) {
        // The unique index on (schedule, date, launch, seat) decides who gets a contested seat.
        await takeSeats({ db: tx, ticketId: row.id, key: row.input, stretch: row.trip.stretch });

        // Every person of the party, named as sent, else the contact alone (docs/decisions/035).
        await insertPersons(
          tx,
          personRows({
            ticketId: row.id,
            tickets: input.tickets,
            passengers: input.passengers,
            contact: input.passenger,
          }),
        );
      }

      // The ticket holds these seats now (docs/product.md section 10.3), on both departures of a return.
      await releaseSeats({ db: tx, ...input, session });

      // A card booking's passenger is on the gateway's page: their mail is the e-ticket, once paid.
      const payment =
        byCard && opts.card
          ? await openCardPaymentRow({
              db: tx,
              ticketId: ticket.id,
              provider: opts.card.provider,
              amountMinor: Number(toCents(totalAmount)),
              currency,
              holdUntil: dueAt ?? now,
            })
          : null;
      if (!payment)
        await enqueueMail({
          db: tx,
          mail: receivedMail(
            {
              ticketId: ticket.id,
              passengerEmail: input.passenger.email,
              reference: ticket.reference,
              passengerName: input.passenger.name,
              from: { id: input.originId, name: trip.fromName },
              to: { id: input.destinationId, name: trip.toName },
              travelDate: input.travelDate,
              departureTime: trip.passengerDepartureTime.slice(0, 5),
              launchName: trip.launchName,
              seats: input.seats,
              totalAmount,
              currency,
              paymentMethod: PAYMENT_METHOD,
              ...(returned
                ? {
                    returnTrip: {
                      from: { id: returned.input.originId, name: returned.trip.fromName },
                      to: { id: returned.input.destinationId, name: returned.trip.toName },
                      travelDate: returned.input.travelDate,
                      departureTime: returned.trip.passengerDepartureTime.slice(0, 5),
                      launchName: returned.trip.launchName,
                      seats: returned.input.seats,
                    },
                  }
                : {}),
            },
            language,
            dueAt
              ? {
                  date: dateInZone(dueAt, opts.tzOperator),
                  time: timeInZone(dueAt, opts.tzOperator).slice(0, 5),
                }
              : null,
          ),
        });

      for (const row of rows) {
        await announce({ db: tx, event: { kind: 'ticket', data: { type: 'created', ticketId: row.id } } });
      }

      const body: BookingCreated = {
        reference: ticket.reference,
        totalAmount,
        currency,
        ticketStatus,
        paymentStatus: 'pending',
        paymentDueAt: dueAt?.toISOString() ?? null,
        // The gateway's page is asked for after the commit (open-card-payment.ts).
        ...(payment ? { payment: { localId: payment.localId, redirectUrl: '' } } : {}),
        managePath: managePath(ticket.reference, await signManageLink({ db: tx, ticketId: ticket.id, now })),
        journeys: rows.map(
          (row, i): BookingJourney => ({
            journey: i + 1,
            scheduleId: row.input.scheduleId,
            travelDate: row.input.travelDate,
            departureTime: row.trip.passengerDepartureTime.slice(0, 5),
            from: { id: row.input.originId, name: row.trip.fromName, nameDv: row.trip.fromNameDv },
            to: { id: row.input.destinationId, name: row.trip.toName, nameDv: row.trip.toNameDv },
            launchName: row.trip.launchName,
            seats: row.input.seats,
            totalAmount: amounts[i] ?? row.fare,
            ticketStatus,
          }),
        ),
      };
      await tx
        .update(idempotencyRecords)
        .set({ statusCode: 201, response: body })
        .where(
          and(eq(idempotencyRecords.scope, IDEMPOTENCY_SCOPE), eq(idempotencyRecords.key, idempotencyKey)),
        );

      // Last step before commit, so nothing after it can fail except the commit itself.
      if (image && storedSlipKey) {
        await storage.put(storedSlipKey, image.buffer, {
          contentType: image.contentType,
          visibility: 'private',
          overwrite: true,
        });
        storedKey = storedSlipKey;
      }
      return { statusCode: 201, body, replayed: false };
    });
    return outcome;
  } catch (err) {
    if (storedKey) await storage.delete(storedKey, 'private').catch(() => {});
    throw err;
  }
}
