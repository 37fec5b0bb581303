import { and, asc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { paymentSettings, refundRequests, ticketSeats, tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { Currency } from '#shared/constants.ts';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES } from '#shared/constants.ts';
import type { ManageRebookQuote, ManageRebookRequest } from '#shared/manage-api.ts';
import { buildBreakdown, centsToMoney, computeTotal, toCents } from '#shared/money.ts';
import type { TicketBreakdownRow } from '#shared/schemas.ts';
import { refuseTakenSeats, takeSeats } from './check-seats.ts';
import { checkTrip } from './create-booking.ts';
import { type ChangeContext, extraPaymentWaits, notAllowed, type RecordedChange } from './manage-booking.ts';
import { revokeCodes } from './revoke-codes.ts';

type Priced = { breakdown: TicketBreakdownRow[]; totalAmount: string; differenceCents: bigint };

/** A second change while the office checks the last one's payment would overwrite its slip. */
const extraUnderReview = () =>
  new AppError(
    'extra_payment_under_review',
    'The office is still checking your payment for the last change. You can change the departure again once they have.',
    409,
  );
/**
 * A booking keeps two payments at most (docs/decisions/027): a second dearer rebooking would
 * replace the slip the office verified.
 */
const secondExtraPayment = () =>
  new AppError(
    'extra_payment_again',
    'This booking has already been paid for a dearer departure once. To change it to another dearer one, please contact us.',
    409,
  );

/**
 * What the same party costs now, in the booking's currency, and the difference from what the
 * booking cost. After the operator cancelled the departure a rebooking is free: same price.
 */
async function priceOf(
  db: DbOrTx,
  ticket: { ticketBreakdown: TicketBreakdownRow[]; currency: string; totalAmount: string },
  free: boolean,
): Promise<Priced> {
  if (free)
    return { breakdown: ticket.ticketBreakdown, totalAmount: ticket.totalAmount, differenceCents: 0n };
  const [settings] = await db.select().from(paymentSettings).orderBy(asc(paymentSettings.createdAt)).limit(1);
  const breakdown = buildBreakdown(
    ticket.ticketBreakdown.map(({ type, category, quantity }) => ({ type, category, quantity })),
    settings ?? DEFAULT_PRICES,
  );
  const totalAmount = computeTotal(
    breakdown,
    ticket.currency as Currency,
    settings?.exchangeRate ?? DEFAULT_EXCHANGE_RATE,
  );
  return { breakdown, totalAmount, differenceCents: toCents(totalAmount) - toCents(ticket.totalAmount) };
}

export async function quoteRebook(
  db: DbOrTx,
  ticket: {
    ticketBreakdown: TicketBreakdownRow[];
    currency: string;
    totalAmount: string;
    ticketStatus: string;
    extraAmount: string | null;
  },
  free: boolean,
): Promise<ManageRebookQuote> {
  if (!free && extraPaymentWaits(ticket)) throw extraUnderReview();
  const priced = await priceOf(db, ticket, free);
  // Refused before seats are chosen, as the change itself would be.
  if (priced.differenceCents > 0n && ticket.extraAmount !== null) throw secondExtraPayment();
  return {
    totalAmount: priced.totalAmount,
    difference: centsToMoney(priced.differenceCents),
    currency: ticket.currency,
    needsSlip: priced.differenceCents > 0n,
  };
}

/**
 * Moves the booking to another departure of the same From and To (docs/decisions/027), in the
 * change's transaction: the new seats are taken through the same unique index as any booking
 * (a racing passenger loses with 409), the old ones freed, and the e-ticket re-signed. Dearer:
 * the difference is paid with a slip and the booking goes back to the office like a new one,
 * keeping both payments (the first one's amount and state recorded beside the second). Cheaper:
 * the difference joins the refunds queue. After the operator's cancellation: no charge, no
 * policy, and the refund it queued is withdrawn. A booking keeps two payments at most: while the
 * second is under review it is not rebooked again (except for free), and a second dearer
 * rebooking is refused.
 */
export async function rebookBooking(
  { tx, ticket, rules, now }: ChangeContext,
  input: ManageRebookRequest,
  opts: { timeZone: string; storeSlip: (() => Promise<string>) | null },
): Promise<RecordedChange> {
  if (rules.extraUnderReview && !rules.freeRebook) throw extraUnderReview();
  if (!rules.canRebook) throw notAllowed('This booking can no longer be changed here.');
  if (input.scheduleId === ticket.scheduleId && input.travelDate === ticket.travelDate) {
    throw notAllowed('Choose another departure: the booking is already on this one.');
  }
  const party = ticket.adultCount + ticket.childCount;
  if (input.seats.length !== party || new Set(input.seats).size !== party) {
    throw new AppError('validation_error', `Choose ${party} seats, one for each passenger.`, 400, {
      fields: { seats: `Choose ${party} seats` },
    });
  }
  if (!ticket.userOriginId || !ticket.userDestinationId) {
    throw notAllowed('This booking cannot be changed here. Please contact us.');
  }
  const trip = await checkTrip(
    tx,
    { ...input, originId: ticket.userOriginId, destinationId: ticket.userDestinationId },
    { now, timeZone: opts.timeZone },
  );
  // Another passenger's live hold keeps its seats, as it does against any booking.
  await refuseTakenSeats({ db: tx, ...input, session: `manage:${ticket.id}`, now });
  const priced = await priceOf(tx, ticket, rules.freeRebook);
  const dearer = priced.differenceCents > 0n;
  if (dearer && ticket.extraAmount !== null) throw secondExtraPayment();
  if (dearer && !opts.storeSlip) {
    throw new AppError(
      'slip_required',
      `This departure costs ${centsToMoney(priced.differenceCents)} ${ticket.currency} more: attach the payment slip for the difference.`,
      400,
    );
  }

  // The code shown so far no longer boards on the departure the booking leaves.
  await revokeCodes(tx, { ticketIds: [ticket.id], reason: 'rebooked', now });
  await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, ticket.id));
  const status = rules.freeRebook
    ? ticket.paymentStatus === 'completed'
      ? 'confirmed'
      : 'pending'
    : dearer
      ? 'pending'
      : ticket.ticketStatus;
  await tx
    .update(tickets)
    .set({
      scheduleId: input.scheduleId,
      travelDate: input.travelDate,
      launchId: input.launchId,
      seatNumbers: [...input.seats].sort(),
      passengerDepartureTime: trip.passengerDepartureTime,
      ticketBreakdown: priced.breakdown,
      totalAmount: priced.totalAmount,
      ticketStatus: status,
      // The first payment is kept as it was, verified or not, beside the second.
      ...(dearer
        ? {
            paymentStatus: 'pending',
            extraAmount: centsToMoney(priced.differenceCents),
            firstPaymentAmount: ticket.totalAmount,
            firstPaymentVerified: ticket.paymentStatus === 'completed',
          }
        : {}),
      rebookCount: sql`${tickets.rebookCount} + 1`,
      reminderSentAt: null,
      updatedAt: now,
      ...supersedeETicket,
    })
    .where(eq(tickets.id, ticket.id));
  await takeSeats(tx, ticket.id, input);

  if (priced.differenceCents < 0n) {
    await tx
      .insert(refundRequests)
      .values({
        ticketId: ticket.id,
        amount: centsToMoney(-priced.differenceCents),
        currency: ticket.currency,
        reason: 'cheaper_rebooking',
        paymentVerified: ticket.paymentStatus === 'completed',
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [refundRequests.ticketId, refundRequests.reason, refundRequests.paymentVerified],
        targetWhere: sql`${refundRequests.status} = 'requested'`,
        set: { amount: sql`${refundRequests.amount} + excluded.amount` },
      });
  }
  if (rules.freeRebook) {
    await tx
      .delete(refundRequests)
      .where(
        and(
          eq(refundRequests.ticketId, ticket.id),
          eq(refundRequests.reason, 'operator_cancelled'),
          eq(refundRequests.status, 'requested'),
        ),
      );
  }
  // Last, so nothing after it but the commit can fail.
  if (dearer && opts.storeSlip) {
    const key = await opts.storeSlip();
    await tx.update(tickets).set({ extraSlipKey: key }).where(eq(tickets.id, ticket.id));
  }
  return {
    before: {
      scheduleId: ticket.scheduleId,
      travelDate: ticket.travelDate,
      seatNumbers: ticket.seatNumbers,
      totalAmount: ticket.totalAmount,
      ticketStatus: ticket.ticketStatus,
    },
    after: {
      scheduleId: input.scheduleId,
      travelDate: input.travelDate,
      seatNumbers: input.seats,
      totalAmount: priced.totalAmount,
      difference: centsToMoney(priced.differenceCents),
      ticketStatus: status,
    },
    mail: { kind: 'rebook', pending: status === 'pending' },
  };
}
