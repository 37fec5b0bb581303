import { and, eq } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { partners, ticketPassengers, ticketSeats, tickets } from '#server/db/schema.ts';
import { writeAudit } from '#server/lib/audit.ts';
import { instantInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { announce } from '#server/lib/live-events.ts';
import { supersedeETicket } from '#server/lib/ticket-signing.ts';
import type { PartnerAccount, PartnerBooking } from '#shared/partners.ts';
import { listPartnerBookings } from './list-partner-bookings.ts';

/** What a partner changes on one of its bookings: the whole booking cancelled, or a guest's name. */
export type PartnerChange =
  | { kind: 'cancel' }
  | { kind: 'rename'; position: number; name: string; nationality: string };

export type ChangePartnerBookingOptions = {
  db: Db;
  now: Date;
  timeZone: string;
  eTicketBase: string;
  account: PartnerAccount;
  reference: string;
  change: PartnerChange;
};

const notFound = () => new AppError('not_found', 'There is no booking of yours with this reference', 404);

/**
 * A partner's change to its own booking (docs/decisions/043), under the partner's policy: it
 * cancels until its cancel hours before departure (the booking then charges nothing, and its
 * seats are free again), and corrects a guest's name until the departure has left. Another
 * partner's booking answers 404, as one that does not exist. Audited; the e-ticket is re-signed.
 */
export async function changePartnerBooking(opts: ChangePartnerBookingOptions): Promise<PartnerBooking> {
  const { db, now, account, change } = opts;
  const read = async () => {
    const [partner] = await db
      .select({ cancelHours: partners.cancelHours })
      .from(partners)
      .where(eq(partners.id, account.partnerId));
    const [booking] = await listPartnerBookings({
      db,
      partnerId: account.partnerId,
      reference: opts.reference,
      now: opts.now,
      timeZone: opts.timeZone,
      eTicketBase: opts.eTicketBase,
      cancelHours: partner?.cancelHours ?? 24,
    });
    return booking;
  };
  const booking = await read();
  if (!booking) throw notFound();

  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ id: tickets.id, status: tickets.ticketStatus })
      .from(tickets)
      .where(and(eq(tickets.id, booking.ticketId), eq(tickets.partnerId, account.partnerId)))
      .for('update');
    if (!row) throw notFound();
    if (change.kind === 'cancel') {
      // Judged on the row as locked: a booking cancelled a moment ago is not cancelled twice.
      if (
        row.status !== 'confirmed' ||
        !booking.cancellableUntil ||
        new Date(booking.cancellableUntil) <= now
      ) {
        throw new AppError(
          'partner_cancel_closed',
          'This booking can no longer be cancelled here: ask the office',
          409,
        );
      }
      await tx
        .update(tickets)
        .set({ ticketStatus: 'cancelled_by_passenger', updatedAt: now, ...supersedeETicket })
        .where(eq(tickets.id, row.id));
      await tx.delete(ticketSeats).where(eq(ticketSeats.ticketId, row.id));
      await writeAudit({
        db: tx,
        actorUserId: account.userId,
        action: 'partner_cancel',
        entity: 'ticket',
        entityId: row.id,
        before: { ticketStatus: row.status, seats: booking.seats },
        after: { ticketStatus: 'cancelled_by_passenger', reference: booking.reference },
      });
    } else {
      // Until the departure has left, in the operator's zone.
      const leaves = booking.departureTime
        ? instantInZone(booking.travelDate, booking.departureTime, opts.timeZone)
        : null;
      if (row.status !== 'confirmed' || booking.eTicketUrl === null || !leaves || leaves <= now) {
        throw new AppError('manage_not_allowed', 'This booking’s names can no longer be changed', 409);
      }
      const guest = booking.passengers.find((p) => p.position === change.position);
      if (!guest) throw new AppError('not_found', 'There is no such guest on this booking', 404);
      await tx
        .update(ticketPassengers)
        .set({ name: change.name, nationality: change.nationality })
        .where(and(eq(ticketPassengers.ticketId, row.id), eq(ticketPassengers.position, change.position)));
      await tx
        .update(tickets)
        .set({
          ...(change.position === 0
            ? { passengerName: change.name, passengerNationality: change.nationality }
            : {}),
          updatedAt: now,
          ...supersedeETicket,
        })
        .where(eq(tickets.id, row.id));
      await writeAudit({
        db: tx,
        actorUserId: account.userId,
        action: 'partner_rename',
        entity: 'ticket',
        entityId: row.id,
        before: { position: change.position, name: guest.name, nationality: guest.nationality },
        after: { position: change.position, name: change.name, nationality: change.nationality },
      });
    }
    await announce({ db: tx, event: { kind: 'ticket', data: { type: 'updated', ticketId: row.id } } });
  });
  const after = await read();
  if (!after) throw notFound();
  return after;
}
