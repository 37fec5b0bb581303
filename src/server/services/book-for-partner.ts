import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { partners, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { type Clock, dateInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { allotmentSession } from '#server/lib/partner-seats.ts';
import { insertPersons, personRows } from '#server/lib/persons.ts';
import type { TicketSigner } from '#server/lib/ticket-signing.ts';
import { approvedMail } from '#server/mails/approved-mail.ts';
import { buildBreakdown, centsToMoney, computeTotal, countByCategory, toCents } from '#shared/money.ts';
import {
  commissionCents,
  type PartnerAccount,
  type PartnerBooking,
  type partnerBookingRequestSchema,
} from '#shared/partners.ts';
import { checkParty } from './check-party.ts';
import { checkTrip } from './check-trip.ts';
import { eTicketTokenOf } from './e-ticket-token-of.ts';
import { insertTicket } from './insert-ticket.ts';
import { listPartnerBookings } from './list-partner-bookings.ts';
import { partnerColumns, partnerOf } from './partner-columns.ts';
import { readBookingView } from './read-booking-view.ts';
import { signedCode } from './read-e-ticket.ts';
import { firstPair, readFares } from './read-fares.ts';
import { readTicket } from './read-ticket.ts';
import { refuseTakenSeats } from './refuse-taken-seats.ts';
import { releaseSeats } from './release-seats.ts';
import { takeSeats } from './take-seats.ts';

export type PartnerBookingInput = z.output<typeof partnerBookingRequestSchema>;

export type BookForPartnerOptions = {
  db: Db;
  clock: Clock;
  tzOperator: string;
  account: PartnerAccount;
  input: PartnerBookingInput;
  signer: TicketSigner | undefined;
  eTicketBase: string;
};

/** 409 `credit_limit`: the booking would take the balance past the limit; says what is left. */
const creditLimit = (left: bigint, currency: string) =>
  new AppError(
    'credit_limit',
    `This booking would take the account over its credit limit: ${centsToMoney(left > 0n ? left : 0n)} ${currency} is left`,
    409,
    { details: { creditLeft: centsToMoney(left > 0n ? left : 0n), currency } },
  );

/**
 * A party booked on a partner's account (docs/decisions/043-partner-accounts.md): confirmed at
 * once, with no code and no slip. Priced by the server as online (the pair's fares, the day's
 * exchange rate into the partner's currency), less the partner's commission. The partner's row
 * is locked first, so two bookings at once never pass the credit limit together; the seats are
 * taken under the same unique index as every other sale, the partner's allotment counting as
 * its own. The e-ticket goes to the partner and to every guest who gave an address. The same
 * `saleId` sent again answers with the booking it made.
 */
export async function bookForPartner(
  opts: BookForPartnerOptions,
): Promise<{ created: boolean; booking: PartnerBooking }> {
  const { db, clock, account, input } = opts;
  const earlier = await bookingBySaleId(db, input.saleId);
  if (earlier) return { created: false, booking: await replay(opts, earlier) };

  try {
    const ticketId = await db.transaction(async (tx) => {
      // The row locked first, then its balance read in a statement of its own: a statement that
      // waited for the lock would still see the sums as they were when it began.
      await tx
        .select({ id: partners.id })
        .from(partners)
        .where(eq(partners.id, account.partnerId))
        .for('update');
      const [row] = await tx
        .select(partnerColumns(dateInZone(clock.now(), opts.tzOperator)))
        .from(partners)
        .where(eq(partners.id, account.partnerId));
      const partner = row ? partnerOf(row) : null;
      if (!partner?.active) throw new AppError('not_partner', 'This partner account is not active', 403);
      const { currency } = partner;
      const now = clock.now();
      const trip = await checkTrip({ db: tx, input, now, timeZone: opts.tzOperator });
      const session = allotmentSession(partner.id);
      await refuseTakenSeats({ db: tx, ...input, stretch: trip.stretch, session, now });

      const fares = await readFares({
        db: tx,
        pairs: [{ originId: input.originId, destinationId: input.destinationId }],
      });
      checkParty({ ...input, seats: input.seats.length, concessions: fares.concessions });
      const breakdown = buildBreakdown(input.tickets, firstPair(fares));
      const publicCents = toCents(computeTotal(breakdown, currency, fares.exchangeRate));
      const commission = commissionCents(publicCents, partner.commissionPercent);
      const net = publicCents - commission;

      const left = toCents(partner.creditLimit) - toCents(partner.balance);
      if (net > left) throw creditLimit(left, currency);

      const contact = input.passengers[0];
      if (!contact) throw new AppError('validation_error', 'Name every guest', 400);
      const ticket = await insertTicket({
        db: tx,
        now,
        timeZone: opts.tzOperator,
        row: () => ({
          scheduleId: input.scheduleId,
          launchId: input.launchId,
          travelDate: input.travelDate,
          passengerName: contact.name,
          // The partner hears of its bookings; a guest's own address gets a copy of the e-ticket.
          passengerEmail: partner.contactEmail,
          passengerNationality: contact.nationality,
          language: input.language,
          ...countByCategory(breakdown),
          totalAmount: centsToMoney(net),
          publicAmount: centsToMoney(publicCents),
          commissionAmount: centsToMoney(commission),
          currency,
          exchangeRate: fares.exchangeRate,
          paymentMethod: 'On Account',
          paymentStatus: 'completed',
          ticketStatus: 'confirmed',
          ticketBreakdown: breakdown,
          seatNumbers: input.seats,
          userOriginId: input.originId,
          userDestinationId: input.destinationId,
          passengerDepartureTime: trip.passengerDepartureTime,
          approvedAt: now,
          channel: 'partner',
          partnerId: partner.id,
          soldBy: account.userId,
          saleId: input.saleId,
        }),
      });

      await takeSeats({ db: tx, ticketId: ticket.id, key: input, stretch: trip.stretch });
      // The allotment's hold on the seats just booked ends with the booking.
      await releaseSeats({ db: tx, ...input, session });
      await insertPersons(
        tx,
        personRows({ ticketId: ticket.id, tickets: input.tickets, passengers: input.passengers, contact }),
      );
      await writeAudit({
        db: tx,
        actorUserId: account.userId,
        action: 'partner_booking',
        entity: 'ticket',
        entityId: ticket.id,
        after: {
          reference: ticket.reference,
          partner: partner.name,
          seats: input.seats,
          guests: input.passengers.length,
          publicAmount: centsToMoney(publicCents),
          commissionAmount: centsToMoney(commission),
          totalAmount: centsToMoney(net),
          currency,
        },
      });

      const token = await eTicketTokenOf({ db: tx, ticketId: ticket.id });
      const found = opts.signer ? await readBookingView({ db: tx, where: eq(tickets.id, ticket.id) }) : null;
      const code = found && opts.signer ? signedCode(found, opts.signer) : null;
      const view = await readTicket({ db: tx, id: ticket.id });
      const eTicket = { url: `${opts.eTicketBase}/t/${token}`, code };
      const guests = new Set(
        input.passengers
          .map((p) => p.email?.trim().toLowerCase() ?? '')
          .filter((e) => e !== '' && e !== partner.contactEmail.toLowerCase()),
      );
      for (const to of [partner.contactEmail, ...guests]) {
        await enqueueMail({ db: tx, mail: approvedMail({ ...view, passengerEmail: to }, eTicket) });
      }
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'created', ticketId: ticket.id } } });
      return ticket.id;
    });
    return { created: true, booking: await readOne(opts, ticketId) };
  } catch (err) {
    // Two submits of one booking at once: the loser answers with the winner's booking.
    const winner = await bookingBySaleId(db, input.saleId);
    if (winner) return { created: false, booking: await replay(opts, winner) };
    throw err;
  }
}

