import { and, asc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client.ts';
import { adminProfiles, counterShifts, paymentSettings, ticketSeats, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';
import type { Clock } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { makeReference, REFERENCE_ATTEMPTS } from '#server/lib/reference.ts';
import { supersedeETicket, type TicketSigner } from '#server/lib/ticket-signing.ts';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES } from '#shared/constants.ts';
import {
  type CounterSale,
  type counterSaleRequestSchema,
  PAYMENT_METHOD_NAMES,
  SELLER_VOID_MINUTES,
} from '#shared/counter.ts';
import { MSG } from '#shared/messages.ts';
import { buildBreakdown, centsToMoney, computeTotal, countByCategory, toCents } from '#shared/money.ts';
import { COUNTER_MSG } from '#shared/staff-messages.ts';
import { refuseTakenSeats, takeSeats } from './check-seats.ts';
import { checkTrip } from './create-booking.ts';
import { readBookingView } from './lookup-booking.ts';
import { eTicketTokenOf, signedCode } from './read-e-ticket.ts';
import { readTicket } from './read-ticket.ts';
import { releaseSeats } from './release-seats.ts';
import { approvedMail } from './ticket-mails.ts';

export type CounterSaleInput = z.output<typeof counterSaleRequestSchema>;

/** The person at the counter: their id, their name for the cash-up, and their session's locks. */
export type Seller = { id: string; name: string; sessionId: string; mayVoidAnySale: boolean };

/** The seat-lock session of a signed-in staff member: their locks belong to their session. */
export const staffLockSession = (sessionId: string) => `staff:${sessionId}`;

const saleNotFound = () => new AppError('sale_not_found', COUNTER_MSG.saleNotFound, 404);

/** The seller's open shift, which every sale and its cash belong to; 409 without one. */
export async function openShiftOf(db: DbOrTx, userId: string): Promise<{ id: string } | undefined> {
  const [shift] = await db
    .select({ id: counterShifts.id })
    .from(counterShifts)
    .where(and(eq(counterShifts.userId, userId), isNull(counterShifts.closedAt)))
    .limit(1);
  return shift;
}

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
      const shift = await openShiftOf(tx, seller.id);
      if (!shift) throw new AppError('shift_required', COUNTER_MSG.shiftRequired, 409);
      const now = clock.now();
      const trip = await checkTrip(tx, input, { now, timeZone: opts.tzOperator, atCounter: true });
      const session = staffLockSession(seller.sessionId);
      await refuseTakenSeats({ db: tx, ...input, session, now });

      const [settings] = await tx
        .select()
        .from(paymentSettings)
        .orderBy(asc(paymentSettings.createdAt))
        .limit(1);
      const prices = settings ?? DEFAULT_PRICES;
      const exchangeRate = settings?.exchangeRate ?? DEFAULT_EXCHANGE_RATE;
      const breakdown = buildBreakdown(input.tickets, prices);
      const totalAmount = computeTotal(breakdown, input.currency, exchangeRate);
      const { payment } = input;
      if (payment.method === 'cash' && toCents(payment.received) < toCents(totalAmount)) {
        throw new AppError('cash_too_little', COUNTER_MSG.cashTooLittle, 422);
      }

      let ticket: { id: string; reference: string } | undefined;
      for (let attempt = 0; attempt < REFERENCE_ATTEMPTS && !ticket; attempt++) {
        const [row] = await tx
          .insert(tickets)
          .values({
            paymentReference: makeReference(now, opts.tzOperator),
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
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing({ target: tickets.paymentReference })
          .returning({ id: tickets.id, reference: tickets.paymentReference });
        ticket = row;
      }
      if (!ticket) throw new AppError('reference_exists', MSG.referenceExists, 409);

      // The same unique index as an online booking decides a contested seat.
      await takeSeats(tx, ticket.id, input);
      await releaseSeats({ db: tx, ...input, session });

      await writeAudit(tx, {
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
      const token = await eTicketTokenOf(tx, ticket.id);
      if (input.passenger.email) {
        const found = opts.signer ? await readBookingView(tx, eq(tickets.id, ticket.id)) : null;
        const code = found && opts.signer ? signedCode(found, opts.signer) : null;
        const view = await readTicket({ db: tx, id: ticket.id });
        await enqueueMail(tx, approvedMail(view, { url: `${opts.eTicketBase}/t/${token}`, code }));
      }
      await announce(tx, { kind: 'ticket', data: { type: 'created', ticketId: ticket.id } });
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

/** Whether `viewer` may void this sale now: its seller within the window, Office or Owner at any time. */
function mayVoid(
  sale: { soldBy: string | null; createdAt: Date; voidedAt: Date | null; boarded: number },
  viewer: Pick<Seller, 'id' | 'mayVoidAnySale'>,
  now: Date,
): 'yes' | 'voided' | 'boarded' | 'too_late' {
  if (sale.voidedAt) return 'voided';
  // Whatever was marked since: a boarding is never undone (#server/lib/boarded-persons.ts).
  if (sale.boarded > 0) return 'boarded';
  if (viewer.mayVoidAnySale) return 'yes';
  const fresh = now.getTime() - sale.createdAt.getTime() <= SELLER_VOID_MINUTES * 60_000;
  return sale.soldBy === viewer.id && fresh ? 'yes' : 'too_late';
}

const seller = alias(adminProfiles, 'seller');
const voider = alias(adminProfiles, 'voider');

async function readSaleRow(db: DbOrTx, ticketId: string) {
  const [row] = await db
    .select({
      id: tickets.id,
      reference: tickets.paymentReference,
      channel: tickets.channel,
      soldBy: tickets.soldBy,
      soldByName: seller.username,
      createdAt: tickets.createdAt,
      paymentMethod: tickets.paymentMethod,
      transferReference: tickets.transferReference,
      totalAmount: tickets.totalAmount,
      currency: tickets.currency,
      amountReceived: tickets.amountReceived,
      passengerEmail: tickets.passengerEmail,
      boarded: boardedPersons,
      voidedAt: tickets.voidedAt,
      voidedByName: voider.username,
      voidReason: tickets.voidReason,
    })
    .from(tickets)
    .leftJoin(seller, eq(seller.userId, tickets.soldBy))
    .leftJoin(voider, eq(voider.userId, tickets.voidedBy))
    .where(eq(tickets.id, ticketId))
    .limit(1);
  if (row?.channel !== 'counter') throw saleNotFound();
  return row;
}

export type ReadCounterSaleOptions = {
  db: DbOrTx;
  clock: Clock;
  ticketId: string;
  signer: TicketSigner | undefined;
  viewer: Pick<Seller, 'id' | 'mayVoidAnySale'>;
};

/** A counter sale as the counter shows and prints it, with its signed e-ticket. */
export async function readCounterSale(opts: ReadCounterSaleOptions): Promise<CounterSale> {
  const row = await readSaleRow(opts.db, opts.ticketId);
  const found = await readBookingView(opts.db, eq(tickets.id, row.id));
  if (!found) throw saleNotFound();
  const code = opts.signer ? signedCode(found, opts.signer) : null;
  const received = row.amountReceived;
  return {
    ticketId: row.id,
    reference: row.reference,
    eTicket: { ...found.view, code },
    paymentMethod: row.paymentMethod,
    transferReference: row.transferReference,
    totalAmount: row.totalAmount,
    currency: row.currency,
    received,
    change: received === null ? null : centsToMoney(toCents(received) - toCents(row.totalAmount)),
    passengerEmail: row.passengerEmail || null,
    soldAt: row.createdAt.toISOString(),
    soldBy: row.soldByName ?? 'Former staff',
    voidable: mayVoid(row, opts.viewer, opts.clock.now()) === 'yes',
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidedBy: row.voidedAt ? (row.voidedByName ?? 'Former staff') : null,
    voidReason: row.voidReason,
  };
}

export type VoidCounterSaleOptions = {
  db: Db;
  clock: Clock;
  ticketId: string;
  reason: string;
  viewer: Pick<Seller, 'id' | 'mayVoidAnySale'>;
  signer: TicketSigner | undefined;
};

/**
 * Voids a counter sale (docs/decisions/025): its seller within SELLER_VOID_MINUTES, Office or
 * Owner later; never once anyone of the party has boarded. The seats are freed, the e-ticket's
 * code is revoked (its version moves on, so a synced boarding device shows the old one red),
 * and the void is audited with its reason. The sale stays in its shift's cash-up as a void.
 */
export async function voidCounterSale(opts: VoidCounterSaleOptions): Promise<CounterSale> {
  const { db, viewer } = opts;
  await db.transaction(async (tx) => {
    // The row lock orders a void against a boarding sync of the same ticket.
    const [locked] = await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(eq(tickets.id, opts.ticketId))
      .for('update');
    if (!locked) throw saleNotFound();
    const row = await readSaleRow(tx, opts.ticketId);
    const now = opts.clock.now();
    const verdict = mayVoid(row, viewer, now);
    if (verdict === 'voided') throw new AppError('already_voided', COUNTER_MSG.alreadyVoided, 409);
    if (verdict === 'boarded') throw new AppError('boarded', COUNTER_MSG.voidBoarded, 409);
    if (verdict === 'too_late') throw new AppError('forbidden', COUNTER_MSG.voidTooLate, 403);
    await tx
      .update(tickets)
      .set({
        ticketStatus: 'voided',
        voidedAt: now,
        voidedBy: viewer.id,
        voidReason: opts.reason,
        updatedAt: now,
        ...supersedeETicket,
      })
      .where(eq(tickets.id, row.id));
    await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, row.id));
    await writeAudit(tx, {
      actorUserId: viewer.id,
      action: 'counter_void',
      entity: 'ticket',
      entityId: row.id,
      before: { ticketStatus: 'confirmed', seller: row.soldByName },
      after: {
        ticketStatus: 'voided',
        reason: opts.reason,
        totalAmount: row.totalAmount,
        currency: row.currency,
      },
    });
    await announce(tx, { kind: 'ticket', data: { type: 'updated', ticketId: row.id } });
  });
  return readCounterSale(opts);
}
