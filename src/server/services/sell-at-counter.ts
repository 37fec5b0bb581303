import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { type Seller, staffLockSession } from '#server/lib/counter-seller.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { insertPersons, personRows } from '#server/lib/persons.ts';
import type { TicketSigner } from '#server/lib/ticket-signing.ts';
import { approvedMail } from '#server/mails/approved-mail.ts';
import { type CounterSale, type counterSaleRequestSchema, PAYMENT_METHOD_NAMES } from '#shared/counter.ts';
import { COUNTER_MSG } from '#shared/messages/staff.ts';
import { buildBreakdown, computeTotal, countByCategory, toCents } from '#shared/money.ts';
import { checkParty } from './check-party.ts';
import { checkTrip } from './check-trip.ts';
import { eTicketTokenOf } from './e-ticket-token-of.ts';
import { insertTicket } from './insert-ticket.ts';
import { openShiftOf } from './open-shift-of.ts';
import { readBookingView } from './read-booking-view.ts';
import { readCounterSale } from './read-counter-sale.ts';
import { signedCode } from './read-e-ticket.ts';
import { firstPair, readFares } from './read-fares.ts';
import { readTicket } from './read-ticket.ts';
import { refuseTakenSeats } from './refuse-taken-seats.ts';
import { releaseSeats } from './release-seats.ts';
import { takeSeats } from './take-seats.ts';

export type CounterSaleInput = z.output<typeof counterSaleRequestSchema>;

export type SellAtCounterOptions = {
  db: Db;
  clock: Clock;
  tzOperator: string;
  seller: Seller;
  input: CounterSaleInput;
  signer: TicketSigner | undefined;
  eTicketBase: string;
};

/**
 * A sale at the counter (docs/decisions/025): confirmed and paid at once, with no slip, in the
 * seller's open shift. One transaction takes the seats under the same unique index as an online
 * booking (so the two can never both win a seat), releases the seller's locks, signs the
 * e-ticket, queues its mail when an address was given, writes the audit entry and tells the
 * open screens. The same `saleId` sent again answers with the sale it made.
 */
