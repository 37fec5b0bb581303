import { and, eq, sql } from 'drizzle-orm';
import { refundRequests, ticketSeats, tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { extraUnderReview, notAllowed, secondExtraPayment } from '#server/lib/manage-errors.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { ManageRebookRequest } from '#shared/manage-api.ts';
import { centsToMoney } from '#shared/money.ts';
import { checkTrip } from './check-trip.ts';
import { priceRebooking } from './price-rebooking.ts';
import { refuseTakenSeats } from './refuse-taken-seats.ts';
import { revokeCodes } from './revoke-codes.ts';
import type { ChangeContext, RecordedChange } from './run-change.ts';
import { takeSeats } from './take-seats.ts';

export type RebookBookingOptions = ChangeContext & {
  input: ManageRebookRequest;
  timeZone: string;
  storeSlip: (() => Promise<string>) | null;
};

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
export async function rebookBooking(opts: RebookBookingOptions): Promise<RecordedChange> {
  const { tx, ticket, rules, now, input } = opts;
  if (rules.extraUnderReview && !rules.freeRebook) throw extraUnderReview();
  if (!rules.canRebook) throw notAllowed('This booking can no longer be changed here.');
  if (input.scheduleId === ticket.scheduleId && input.travelDate === ticket.travelDate) {
    throw notAllowed('Choose another departure: the booking is already on this one.');
  }
  // As many seats as the booking holds: its seated persons, concessions with a seat included (decision 036).
  const party = ticket.seatNumbers.length;
  if (input.seats.length !== party || new Set(input.seats).size !== party) {
    throw new AppError('validation_error', `Choose ${party} seats, one for each passenger.`, 400, {
      fields: { seats: `Choose ${party} seats` },
    });
  }
  if (!ticket.userOriginId || !ticket.userDestinationId) {
    throw notAllowed('This booking cannot be changed here. Please contact us.');
  }
  const trip = await checkTrip({
    db: tx,
    input: { ...input, originId: ticket.userOriginId, destinationId: ticket.userDestinationId },
    now,
    timeZone: opts.timeZone,
  });
  // Another passenger's live hold keeps its seats, as it does against any booking.
  await refuseTakenSeats({ db: tx, ...input, stretch: trip.stretch, session: `manage:${ticket.id}`, now });
  const priced = await priceRebooking({ db: tx, ticket, free: rules.freeRebook });
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
  await revokeCodes({ db: tx, ticketIds: [ticket.id], reason: 'rebooked', now });
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
  await takeSeats({ db: tx, ticketId: ticket.id, key: input, stretch: trip.stretch });

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
