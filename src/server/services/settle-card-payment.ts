import { eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { cardPayments, refundRequests, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { type Clock, instantInZone } from '#server/lib/clock.ts';
import { announceAll } from '#server/lib/live-events.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { GatewayError, type GatewayPayment, type PaymentProvider } from '#server/lib/payments/types.ts';
import { cardNoSeatMail } from '#server/mails/card-no-seat-mail.ts';
import type { CardPaymentState } from '#shared/card-payments.ts';
import { centsToMoney } from '#shared/money.ts';
import { approveBookings } from './approve-bookings.ts';
import { lockBookingRows } from './lock-booking-rows.ts';
import { readRouteStops, stopPositions } from './read-route-stops.ts';
import { readTicket } from './read-ticket.ts';
import { takeSeats } from './take-seats.ts';

/** What the office reads on a card booking released unpaid (sweep-card-payments.ts). */
export const CARD_RELEASED_REMARK = 'Released: the card payment was not made before the seats were released.';
/** What the office reads on a card booking paid after its seats were released and taken. */
export const PAID_NO_SEAT_REMARK = 'Paid by card after its seats were released and taken: paid, no seat.';

export type SettleCardPaymentOptions = {
  db: Db;
  provider: PaymentProvider;
  clock: Clock;
  tzOperator: string;
  /** The payment, by the gateway's id (a callback) or ours (the return page, the sweep). */
  by: { transactionId: string } | { localId: string };
  /** Who asked: recorded in the audit. */
  source: 'callback' | 'return' | 'sweep';
  /** Leave the gateway alone when it was asked about this payment within this many ms. */
  askedWithin?: number;
};

type Row = typeof cardPayments.$inferSelect;

/**
 * Asks the gateway about an open card payment and applies its answer (docs/decisions/042). The
 * gateway's word comes from its API, never from a request's body; it is applied under a lock of
 * the payment's row, so a callback twice, or a callback and the passenger's return at once,
 * confirm the booking once. A paid amount or currency other than the booking's is audited and
 * never confirms. A payment that comes after its seats were released takes them back when they
 * are still free; otherwise it is owed back in full ("paid, no seat") and the passenger told.
 * Null for a payment we never opened; a payment no longer open is left as it is.
 */
export async function settleCardPayment(
  opts: SettleCardPaymentOptions,
): Promise<{ state: CardPaymentState } | null> {
  const { db, provider } = opts;
  const [row] = await db
    .select()
    .from(cardPayments)
    .where(
      'transactionId' in opts.by
        ? eq(cardPayments.transactionId, opts.by.transactionId)
        : eq(cardPayments.localId, opts.by.localId),
    );
  if (!row || row.provider !== provider.name) return null;
  if (row.state !== 'open' || !row.transactionId) return { state: row.state as CardPaymentState };
  const asked = row.checkedAt?.getTime();
  if (opts.askedWithin && asked && opts.clock.now().getTime() - asked < opts.askedWithin)
    return { state: 'open' };

  let gateway: GatewayPayment;
  try {
    gateway = await provider.read(row.transactionId);
  } catch (err) {
    // Asked again by the next callback, return or sweep.
    if (err instanceof GatewayError) return { state: 'open' };
    throw err;
  }
  const now = opts.clock.now();
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(cardPayments).where(eq(cardPayments.id, row.id)).for('update');
    if (locked?.state !== 'open') return { state: (locked?.state ?? row.state) as CardPaymentState };
    const settle = (state: CardPaymentState) =>
      tx
        .update(cardPayments)
        .set({
          state,
          checkedAt: now,
          updatedAt: now,
          ...(state === 'open' || state === 'declined' ? {} : { paidAt: now }),
        })
        .where(eq(cardPayments.id, locked.id));
    const audit = (action: string, after: Record<string, unknown>) =>
      writeAudit({
        db: tx,
        actorUserId: null,
        action,
        entity: 'card_payment',
        entityId: locked.id,
        before: { state: 'open' },
        after: { ...after, transactionId: locked.transactionId, source: opts.source },
      });

    if (gateway.state === 'open') {
      await settle('open');
      return { state: 'open' };
    }
    if (gateway.state === 'declined') {
      await settle('declined');
      await audit('card_declined', { state: 'declined' });
      await announceAll({
        db: tx,
        events: [{ kind: 'ticket', data: { type: 'updated', ticketId: locked.ticketId } }],
      });
      return { state: 'declined' };
    }
    if (gateway.amountMinor !== locked.amountMinor || gateway.currency !== locked.currency) {
      await settle('mismatch');
      await audit('card_mismatch', {
        state: 'mismatch',
        expected: { amountMinor: locked.amountMinor, currency: locked.currency },
        paid: { amountMinor: gateway.amountMinor, currency: gateway.currency },
      });
      return { state: 'mismatch' };
    }
    return confirmPaid(tx, locked, { ...opts, now, audit, settle });
  });
}