async function bookingBySaleId(db: DbOrTx, saleId: string) {
  const [row] = await db
    .select({
      id: tickets.id,
      partnerId: tickets.partnerId,
      scheduleId: tickets.scheduleId,
      seats: tickets.seatNumbers,
    })
    .from(tickets)
    .where(eq(tickets.saleId, saleId))
    .limit(1);
  return row;
}

async function readOne(opts: BookForPartnerOptions, ticketId: string): Promise<PartnerBooking> {
  // Until when it may be cancelled follows the partner's own cancel hours, as its list says.
  const [partner] = await opts.db
    .select({ cancelHours: partners.cancelHours })
    .from(partners)
    .where(eq(partners.id, opts.account.partnerId));
  const [booking] = await listPartnerBookings({
    db: opts.db,
    partnerId: opts.account.partnerId,
    ticketId,
    now: opts.clock.now(),
    timeZone: opts.tzOperator,
    eTicketBase: opts.eTicketBase,
    cancelHours: partner?.cancelHours ?? 24,
  });
  if (!booking) throw new Error('partner booking not found after insert');
  return booking;
}

/** The booking an earlier submit made, when it is the same booking by the same partner. */
async function replay(
  opts: BookForPartnerOptions,
  earlier: NonNullable<Awaited<ReturnType<typeof bookingBySaleId>>>,
): Promise<PartnerBooking> {
  const same =
    earlier.partnerId === opts.account.partnerId &&
    earlier.scheduleId === opts.input.scheduleId &&
    [...earlier.seats].sort().join() === [...opts.input.seats].sort().join();
  if (!same) throw new AppError('sale_id_reused', 'This booking was already sent with other details', 422);
  return readOne(opts, earlier.id);
}