export async function sellAtCounter(
  opts: SellAtCounterOptions,
): Promise<{ created: boolean; sale: CounterSale }> {
  const { db, clock, seller, input } = opts;
  const earlier = await saleById(db, input.saleId);
  if (earlier) return { created: false, sale: await replay(opts, earlier) };

  try {
    const ticketId = await db.transaction(async (tx) => {
      const shift = await openShiftOf({ db: tx, userId: seller.id });
      if (!shift) throw new AppError('shift_required', COUNTER_MSG.shiftRequired, 409);
      const now = clock.now();
      const trip = await checkTrip({ db: tx, input, now, timeZone: opts.tzOperator, atCounter: true });
      const session = staffLockSession(seller.sessionId);
      await refuseTakenSeats({ db: tx, ...input, stretch: trip.stretch, session, now });

      // The sale's From -> To prices (docs/decisions/033); the request carries counts, never prices.
      const fares = await readFares({
        db: tx,
        pairs: [{ originId: input.originId, destinationId: input.destinationId }],
      });
      // The categories are the database's: a concession's seat and whether it is sold (decision 036).
      checkParty({ ...input, seats: input.seats.length, concessions: fares.concessions });
      const exchangeRate = fares.exchangeRate;
      const breakdown = buildBreakdown(input.tickets, firstPair(fares));
      const totalAmount = computeTotal(breakdown, input.currency, exchangeRate);
      const { payment } = input;
      if (payment.method === 'cash' && toCents(payment.received) < toCents(totalAmount)) {
        throw new AppError('cash_too_little', COUNTER_MSG.cashTooLittle, 422);
      }

      const ticket = await insertTicket({
        db: tx,
        now,
        timeZone: opts.tzOperator,
        row: () => ({
          scheduleId: input.scheduleId,
          launchId: input.launchId,
          travelDate: input.travelDate,
          passengerName: input.passenger.name,
          // The column is required for online bookings; a counter passenger may give none.
          passengerEmail: input.passenger.email ?? '',
          passengerPhone: input.passenger.phone || null,
          passengerCountryCode: input.passenger.countryCode,
          passengerNationality: input.passenger.nationality,
          language: input.language,
          ...countByCategory(breakdown),
          totalAmount,
          currency: input.currency,
          exchangeRate,
          paymentMethod: PAYMENT_METHOD_NAMES[payment.method],
          paymentStatus: 'completed',
          ticketStatus: 'confirmed',
          ticketBreakdown: breakdown,
          seatNumbers: input.seats,
          userOriginId: input.originId,
          userDestinationId: input.destinationId,
          passengerDepartureTime: trip.passengerDepartureTime,
          approvedAt: now,
          channel: 'counter',
          soldBy: seller.id,
          shiftId: shift.id,
          saleId: input.saleId,
          amountReceived: payment.method === 'cash' ? payment.received : null,
          transferReference: payment.method === 'bank_transfer' ? payment.reference : null,
        }),
      });

      // The same unique index as an online booking decides a contested seat.
      await takeSeats({ db: tx, ticketId: ticket.id, key: input, stretch: trip.stretch });
      await insertPersons(
        tx,
        personRows({
          ticketId: ticket.id,
          tickets: input.tickets,
          passengers: input.passengers,
          contact: input.passenger,
        }),
      );
      await releaseSeats({ db: tx, ...input, session });

      await writeAudit({
        db: tx,
        actorUserId: seller.id,
        action: 'counter_sale',
        entity: 'ticket',
        entityId: ticket.id,
        after: {
          reference: ticket.reference,
          seller: seller.name,
          seats: input.seats,
          totalAmount,
          currency: input.currency,
          paymentMethod: PAYMENT_METHOD_NAMES[payment.method],
        },
      });
      const token = await eTicketTokenOf({ db: tx, ticketId: ticket.id });
      if (input.passenger.email) {
        const found = opts.signer
          ? await readBookingView({ db: tx, where: eq(tickets.id, ticket.id) })
          : null;
        const code = found && opts.signer ? signedCode(found, opts.signer) : null;
        const view = await readTicket({ db: tx, id: ticket.id });
        await enqueueMail({
          db: tx,
          mail: approvedMail(view, { url: `${opts.eTicketBase}/t/${token}`, code }),
        });
      }
      await announce({ db: tx, event: { kind: 'ticket', data: { type: 'created', ticketId: ticket.id } } });
      return ticket.id;
    });
    return { created: true, sale: await readCounterSale({ ...opts, ticketId, viewer: seller }) };
  } catch (err) {
    // Two submits of one sale at once: the loser answers with the winner's sale, however it
    // lost (the sale id's unique index, or the seats the winner took after the first check).
    const winner = await saleById(db, input.saleId);
    if (winner) return { created: false, sale: await replay(opts, winner) };
    throw err;
  }
}

async function saleById(db: DbOrTx, saleId: string) {
  const [row] = await db
    .select({
      id: tickets.id,
      soldBy: tickets.soldBy,
      scheduleId: tickets.scheduleId,
      seats: tickets.seatNumbers,
    })
    .from(tickets)
    .where(eq(tickets.saleId, saleId))
    .limit(1);
  return row;
}

/** The sale an earlier submit made, when it is the same sale by the same person. */
async function replay(
  opts: { db: Db; clock: Clock; seller: Seller; input: CounterSaleInput; signer: TicketSigner | undefined },
  earlier: NonNullable<Awaited<ReturnType<typeof saleById>>>,
): Promise<CounterSale> {
  const same =
    earlier.soldBy === opts.seller.id &&
    earlier.scheduleId === opts.input.scheduleId &&
    [...earlier.seats].sort().join() === [...opts.input.seats].sort().join();
  if (!same) throw new AppError('sale_id_reused', COUNTER_MSG.saleIdReused, 422);
  return readCounterSale({ ...opts, ticketId: earlier.id, viewer: opts.seller });
}
