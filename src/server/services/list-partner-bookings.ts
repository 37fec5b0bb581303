import { and, asc, desc, eq, gte, inArray, lte, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { launches, locations, schedules, ticketPassengers, tickets } from '#server/db/schema.ts';
import { instantInZone } from '#server/lib/clock.ts';
import type { PartnerBooking } from '#shared/partners.ts';
import { CHARGED_STATES } from './partner-columns.ts';

export type ListPartnerBookingsOptions = {
  db: DbOrTx;
  partnerId: string;
  /** One booking only, by its row or by its reference. */
  ticketId?: string;
  reference?: string;
  /** Travel dates, both ends included. */
  from?: string | undefined;
  to?: string | undefined;
  now: Date;
  timeZone: string;
  eTicketBase: string;
  /** Until how many hours before departure the partner may cancel (the partner's own rule). */
  cancelHours?: number;
  limit?: number;
};

/**
 * A partner's own bookings (docs/decisions/043), newest first: never another partner's, whatever
 * is asked. Each with its guests, its e-ticket and until when the partner may cancel it.
 */
export async function listPartnerBookings(opts: ListPartnerBookingsOptions): Promise<PartnerBooking[]> {
  const { db } = opts;
  const origin = alias(locations, 'origin');
  const destination = alias(locations, 'destination');
  const where: (SQL | undefined)[] = [eq(tickets.partnerId, opts.partnerId), eq(tickets.journey, 1)];
  if (opts.ticketId) where.push(eq(tickets.id, opts.ticketId));
  if (opts.reference) where.push(eq(tickets.paymentReference, opts.reference.toUpperCase()));
  if (opts.from) where.push(gte(tickets.travelDate, opts.from));
  if (opts.to) where.push(lte(tickets.travelDate, opts.to));
  const rows = await db
    .select({
      id: tickets.id,
      reference: tickets.paymentReference,
      ticketStatus: tickets.ticketStatus,
      totalAmount: tickets.totalAmount,
      publicAmount: tickets.publicAmount,
      commissionAmount: tickets.commissionAmount,
      currency: tickets.currency,
      travelDate: tickets.travelDate,
      departureTime: tickets.passengerDepartureTime,
      scheduleDeparture: schedules.departureTime,
      scheduleStatus: schedules.status,
      origin: origin.name,
      destination: destination.name,
      launchName: launches.name,
      seats: tickets.seatNumbers,
      eticketToken: tickets.eticketToken,
      createdAt: tickets.createdAt,
    })
    .from(tickets)
    .innerJoin(schedules, eq(schedules.id, tickets.scheduleId))
    .innerJoin(launches, eq(launches.id, tickets.launchId))
    .leftJoin(origin, eq(origin.id, tickets.userOriginId))
    .leftJoin(destination, eq(destination.id, tickets.userDestinationId))
    .where(and(...where))
    .orderBy(desc(tickets.createdAt))
    .limit(opts.limit ?? 500);
  const ids = rows.map((r) => r.id);
  const persons =
    ids.length === 0
      ? []
      : await db
          .select({
            ticketId: ticketPassengers.ticketId,
            position: ticketPassengers.position,
            name: ticketPassengers.name,
            nationality: ticketPassengers.nationality,
            category: ticketPassengers.category,
          })
          .from(ticketPassengers)
          .where(inArray(ticketPassengers.ticketId, ids))
          .orderBy(asc(ticketPassengers.ticketId), asc(ticketPassengers.position));
  const cancelMs = (opts.cancelHours ?? 24) * 3_600_000;
  return rows.map((r) => {
    const time = r.departureTime ?? r.scheduleDeparture;
    const until = new Date(instantInZone(r.travelDate, time, opts.timeZone).getTime() - cancelMs);
    const charged = (CHARGED_STATES as readonly string[]).includes(r.ticketStatus);
    const open = r.ticketStatus === 'confirmed' && r.scheduleStatus === 'scheduled';
    return {
      ticketId: r.id,
      reference: r.reference,
      ticketStatus: r.ticketStatus,
      totalAmount: r.totalAmount,
      publicAmount: r.publicAmount ?? r.totalAmount,
      commissionAmount: r.commissionAmount ?? '0.00',
      currency: r.currency === 'USD' ? 'USD' : 'MVR',
      travelDate: r.travelDate,
      departureTime: time.slice(0, 5),
      origin: r.origin ?? '',
      destination: r.destination ?? '',
      launchName: r.launchName,
      seats: r.seats,
      passengers: persons.filter((p) => p.ticketId === r.id).map(({ ticketId: _, ...p }) => p),
      eTicketUrl: charged && r.eticketToken ? `${opts.eTicketBase}/t/${r.eticketToken}` : null,
      createdAt: r.createdAt.toISOString(),
      cancellableUntil: open && until > opts.now ? until.toISOString() : null,
    };
  });
}
