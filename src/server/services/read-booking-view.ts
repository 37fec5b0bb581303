import { eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import {
  fareCategories,
  launches,
  locations,
  paymentSettings,
  scheduleRouteStops,
  schedules,
  ticketPassengers,
  tickets,
} from '#server/db/schema.ts';
import { hhmm } from '#server/lib/clock.ts';
import { type NamedPerson, partyOf } from '#server/lib/persons.ts';
import { DEFAULT_USUAL_APPROVAL_MINUTES } from '#shared/constants.ts';
import {
  LOOKUP_STATUS_TEXT,
  PAYMENT_STATUS_LABEL,
  SLIP_RECEIVED_LABEL,
  TICKET_STATUS_LABEL,
  UNKNOWN_LOCATION,
} from '#shared/messages/api.ts';
import { centsToMoney, toCents } from '#shared/money.ts';
import { type BookingJourney, type BookingLookup, isBuiltIn } from '#shared/schemas.ts';

function pick<T extends Record<string, string>>(table: T, key: string, fallback: keyof T): string {
  return (table as Record<string, string>)[key] ?? table[fallback] ?? key;
}

type JourneyRow = Omit<BookingJourney, 'departureTime' | 'from' | 'to'> & {
  ticketId: string;
  departureTime: string | null;
  fromId: string | null;
  fromName: string | null;
  fromNameDv: string | null;
  toId: string | null;
  toName: string | null;
  toNameDv: string | null;
};

type StopRow = {
  stopOrder: number;
  locationId: string | null;
  name: string | null;
  nameDv: string | null;
  departureTime: string | null;
};

/** What the booking view is read with, beyond what it shows: for signing its e-ticket. */
export type BookingFacts = {
  ticketId: string;
  scheduleId: string;
  eticketVersion: number;
  /** The passenger's From and To as positions on the route (0 is the first stop), or -1. */
  fromStop: number;
  toStop: number;
  /** Which journey of its booking the row is (1, or 2 for a return's way back). */
  journey: number;
  /** Every journey's ticket id, the outbound first (docs/decisions/037-return-trips.md). */
  journeyTicketIds: string[];
};

export type ReadBookingViewOptions = { db: DbOrTx; where: SQL | undefined };

/**
 * One booking's view (the public lookup's shape, with the whole name) and its facts; null when
 * `where` matches none. One statement: the trip's stops and its persons come along as JSON arrays.
 */
export async function readBookingView({
  db,
  where,
}: ReadBookingViewOptions): Promise<{ view: BookingLookup; facts: BookingFacts } | null> {
  const origin = alias(locations, 'origin');
  const destination = alias(locations, 'destination');
  const [row] = await db
    .select({
      ticketId: tickets.id,
      journey: tickets.journey,
      eticketVersion: tickets.eticketVersion,
      originId: tickets.userOriginId,
      destinationId: tickets.userDestinationId,
      reference: tickets.paymentReference,
      ticketStatus: tickets.ticketStatus,
      paymentStatus: tickets.paymentStatus,
      travelDate: tickets.travelDate,
      passengerDepartureTime: tickets.passengerDepartureTime,
      scheduleId: tickets.scheduleId,
      scheduleStatus: schedules.status,
      scheduleDepartureTime: schedules.departureTime,
      fromName: origin.name,
      fromNameDv: origin.nameDv,
      toName: destination.name,
      toNameDv: destination.nameDv,
      launchName: launches.name,
      seatNumbers: tickets.seatNumbers,
      adultCount: tickets.adultCount,
      childCount: tickets.childCount,
      infantCount: tickets.infantCount,
      passengerNationality: tickets.passengerNationality,
      ticketBreakdown: tickets.ticketBreakdown,
      totalAmount: tickets.totalAmount,
      currency: tickets.currency,
      passengerName: tickets.passengerName,
      createdAt: tickets.createdAt,
      proofReceived: sql<boolean>`${tickets.paymentSlipKey} is not null`,
      paymentDueAt: tickets.paymentDueAt,
      // The first settings row, as readSettingsRow reads it; none before the operator saved any.
      usualApprovalMinutes: sql<number | null>`(
        select ${paymentSettings.usualApprovalMinutes} from ${paymentSettings}
        order by ${paymentSettings.createdAt} limit 1)`,
      stops: sql<StopRow[]>`(
        select coalesce(json_agg(json_build_object(
          'stopOrder', s.stop_order, 'locationId', s.location_id, 'name', l.name, 'nameDv', l.name_dv,
          'departureTime', s.departure_time
        ) order by s.stop_order), '[]'::json)
        from ${scheduleRouteStops} s left join ${locations} l on l.id = s.location_id
        where s.schedule_id = ${tickets.scheduleId})`,
      named: sql<NamedPerson[]>`(
        select coalesce(json_agg(json_build_object(
          'position', p.position, 'name', p.name, 'nationality', p.nationality,
          'category', p.category, 'type', p.ticket_type
        ) order by p.position), '[]'::json)
        from ${ticketPassengers} p where p.ticket_id = ${tickets.id})`,
      // Every journey of the booking: the rows of the same reference (docs/decisions/037).
      journeys: sql<JourneyRow[]>`(
        select json_agg(json_build_object(
          'journey', j.journey, 'ticketId', j.id, 'scheduleId', j.schedule_id,
          'travelDate', j.travel_date::text,
          'departureTime', coalesce(j.passenger_departure_time, js.departure_time)::text,
          'fromId', j.user_origin_id, 'fromName', o.name, 'fromNameDv', o.name_dv,
          'toId', j.user_destination_id, 'toName', d.name, 'toNameDv', d.name_dv,
          'launchName', la.name, 'seats', j.seat_numbers, 'totalAmount', j.total_amount::text,
          'ticketStatus', j.ticket_status
        ) order by j.journey)
        from ${tickets} j
        join ${schedules} js on js.id = j.schedule_id
        join ${launches} la on la.id = j.launch_id
        left join ${locations} o on o.id = j.user_origin_id
        left join ${locations} d on d.id = j.user_destination_id
        where j.payment_reference = ${tickets.paymentReference})`,
    })
    .from(tickets)
    .innerJoin(schedules, eq(schedules.id, tickets.scheduleId))
    .innerJoin(launches, eq(launches.id, tickets.launchId))
    .leftJoin(origin, eq(origin.id, tickets.userOriginId))
    .leftJoin(destination, eq(destination.id, tickets.userDestinationId))
    .where(where)
    .limit(1);
  if (!row) return null;
  const party = partyOf(row, row.named);
  const codes = [...new Set(row.ticketBreakdown.map((r) => r.category).filter((c) => !isBuiltIn(c)))];
  const categoryNames =
    codes.length === 0
      ? []
      : (
          await db
            .select({
              code: fareCategories.code,
              en: fareCategories.nameEn,
              dv: fareCategories.nameDv,
              idRequired: fareCategories.idRequired,
            })
            .from(fareCategories)
            .where(inArray(fareCategories.code, codes))
        ).map((c) => ({ code: c.code, name: { en: c.en, dv: c.dv }, idRequired: c.idRequired }));
  const journeys = row.journeys ?? [];
  // A return's whole: what both journeys cost together (each row holds its share).
  const totalAmount =
    journeys.length > 1
      ? centsToMoney(journeys.reduce((sum, j) => sum + toCents(j.totalAmount), 0n))
      : row.totalAmount;

  // docs/product.md section 10.11: an approved ticket on a completed trip reads as completed.
  const status =
    row.ticketStatus === 'confirmed' && row.scheduleStatus === 'completed' ? 'completed' : row.ticketStatus;
  const statusKey = Object.hasOwn(LOOKUP_STATUS_TEXT, status)
    ? (status as keyof typeof LOOKUP_STATUS_TEXT)
    : 'pending';

  const view: BookingLookup = {
    reference: row.reference,
    ticketStatus: row.ticketStatus,
    ticketStatusLabel: pick(TICKET_STATUS_LABEL, row.ticketStatus, 'pending'),
    paymentStatus: row.paymentStatus,
    paymentStatusLabel:
      row.paymentStatus === 'pending' && row.proofReceived
        ? SLIP_RECEIVED_LABEL
        : pick(PAYMENT_STATUS_LABEL, row.paymentStatus, 'pending'),
    statusText: LOOKUP_STATUS_TEXT[statusKey],
    statusKey,
    travelDate: row.travelDate,
    departureTime: hhmm(row.passengerDepartureTime ?? row.scheduleDepartureTime) ?? '',
    // A location that is gone has no Dhivehi name: '' lets the reader's own "unknown" show.
    from: { name: row.fromName ?? UNKNOWN_LOCATION, nameDv: row.fromNameDv ?? '' },
    to: { name: row.toName ?? UNKNOWN_LOCATION, nameDv: row.toNameDv ?? '' },
    stops: row.stops.map((s) => ({
      stopOrder: s.stopOrder,
      name: s.name ?? UNKNOWN_LOCATION,
      nameDv: s.nameDv ?? '',
      departureTime: hhmm(s.departureTime),
    })),
    launchName: row.launchName,
    seatNumbers: row.seatNumbers,
    adultCount: row.adultCount,
    childCount: row.childCount,
    infantCount: row.infantCount,
    ticketBreakdown: row.ticketBreakdown,
    totalAmount,
    currency: row.currency,
    passengerName: row.passengerName,
    persons: party.persons,
    unnamedCount: party.unnamedCount,
    ...(categoryNames.length > 0 ? { categoryNames } : {}),
    createdAt: row.createdAt.toISOString(),
    proofReceived: row.proofReceived,
    // Only while the booking still waits for its transfer: paid, given a slip or released, none.
    paymentDueAt:
      row.ticketStatus === 'pending' && row.paymentStatus === 'pending' && !row.proofReceived
        ? (row.paymentDueAt?.toISOString() ?? null)
        : null,
    usualApprovalMinutes: row.usualApprovalMinutes ?? DEFAULT_USUAL_APPROVAL_MINUTES,
    journeys: journeys.map((j) => ({
      journey: j.journey,
      scheduleId: j.scheduleId,
      travelDate: j.travelDate,
      departureTime: hhmm(j.departureTime) ?? '',
      from: { id: j.fromId ?? '', name: j.fromName ?? UNKNOWN_LOCATION, nameDv: j.fromNameDv ?? '' },
      to: { id: j.toId ?? '', name: j.toName ?? UNKNOWN_LOCATION, nameDv: j.toNameDv ?? '' },
      launchName: j.launchName,
      seats: j.seats,
      totalAmount: j.totalAmount,
      ticketStatus: j.ticketStatus,
    })),
  };
  const position = (locationId: string | null) => row.stops.findIndex((s) => s.locationId === locationId);
  return {
    view,
    facts: {
      ticketId: row.ticketId,
      scheduleId: row.scheduleId,
      eticketVersion: row.eticketVersion,
      fromStop: position(row.originId),
      toStop: position(row.destinationId),
      journey: row.journey,
      journeyTicketIds: journeys.map((j) => j.ticketId),
    },
  };
}