async function confirmPaid(
  tx: Tx,
  payment: Row,
  opts: SettleCardPaymentOptions & {
    now: Date;
    audit: (action: string, after: Record<string, unknown>) => Promise<void>;
    settle: (state: CardPaymentState) => Promise<unknown>;
  },
): Promise<{ state: CardPaymentState }> {
  const rows = await lockBookingRows({ db: tx, ticketIds: [payment.ticketId] });
  const main = rows.find((r) => r.id === payment.ticketId);
  if (!main) return { state: 'open' };
  const ids = rows.map((r) => r.id);
  const note = { cardTransactionId: payment.transactionId };

  // Paid after the sweep released it: its seats back, when every one is still free and the
  // departure has not left.
  if (main.ticketStatus === 'cancelled' && main.remarks === CARD_RELEASED_REMARK) {
    const back = await retakeSeats(tx, rows, opts);
    if (back) {
      await tx
        .update(tickets)
        .set({ ticketStatus: 'awaiting_card', paymentStatus: 'pending', remarks: null, updatedAt: opts.now })
        .where(inArray(tickets.id, ids));
      main.ticketStatus = 'awaiting_card';
    }
  }

  if (main.ticketStatus === 'awaiting_card') {
    await approveBookings({
      db: tx,
      clock: { now: () => opts.now },
      actorUserId: null,
      ticketIds: [main.id],
      paidByCard: true,
      auditNote: () => note,
    });
    await opts.settle('paid');
    await opts.audit('card_paid', { state: 'paid' });
    return { state: 'paid' };
  }

  // Paid, no seat: the whole payment is owed back, through the refunds queue.
  const released = main.ticketStatus === 'cancelled' && main.remarks === CARD_RELEASED_REMARK;
  if (released) {
    await tx
      .update(tickets)
      .set({
        ticketStatus: 'cancelled_by_operator',
        paymentStatus: 'completed',
        remarks: PAID_NO_SEAT_REMARK,
        updatedAt: opts.now,
      })
      .where(inArray(tickets.id, ids));
  }
  await tx
    .insert(refundRequests)
    .values(
      (released ? rows : [main]).map((r) => ({
        ticketId: r.id,
        amount: released ? r.totalAmount : centsToMoney(BigInt(payment.amountMinor)),
        currency: payment.currency,
        reason: 'paid_no_seat',
        paymentVerified: true,
      })),
    )
    .onConflictDoNothing();
  await opts.settle('paid_no_seat');
  await opts.audit('card_paid_no_seat', { state: 'paid_no_seat', ticketStatus: main.ticketStatus });
  await enqueueMail({ db: tx, mail: cardNoSeatMail(await readTicket({ db: tx, id: main.id })) });
  await announceAll({
    db: tx,
    events: ids.map((id) => ({ kind: 'ticket', data: { type: 'updated', ticketId: id } })),
  });
  return { state: 'paid_no_seat' };
}

/** Takes a released booking's seats again, all or none (a savepoint), unless a departure has left. */
async function retakeSeats(
  tx: Tx,
  rows: Array<typeof tickets.$inferSelect>,
  opts: { now: Date; tzOperator: string },
): Promise<boolean> {
  for (const r of rows) {
    const departs = instantInZone(r.travelDate, r.passengerDepartureTime ?? '00:00:00', opts.tzOperator);
    if (departs.getTime() <= opts.now.getTime()) return false;
  }
  try {
    await tx.transaction(async (sp) => {
      for (const r of rows) {
        const stops = await readRouteStops({ db: sp, scheduleId: r.scheduleId });
        await takeSeats({
          db: sp,
          ticketId: r.id,
          key: {
            scheduleId: r.scheduleId,
            travelDate: r.travelDate,
            launchId: r.launchId,
            seats: r.seatNumbers,
          },
          stretch: stopPositions(stops, r),
        });
      }
    });
    return true;
  } catch {
    return false;
  }
}
