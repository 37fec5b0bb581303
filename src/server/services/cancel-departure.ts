import { and, eq, inArray } from 'drizzle-orm';
import type { Db, DbOrTx } from '#server/db/client.ts';
import {
  disruptions,
  refundRequests,
  schedules,
  seatLocks,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import type { Clock } from '#server/lib/clock.ts';
import { hhmm } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { AdminTicket } from '#shared/admin-api.ts';
import type { CancelPreview, CancelReason } from '#shared/disruptions.ts';
import { MSG } from '#shared/messages.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { listTicketsWhere } from './list-tickets-where.ts';
import { type Notifier, notifyPassenger } from './notify-passengers.ts';
import { sampleNotices } from './sample-notices.ts';
import { refundParts } from './split-refund.ts';

/** The bookings a disruption reaches: those still to travel (pending and confirmed). */
const ACTIVE = ['pending', 'confirmed'];

const notCancellable = (message: string) => new AppError('departure_not_cancellable', message, 409);

/** A schedule's row, locked in a transaction when `lock` is set; 404 when it is gone. */
async function readSchedule(db: DbOrTx, scheduleId: string, lock = false) {
  const query = db.select().from(schedules).where(eq(schedules.id, scheduleId));
  const [row] = lock ? await query.for('update') : await query;
  if (!row || row.archivedAt) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
  return row;
}

/** A booking a disruption reaches, as its preview and the office's call list show it. */
export const affectedPassenger = (t: AdminTicket): CancelPreview['passengers'][number] => ({
  ticketId: t.id,
  reference: t.reference,
  name: t.passengerName,
  status: t.ticketStatus,
  channel: t.channel,
  persons: t.adultCount + t.childCount,
  email: t.passengerEmail.trim() || null,
  phone: t.passengerPhone,
  totalAmount: t.totalAmount,
  currency: t.currency,
  paid: t.paymentStatus === 'completed',
});

function previewOf(
  schedule: typeof schedules.$inferSelect,
  affected: AdminTicket[],
  messages: CancelPreview['messages'] = [],
): CancelPreview {
  const passengers = affected.map(affectedPassenger);
  const sums = new Map<string, { count: number; cents: bigint }>();
  for (const p of passengers) {
    const sum = sums.get(p.currency) ?? { count: 0, cents: 0n };
    sums.set(p.currency, { count: sum.count + 1, cents: sum.cents + toCents(p.totalAmount) });
  }
  return {
    scheduleId: schedule.id,
    travelDate: schedule.travelDate,
    departureTime: hhmm(schedule.departureTime) ?? '',
    passengers,
    mails: passengers.filter((p) => p.email).length,
    callList: passengers.filter((p) => !p.email),
    refunds: [...sums].map(([currency, s]) => ({ currency, count: s.count, amount: centsToMoney(s.cents) })),
    messages,
  };
}

/** The notices a cancel sends its passengers: also the preview's sample messages. */
const cancelNotices = (affected: AdminTicket[], reason: CancelReason, note: string | null) =>
  affected.map((ticket) => ({ kind: 'departure_cancelled' as const, ticket, reason, note }));

const activeOn = (scheduleId: string) =>
  and(eq(tickets.scheduleId, scheduleId), inArray(tickets.ticketStatus, ACTIVE));

/**
 * The operator's cancel path for bookings (a cancelled departure, or bookings a move cannot
 * carry over): `cancelled_by_operator`, seats freed, e-ticket code revoked, a full refund
 * requested, and the passenger told. In the caller's transaction.
 */
export async function cancelBookings(
  tx: DbOrTx,
  opts: {
    affected: AdminTicket[];
    disruptionId: string | null;
    reason: CancelReason;
    note: string | null;
    now: Date;
    notifiers?: readonly Notifier[] | undefined;
  },
): Promise<void> {
  const ids = opts.affected.map((t) => t.id);
  if (ids.length === 0) return;
  await tx
    .update(tickets)
    .set({ ticketStatus: 'cancelled_by_operator', updatedAt: opts.now, ...supersedeETicket })
    .where(inArray(tickets.id, ids));
  await tx.delete(ticketSeats).where(inArray(ticketSeats.ticketId, ids));
  // The whole fare back; while a dearer rebooking's second payment is under review, its part
  // and the verified first payment's part are owed apart (docs/decisions/027).
  const requests = opts.affected.flatMap((t) =>
    refundParts(
      {
        totalAmount: t.totalAmount,
        paymentStatus: t.paymentStatus,
        firstPaymentAmount: t.extraPayment?.firstAmount ?? null,
        firstPaymentVerified: t.extraPayment?.firstVerified ?? null,
      },
      toCents(t.totalAmount),
      100,
    ).map((part) => ({
      ticketId: t.id,
      amount: centsToMoney(part.cents),
      currency: t.currency,
      reason: 'operator_cancelled',
      paymentVerified: part.paymentVerified,
      disruptionId: opts.disruptionId,
      createdAt: opts.now,
    })),
  );
  if (requests.length > 0) await tx.insert(refundRequests).values(requests).onConflictDoNothing();
  for (const notice of cancelNotices(opts.affected, opts.reason, opts.note)) {
    await notifyPassenger(tx, notice, opts.notifiers);
  }
}

export type PreviewCancellationOptions = {
  db: DbOrTx;
  scheduleId: string;
  reason?: CancelReason | undefined;
  note?: string | undefined;
};

/**
 * What cancelling the departure would do, before anything is committed: the passengers, the
 * notices, the counter passengers to call, the refunds, and (once a reason is given) the message
 * of each language, as the cancel would write it.
 */
export async function previewCancellation(opts: PreviewCancellationOptions): Promise<CancelPreview> {
  const schedule = await readSchedule(opts.db, opts.scheduleId);
  const affected = await listTicketsWhere({ db: opts.db, where: activeOn(schedule.id) });
  const messages = opts.reason
    ? await sampleNotices(opts.db, cancelNotices(affected, opts.reason, opts.note?.trim() || null))
    : [];
  return previewOf(schedule, affected, messages);
}

export type CancelDepartureOptions = {
  db: Db;
  clock: Clock;
  scheduleId: string;
  reason: CancelReason;
  note?: string | undefined;
  actorUserId: string;
  notifiers?: readonly Notifier[];
};

/**
 * Cancels a departure (docs/decisions/026), in one transaction: the schedule stops being offered
 * (search, seat map, locks, bookings and the counter all refuse it), every active booking
 * becomes `cancelled_by_operator` with its seats freed and its e-ticket code revoked, each gets
 * a full refund request whatever the passenger cancellation policy, each passenger is told by
 * every channel that reaches them, and the disruption is recorded and audited.
 */
export async function cancelDeparture(opts: CancelDepartureOptions): Promise<CancelPreview> {
  const note = opts.note?.trim() || null;
  return opts.db.transaction(async (tx) => {
    // The row lock orders the cancel after a booking or a counter sale in flight on this trip
    // (they read the schedule in their own transaction) and before any that comes after.
    const schedule = await readSchedule(tx, opts.scheduleId, true);
    if (schedule.status === 'cancelled') throw notCancellable('This departure is already cancelled');
    if (schedule.status === 'completed') throw notCancellable('A completed departure cannot be cancelled');
    const now = opts.clock.now();
    await tx.update(schedules).set({ status: 'cancelled' }).where(eq(schedules.id, schedule.id));

    const affected = await listTicketsWhere({ db: tx, where: activeOn(schedule.id) });
    const ids = affected.map((t) => t.id);
    const [disruption] = await tx
      .insert(disruptions)
      .values({
        scheduleId: schedule.id,
        kind: 'cancel',
        reason: opts.reason,
        note,
        actorUserId: opts.actorUserId,
        affected: ids.length,
        createdAt: now,
      })
      .returning({ id: disruptions.id });
    await cancelBookings(tx, {
      affected,
      disruptionId: disruption?.id ?? null,
      reason: opts.reason,
      note,
      now,
      notifiers: opts.notifiers,
    });
    await tx.delete(seatLocks).where(eq(seatLocks.scheduleId, schedule.id));
    const sent = await sampleNotices(tx, cancelNotices(affected, opts.reason, note));
    const preview = previewOf(schedule, affected, sent);
    await writeAudit(tx, {
      actorUserId: opts.actorUserId,
      action: 'departure_cancel',
      entity: 'schedule',
      entityId: schedule.id,
      before: { status: schedule.status },
      after: {
        status: 'cancelled',
        reason: opts.reason,
        note,
        bookings: ids.length,
        mails: preview.mails,
        refunds: preview.refunds,
      },
    });
    await announce(tx, { kind: 'schedule', data: { type: 'updated', scheduleId: schedule.id } });
    for (const id of ids) await announce(tx, { kind: 'ticket', data: { type: 'updated', ticketId: id } });
    return preview;
  });
}
