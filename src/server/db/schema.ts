import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  json,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  smallint,
  text,
  time,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { HomeClaim } from '#shared/constants.ts';
import type { RefundPolicy } from '#shared/refund-policy.ts';
import type { TicketBreakdownRow } from '#shared/schemas.ts';
import type { CsvMapping } from '#shared/statements.ts';

const id = () => uuid('id').primaryKey().defaultRandom();
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();
const money = (name: string) => numeric(name, { precision: 12, scale: 2 });

export const locations = pgTable(
  'locations',
  {
    id: id(),
    name: text('name').notNull(),
    /** The name in Dhivehi, shown to Dhivehi readers when filled (empty: the name). */
    nameDv: text('name_dv').notNull().default(''),
    code: text('code').notNull(),
    country: text('country').notNull(),
    /** Set when deleted while only history uses it (docs/product.md section 10.6): hidden from new schedules, kept for old tickets. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('locations_name_idx').on(t.name)],
);

export const launches = pgTable(
  'launches',
  {
    id: id(),
    name: text('name').notNull(),
    imageUrl: text('image_url'),
    imageKey: text('image_key'),
    capacity: integer('capacity').notNull(),
    seatNumbers: text('seat_numbers').array().notNull(),
    status: text('status').notNull().default('active'),
    /** Set when deleted while only history uses it (docs/product.md section 10.6). */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('launches_name_idx').on(t.name)],
);

export const schedules = pgTable(
  'schedules',
  {
    id: id(),
    travelDate: date('travel_date').notNull(),
    departureTime: time('departure_time').notNull(),
    status: text('status').notNull().default('scheduled'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** Set when deleted while only history uses it (docs/product.md section 10.6): out of search and lists. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('schedules_travel_date_idx').on(t.travelDate),
    // Trip search: not completed, by date, ordered by departure time.
    index('schedules_search_idx').on(t.travelDate, t.departureTime).where(sql`${t.status} <> 'completed'`),
  ],
);

/** The launches a schedule runs with (docs/product.md's launch_ids), as a real relation. */
export const scheduleLaunches = pgTable(
  'schedule_launches',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    launchId: uuid('launch_id')
      .notNull()
      .references(() => launches.id, { onDelete: 'restrict' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.scheduleId, t.launchId] }),
    index('schedule_launches_launch_idx').on(t.launchId),
  ],
);

export const scheduleRouteStops = pgTable(
  'schedule_route_stops',
  {
    id: id(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    locationId: uuid('location_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'restrict' }),
    departureTime: time('departure_time'),
    stopOrder: integer('stop_order').notNull(),
  },
  (t) => [
    uniqueIndex('route_stops_schedule_order_uq').on(t.scheduleId, t.stopOrder),
    index('route_stops_location_idx').on(t.locationId, t.scheduleId),
  ],
);

export const tickets = pgTable(
  'tickets',
  {
    id: id(),
    paymentReference: text('payment_reference').notNull(),
    /**
     * Which journey of the booking this row is (docs/decisions/037-return-trips.md): 1 a single
     * trip or a return's outbound, 2 the return. Both rows share the reference and the payment.
     */
    journey: smallint('journey').notNull().default(1),
    /** The return row's outbound row (journey 1 of the same reference); null on journey 1. */
    outboundId: uuid('outbound_id').references((): AnyPgColumn => tickets.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'restrict' }),
    launchId: uuid('launch_id')
      .notNull()
      .references(() => launches.id, { onDelete: 'restrict' }),
    travelDate: date('travel_date').notNull(),
    passengerName: text('passenger_name').notNull(),
    passengerEmail: text('passenger_email').notNull(),
    passengerPhone: text('passenger_phone'),
    passengerCountryCode: text('passenger_country_code'),
    passengerNationality: text('passenger_nationality').notNull(),
    /** The passenger's language when they booked ('en', 'dv'): their e-mails are written in it. */
    language: text('language').notNull().default('en'),
    /**
     * The e-ticket link's token (`/t/<token>`, 256 random bits), made when the booking is first
     * confirmed and kept through every change, so the link the passenger has keeps working.
     */
    eticketToken: text('eticket_token'),
    /** The e-ticket code's version (docs/decisions/023): each change that re-signs it adds one. */
    eticketVersion: integer('eticket_version').notNull().default(1),
    /** When the e-ticket link was last mailed on request: one resend per reference per window. */
    eticketMailedAt: timestamp('eticket_mailed_at', { withTimezone: true }),
    adultCount: integer('adult_count').notNull().default(0),
    childCount: integer('child_count').notNull().default(0),
    /** Infants on an adult's lap: no seat, free, counted on board (docs/decisions/035). */
    infantCount: integer('infant_count').notNull().default(0),
    totalAmount: money('total_amount').notNull(),
    currency: text('currency').notNull(),
    exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4 }).notNull(),
    bankName: text('bank_name'),
    accountHolder: text('account_holder'),
    accountNumber: text('account_number'),
    paymentMethod: text('payment_method').notNull().default('Bank Transfer'),
    paymentStatus: text('payment_status').notNull().default('pending'),
    ticketStatus: text('ticket_status').notNull().default('pending'),
    markedStatus: text('marked_status'),
    remarks: text('remarks'),
    /** Private storage key of the slip; never a public URL (docs/product.md section 11.6). */
    paymentSlipKey: text('payment_slip_key'),
    ticketBreakdown: jsonb('ticket_breakdown').$type<TicketBreakdownRow[]>().notNull(),
    seatNumbers: text('seat_numbers').array().notNull(),
    userOriginId: uuid('user_origin_id').references(() => locations.id, { onDelete: 'restrict' }),
    userDestinationId: uuid('user_destination_id').references(() => locations.id, { onDelete: 'restrict' }),
    passengerDepartureTime: time('passenger_departure_time'),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    /** The address a public booking came from: per-address hold limits and bulk rejection. Null for staff sales. */
    clientIp: text('client_ip'),
    /**
     * 'online', 'counter' for a sale at the jetty (docs/decisions/025), or 'partner' for a
     * booking on a partner's account (docs/decisions/043).
     */
    channel: text('channel').notNull().default('online'),
    /** A partner's booking: the account it is charged to. */
    partnerId: uuid('partner_id').references((): AnyPgColumn => partners.id, { onDelete: 'restrict' }),
    /**
     * A partner's booking: the public fare of the party in the partner's currency, and the
     * commission taken off it; `total_amount` is what the partner is charged (the difference).
     */
    publicAmount: money('public_amount'),
    commissionAmount: money('commission_amount'),
    /** A counter sale: who sold it, in which shift, and the payment's own details. */
    soldBy: uuid('sold_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    shiftId: uuid('shift_id').references(() => counterShifts.id, { onDelete: 'restrict' }),
    /** The counter's retry key: one sale per id, however often the submit is sent. */
    saleId: uuid('sale_id'),
    amountReceived: money('amount_received'),
    transferReference: text('transfer_reference'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidedBy: uuid('voided_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    voidReason: text('void_reason'),
    /**
     * A dearer rebooking's extra payment (docs/decisions/027): the difference, its slip, and
     * whether the office checked it. The first payment's slip stays in payment_slip_key.
     */
    extraAmount: money('extra_amount'),
    extraSlipKey: text('extra_slip_key'),
    /**
     * What the booking cost, and had been paid, before the dearer rebooking, and whether the
     * office had verified that payment then: a rejected second payment refunds a verified first
     * one, and a cancellation refunds each at its own state. Null without a second payment.
     */
    firstPaymentAmount: money('first_payment_amount'),
    firstPaymentVerified: boolean('first_payment_verified'),
    /** The number of times the passenger rebooked this booking. */
    rebookCount: integer('rebook_count').notNull().default(0),
    /** When the day-before reminder was queued: set once, by whichever instance gets there first. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /**
     * Pay later (docs/decisions/040-pay-later.md): a booking sent without its slip is released at
     * this instant unless paid or given a slip by then. Set on both journeys of a return.
     */
    paymentDueAt: timestamp('payment_due_at', { withTimezone: true }),
    /** When the reminder that the payment falls due was queued: once per booking. */
    paymentRemindedAt: timestamp('payment_reminded_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('tickets_reference_journey_uq').on(t.paymentReference, t.journey),
    uniqueIndex('tickets_outbound_uq').on(t.outboundId),
    check(
      'tickets_journey_known',
      sql`${t.journey} in (1, 2) and (${t.journey} = 2) = (${t.outboundId} is not null)`,
    ),
    uniqueIndex('tickets_sale_id_uq').on(t.saleId),
    index('tickets_shift_idx').on(t.shiftId),
    uniqueIndex('tickets_eticket_token_uq').on(t.eticketToken),
    index('tickets_pending_email_idx')
      .on(sql`lower(${t.passengerEmail})`)
      .where(sql`${t.ticketStatus} = 'pending'`),
    index('tickets_pending_ip_idx')
      .on(t.clientIp, t.scheduleId, t.travelDate)
      .where(sql`${t.ticketStatus} = 'pending'`),
    index('tickets_schedule_date_idx').on(t.scheduleId, t.travelDate),
    // The bookings one client address made lately: its new e-mail verifications that booked
    // do not count against its hourly limit (docs/decisions/028-shared-addresses.md).
    index('tickets_client_ip_created_idx').on(t.clientIp, t.createdAt),
    index('tickets_status_created_idx').on(t.ticketStatus, t.createdAt),
    index('tickets_created_idx').on(t.createdAt),
    index('tickets_travel_date_idx').on(t.travelDate),
    index('tickets_approved_at_idx').on(t.approvedAt),
    // The bookings waiting for a transfer, for the sweep that reminds and releases them.
    index('tickets_payment_due_idx').on(t.paymentDueAt).where(sql`${t.paymentDueAt} is not null`),
    index('tickets_launch_idx').on(t.launchId),
    index('tickets_partner_created_idx').on(t.partnerId, t.createdAt).where(sql`${t.partnerId} is not null`),
    // Public lookup matches the whole reference case-insensitively (docs/product.md section 11.7).
    index('tickets_reference_lower_idx').on(sql`lower(${t.paymentReference})`),
    // The office's reference search, a substring in any case (`ilike '%...%'`): by trigrams, so
    // it reads the matching tickets and not a year of them (docs/decisions/045-year-scale.md).
    index('tickets_reference_trgm_idx').using('gin', t.paymentReference.op('gin_trgm_ops')),
  ],
);

/**
 * A counter seller's shift (docs/decisions/025): opened with a cash float per currency, closed
 * with the cash counted. What was expected at the close is kept with it, so a later void by the
 * office never rewrites a closed drawer's difference.
 */
export const counterShifts = pgTable(
  'counter_shifts',
  {
    id: id(),
    userId: uuid('user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    userName: text('user_name').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** The operator's date the shift opened on: the Owner's cash-ups are listed by it. */
    openedOn: date('opened_on').notNull(),
    floats: jsonb('floats').$type<Record<string, string>>().notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    expected: jsonb('expected').$type<Record<string, string>>(),
    counted: jsonb('counted').$type<Record<string, string>>(),
    note: text('note'),
  },
  (t) => [
    // One open shift per person: a second open is refused by the database itself.
    uniqueIndex('counter_shifts_open_uq').on(t.userId).where(sql`${t.closedAt} is null`),
    index('counter_shifts_opened_on_idx').on(t.openedOn),
  ],
);

/**
 * One row per seat held by a pending or confirmed ticket, for the legs of its stretch. The
 * exclusion constraint `ticket_seats_seat_legs_excl` (migration 0022; Drizzle cannot declare one)
 * is what makes double booking impossible (docs/product.md section 11.2, docs/decisions/032): no
 * two rows of one seat on one launch and trip share a leg. Rejecting or deleting a ticket deletes
 * its rows in the same transaction.
 */
export const ticketSeats = pgTable(
  'ticket_seats',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'restrict' }),
    travelDate: date('travel_date').notNull(),
    launchId: uuid('launch_id')
      .notNull()
      .references(() => launches.id, { onDelete: 'restrict' }),
    seatNumber: text('seat_number').notNull(),
    /**
     * The legs the seat is taken for: from the position of the passenger's From stop (0 is the
     * first stop) up to, not including, that of their To stop. Leg i runs from stop i to stop i+1.
     */
    fromStop: integer('from_stop').notNull(),
    toStop: integer('to_stop').notNull(),
  },
  (t) => [
    index('ticket_seats_seat_idx').on(t.scheduleId, t.travelDate, t.launchId, t.seatNumber),
    index('ticket_seats_ticket_idx').on(t.ticketId),
  ],
);

/**
 * The ticket list's tab counts (docs/decisions/045-year-scale.md): each row adds `tickets` to
 * the count of one travel date's tickets in one status. Written only by the statement triggers
 * on tickets (migration 0037), one row per date and status a statement changed, never by the
 * application; the maintenance sweep folds them into one row per date and status
 * (services/sweep/fold-ticket-counts.ts). Append-only, so no booking ever waits on another's
 * count.
 */
export const ticketCounts = pgTable(
  'ticket_counts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    travelDate: date('travel_date').notNull(),
    ticketStatus: text('ticket_status').notNull(),
    tickets: integer('tickets').notNull(),
  },
  (t) => [index('ticket_counts_date_status_idx').on(t.travelDate, t.ticketStatus)],
);

/**
 * The reports' figures of one closed travel date (docs/decisions/045-year-scale.md): its
 * departures' loads, its revenue and its cancellations as the reports' queries left them
 * (lib/report-rollup.ts, `ReportDay`), so a year's report adds up 365 rows instead of reading
 * half a million tickets. Written by the reports (services/read-report-days.ts) for days whose
 * departures have all left, and stale while `report_day_changes` holds a change of its date.
 */
export const reportDays = pgTable('report_days', {
  travelDate: date('travel_date').primaryKey(),
  figures: json('figures').notNull(),
  computedAt: timestamp('computed_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A change to what a closed day's report reads: written only by statement triggers on the
 * tables the reports read (migration 0038), one row per date a statement touched; a null date
 * is every date (a launch's seats or a place's name changed). Deleted by the report that
 * computes its date again. Append-only, so no sale waits on another's row.
 */
export const reportDayChanges = pgTable(
  'report_day_changes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    travelDate: date('travel_date'),
  },
  (t) => [index('report_day_changes_date_idx').on(t.travelDate)],
);

/**
 * Every person of a booking, named (docs/decisions/035-every-person-named.md): position 0 is the
 * contact, the tickets' passenger_name. A booking made before this table has no rows: its contact
 * is its one named person. A party may have fewer rows than persons: the rest are unnamed.
 */
export const ticketPassengers = pgTable(
  'ticket_passengers',
  {
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    name: text('name').notNull(),
    nationality: text('nationality').notNull(),
    /** 'adult', 'child' or 'infant' (TICKET_CATEGORIES). */
    category: text('category').notNull(),
    /** 'local' or 'foreigner' (TICKET_TYPES): the ticket the person travels on. */
    ticketType: text('ticket_type').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ticketId, t.position] })],
);

/**
 * One boarding sent by a boarding device, kept whatever its outcome (docs/decisions/024). The
 * id is the device's, so sending it again changes nothing. The first boarding of a person to
 * reach the server wins; a later one of the same person is a conflict, never counted twice.
 * The one record of who boarded: a ticket's persons on board are the sum of its `accepted`, and
 * a "present" marking by hand is kept here too (device `BY_HAND_DEVICE`), so no later marking
 * can take a boarded party off again.
 */
export const boardings = pgTable(
  'boardings',
  {
    id: uuid('id').primaryKey(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** The stop boarded at, as a position on the departure's route (0 is the first). */
    stop: integer('stop').notNull(),
    /** How many of the party this boarding asked to board, and how many it did. */
    persons: integer('persons').notNull(),
    accepted: integer('accepted').notNull(),
    /**
     * 'boarded'; 'conflict' when another device boarded them first; 'refused' when the booking
     * does not board (its status, its marking, another departure or day, a closed stop).
     */
    outcome: text('outcome').notNull(),
    /** An amber result boarded with the second, deliberate tap. */
    deliberate: boolean('deliberate').notNull().default(false),
    deviceId: text('device_id').notNull(),
    deviceTime: timestamp('device_time', { withTimezone: true }).notNull(),
    userId: uuid('user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('boardings_ticket_idx').on(t.ticketId), index('boardings_schedule_idx').on(t.scheduleId)],
);

/**
 * An e-ticket code that no longer boards on a departure the booking left (docs/decisions/024): a
 * rebooking, a move or a deletion takes the ticket out of that departure's manifest, so a device
 * would otherwise show its old code as a valid one it has not heard of. The manifest carries
 * these (ticket id and version only), and the old code scans red there. The ticket id is a plain
 * uuid, with no foreign key: the record outlives a deleted ticket.
 */
export const revokedCodes = pgTable(
  'revoked_codes',
  {
    id: id(),
    ticketId: uuid('ticket_id').notNull(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    travelDate: date('travel_date').notNull(),
    /** Codes of this version and lower no longer board on this departure. */
    version: integer('version').notNull(),
    /** 'rebooked', 'moved' or 'deleted'. */
    reason: text('reason').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('revoked_codes_schedule_idx').on(t.scheduleId, t.travelDate)],
);

/** A stop whose boarding the crew closed: who, when, and the count of persons aboard after it. */
export const boardingClosures = pgTable(
  'boarding_closures',
  {
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    stop: integer('stop').notNull(),
    closedBy: uuid('closed_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    closedByName: text('closed_by_name').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }).notNull(),
    /** Crew aboard, entered at the first stop. */
    crew: integer('crew'),
    noShows: integer('no_shows').notNull(),
    /** Passengers whose trip ended at this stop. */
    countedOff: integer('counted_off').notNull(),
    /** Passengers aboard when leaving this stop (crew not included). */
    passengersAboard: integer('passengers_aboard').notNull(),
    /** The tickets this closing marked `no_show`: a reopening of the stop unmarks them. */
    noShowTickets: jsonb('no_show_tickets').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [primaryKey({ columns: [t.scheduleId, t.stop] })],
);

/**
 * A disruption of a departure (docs/decisions/026): what was done, why, by whom, and to how many
 * bookings. Written in the transaction that changed them.
 */
export const disruptions = pgTable(
  'disruptions',
  {
    id: id(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    /** 'cancel' or 'delay' (a move comes later). */
    kind: text('kind').notNull(),
    /** weather | technical | other */
    reason: text('reason').notNull(),
    note: text('note'),
    actorUserId: uuid('actor_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    affected: integer('affected').notNull(),
    /** A delay's stop times before and after: `{ before: ['08:00', ...], after: [...] }`. */
    details: jsonb('details'),
    createdAt: createdAt(),
  },
  (t) => [index('disruptions_schedule_idx').on(t.scheduleId)],
);

/**
 * The refunds queue: a booking the operator owes money back. An operator's cancellation is
 * always a full refund. One request per ticket; the office works it and marks the ticket
 * `refunded`, which closes it.
 */
export const refundRequests = pgTable(
  'refund_requests',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    /** operator_cancelled | passenger_cancelled | cheaper_rebooking | rejected_extra_payment (src/shared/manage-api.ts) */
    reason: text('reason').notNull(),
    /** The share of the fare the policy gave (a passenger's cancellation); null: not a policy refund. */
    percent: integer('percent'),
    /** The passenger's own account for the refund, entered on the manage page; null until then. */
    accountName: text('account_name'),
    accountNumber: text('account_number'),
    bankName: text('bank_name'),
    /** The office's bank reference of the refund payment, given when it is marked refunded. */
    bankReference: text('bank_reference'),
    /**
     * A card-paid booking's refund through the gateway (docs/decisions/042): the gateway's
     * refund id is kept in bank_reference; its last refusal here, shown in the queue.
     */
    gatewayError: text('gateway_error'),
    /** Whether the office had confirmed the payment (a pending booking's slip was not yet checked). */
    paymentVerified: boolean('payment_verified').notNull(),
    /** requested | refunded */
    status: text('status').notNull().default('requested'),
    disruptionId: uuid('disruption_id').references(() => disruptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
  },
  (t) => [
    // One open request per ticket, reason and payment state: a second cheaper rebooking adds to
    // the open one, and a cancellation while a second payment is unchecked owes two (the
    // verified part and the unverified part), each paid when the office is sure of it.
    uniqueIndex('refund_requests_open_uq')
      .on(t.ticketId, t.reason, t.paymentVerified)
      .where(sql`${t.status} = 'requested'`),
    index('refund_requests_ticket_idx').on(t.ticketId),
    index('refund_requests_status_idx').on(t.status, t.createdAt),
  ],
);

export const seatLocks = pgTable(
  'seat_locks',
  {
    id: id(),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    travelDate: date('travel_date').notNull(),
    launchId: uuid('launch_id')
      .notNull()
      .references(() => launches.id, { onDelete: 'cascade' }),
    seatNumber: text('seat_number').notNull(),
    /**
     * The stretch the seat is held for, as on ticket_seats (`seat_locks_seat_legs_excl`), and the
     * stops it was asked with (null: the whole departure), so an edit of the route's stops can
     * place it again.
     */
    fromStop: integer('from_stop').notNull(),
    toStop: integer('to_stop').notNull(),
    originId: uuid('origin_id'),
    destinationId: uuid('destination_id'),
    lockedUntil: timestamp('locked_until', { withTimezone: true }).notNull(),
    userSession: text('user_session').notNull(),
    /** The verified e-mail the lock was taken with; the booking must carry the same one. */
    email: text('email'),
    /** The client address of a public lock, for the per-address hold limit. */
    clientIp: text('client_ip'),
    /**
     * Seats set aside for a partner (docs/decisions/043): held like a lock until the allotment's
     * release time, taken only by that partner's bookings, never replaced by a selection.
     */
    allotmentId: uuid('allotment_id').references((): AnyPgColumn => allotments.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('seat_locks_allotment_idx').on(t.allotmentId),
    index('seat_locks_email_idx').on(t.email, t.lockedUntil),
    index('seat_locks_ip_idx').on(t.clientIp, t.scheduleId, t.travelDate),
    index('seat_locks_seat_idx').on(t.scheduleId, t.travelDate, t.launchId, t.seatNumber),
    index('seat_locks_session_idx').on(t.userSession),
    index('seat_locks_until_idx').on(t.lockedUntil),
  ],
);

/**
 * Booking references handed out before a booking exists (docs/decisions/039-reference-at-lock.md):
 * a passenger's seat lock reserves one for its booking session, so the transfer can carry it.
 * Every fresh reference is claimed here first, a counter sale's and an old client's booking's
 * too, so the primary key alone keeps a reserved reference from being made twice; the tickets'
 * own unique index keeps it from two bookings.
 */
export const reservedReferences = pgTable(
  'reserved_references',
  {
    reference: text('reference').primaryKey(),
    /** The booking session it is kept for; null once a booking took it (or it was made for one). */
    userSession: text('user_session'),
    /** Until when the session keeps it; each lock moves it a day on. Swept after it. */
    reservedUntil: timestamp('reserved_until', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reserved_references_session_uq').on(t.userSession),
    index('reserved_references_until_idx').on(t.reservedUntil),
  ],
);

export const banners = pgTable(
  'banners',
  {
    id: id(),
    title: text('title').notNull(),
    imageUrl: text('image_url').notNull(),
    imageKey: text('image_key'),
    displayOrder: integer('display_order').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    showOnMobile: boolean('show_on_mobile').notNull().default(true),
    showOnDesktop: boolean('show_on_desktop').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('banners_order_idx').on(t.displayOrder)],
);

export const paymentSettings = pgTable('payment_settings', {
  id: id(),
  localAdultPrice: money('local_adult_price').notNull(),
  localChildPrice: money('local_child_price').notNull(),
  foreignerAdultPrice: money('foreigner_adult_price').notNull(),
  foreignerChildPrice: money('foreigner_child_price').notNull(),
  exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4 }).notNull(),
  accountHolder: text('account_holder').notNull().default(''),
  accountNumber: text('account_number').notNull().default(''),
  bankName: text('bank_name').notNull().default(''),
  accountHolderUsd: text('account_holder_usd').notNull().default(''),
  accountNumberUsd: text('account_number_usd').notNull().default(''),
  bankNameUsd: text('bank_name_usd').notNull().default(''),
  paymentInstructions: text('payment_instructions').notNull().default(''),
  /** Dhivehi versions, shown to Dhivehi readers when filled (empty: the English). */
  bankNameDv: text('bank_name_dv').notNull().default(''),
  bankNameUsdDv: text('bank_name_usd_dv').notNull().default(''),
  paymentInstructionsDv: text('payment_instructions_dv').notNull().default(''),
  /** What a passenger's own cancellation gives back (src/shared/refund-policy.ts). */
  /** How long an uploaded slip usually waits for approval, told to the passenger (minutes). */
  usualApprovalMinutes: integer('usual_approval_minutes').notNull().default(120),
  /** Bank statements (docs/decisions/038): a matched line approves its booking as a person would. */
  approveMatched: boolean('approve_matched').notNull().default(true),
  /** How far short of a booking's total a matched statement line may fall, for the bank's fees. */
  feeToleranceMvr: money('fee_tolerance_mvr').notNull().default('0'),
  feeToleranceUsd: money('fee_tolerance_usd').notNull().default('0'),
  /**
   * Pay later by transfer (docs/decisions/040-pay-later.md): offered or not, how long the seats
   * are held, the hours before departure when the hold ends at the latest, and the share of a
   * departure's seats (percent) that bookings waiting for transfers may hold together.
   */
  payLaterEnabled: boolean('pay_later_enabled').notNull().default(true),
  payLaterHoldHours: integer('pay_later_hold_hours').notNull().default(24),
  payLaterCutoffHours: integer('pay_later_cutoff_hours').notNull().default(6),
  payLaterMaxSharePercent: integer('pay_later_max_share_percent').notNull().default(50),
  /**
   * An infant's price in the default list (docs/decisions/036-fare-categories.md); null: free.
   * A pair's `route_fares` row of category 'infant' overrides it, as for adults and children.
   */
  infantLocalPrice: money('infant_local_price'),
  infantForeignerPrice: money('infant_foreigner_price'),
  refundPolicy: jsonb('refund_policy')
    .$type<RefundPolicy>()
    .notNull()
    .default(sql`'[{"hoursBefore":24,"percent":100},{"hoursBefore":2,"percent":50}]'::jsonb`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * A port pair's own prices (docs/decisions/033-fares-per-port-pair.md): one row per origin ->
 * destination, ticket type and category, in that type's currency (local MVR, foreigner USD).
 * A type and category the pair has no row for is charged the payment settings' price. The
 * category is a code, so a later one (an infant, a concession) is a row, not a column.
 */
export const routeFares = pgTable(
  'route_fares',
  {
    id: id(),
    originId: uuid('origin_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    ticketType: text('ticket_type').notNull(),
    category: text('category').notNull(),
    price: money('price').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('route_fares_pair_kind_uq').on(t.originId, t.destinationId, t.ticketType, t.category),
    index('route_fares_destination_idx').on(t.destinationId),
    check('route_fares_two_places', sql`${t.originId} <> ${t.destinationId}`),
    check('route_fares_price_not_negative', sql`${t.price} >= 0`),
  ],
);

/**
 * The operator's concessions (docs/decisions/036-fare-categories.md): senior, student, resident...
 * The built-in adult, child and infant are not rows. A category a booking used is deactivated,
 * never deleted, so its code keeps its names on old tickets.
 */
export const fareCategories = pgTable(
  'fare_categories',
  {
    code: text('code').primaryKey(),
    nameEn: text('name_en').notNull(),
    nameDv: text('name_dv').notNull(),
    /** 'free', 'percent' (off the adult fare of the same pair and type) or 'price' (its own). */
    priceRule: text('price_rule').notNull(),
    percentOff: numeric('percent_off', { precision: 5, scale: 2 }),
    /** The own price by default (rule 'price'); a pair's `route_fares` row of this category overrides it. */
    localPrice: money('local_price'),
    foreignerPrice: money('foreigner_price'),
    seat: boolean('seat').notNull(),
    idRequired: boolean('id_required').notNull(),
    minAge: integer('min_age'),
    maxAge: integer('max_age'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('fare_categories_code', sql`${t.code} ~ '^[a-z][a-z0-9_]{1,23}$'`),
    check('fare_categories_rule', sql`${t.priceRule} in ('free', 'percent', 'price')`),
    check(
      'fare_categories_percent',
      sql`${t.percentOff} is null or (${t.percentOff} >= 1 and ${t.percentOff} <= 100)`,
    ),
    check(
      'fare_categories_prices_not_negative',
      sql`coalesce(${t.localPrice}, 0) >= 0 and coalesce(${t.foreignerPrice}, 0) >= 0`,
    ),
  ],
);

/**
 * A return discount per port pair (docs/decisions/037-return-trips.md): a return booked from
 * origin to destination and back (either way round) costs `percent_off` less, on the two
 * journeys' fares together.
 */
export const returnDiscounts = pgTable(
  'return_discounts',
  {
    id: id(),
    originId: uuid('origin_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => locations.id, { onDelete: 'cascade' }),
    percentOff: numeric('percent_off', { precision: 5, scale: 2 }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('return_discounts_pair_uq').on(t.originId, t.destinationId),
    index('return_discounts_destination_idx').on(t.destinationId),
    check('return_discounts_two_places', sql`${t.originId} <> ${t.destinationId}`),
    check('return_discounts_percent_range', sql`${t.percentOff} > 0 and ${t.percentOff} <= 100`),
  ],
);

export const pwaSettings = pgTable('pwa_settings', {
  id: id(),
  appName: text('app_name').notNull(),
  shortName: text('short_name').notNull(),
  themeColor: text('theme_color').notNull(),
  backgroundColor: text('background_color').notNull(),
  iconUrl: text('icon_url'),
  logoUrl: text('logo_url'),
  faviconUrl: text('favicon_url'),
  /** The operator's contact details in the footer and the lookup help card; null: the defaults. */
  contactPhone: text('contact_phone'),
  bookingEmail: text('booking_email'),
  supportEmail: text('support_email'),
  /** The day-before reminder e-mails (docs/decisions/026); the operator may turn them off. */
  remindersEnabled: boolean('reminders_enabled').notNull().default(true),
  /** The home page's claims ("20+ daily routes"...); null: the defaults, [] : none shown. */
  homeClaims: jsonb('home_claims').$type<HomeClaim[]>(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const emailCodes = pgTable(
  'email_codes',
  {
    id: id(),
    email: text('email').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    wrongTries: integer('wrong_tries').notNull().default(0),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    /** The address that asked for the code: new verifications per address are limited per hour. */
    clientIp: text('client_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    index('email_codes_email_created_idx').on(t.email, t.createdAt),
    index('email_codes_ip_created_idx').on(t.clientIp, t.createdAt),
  ],
);

export const adminUsers = pgTable(
  'admin_users',
  {
    id: id(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    /** True for the seeded demo admin until its password is changed (docs/product.md section 11.11). */
    hasDemoPassword: boolean('has_demo_password').notNull().default(false),
    /** False once the Owner deactivates the person: no session of theirs is honoured. */
    active: boolean('active').notNull().default(true),
    lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('admin_users_email_uq').on(sql`lower(${t.email})`)],
);

export const adminProfiles = pgTable('admin_profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => adminUsers.id, { onDelete: 'cascade' }),
  username: text('username').notNull(),
  /** owner | office | counter | crew (src/shared/permissions.ts) */
  role: text('role').notNull(),
  /** An Owner's choice to receive the daily summary e-mail (docs/product.md, Reports). */
  dailySummary: boolean('daily_summary').notNull().default(false),
  /**
   * The operator's date the last daily summary went to this person: the job claims a day by
   * moving it forward, so two instances never send the same day's summary twice.
   */
  dailySummarySentOn: date('daily_summary_sent_on'),
  createdAt: createdAt(),
});

/**
 * The e-mailed links that let a person choose a password: an invitation (which creates the
 * account with its role) or a reset by the Owner (docs/product.md section 13). Single-use and
 * time-limited; only the token's SHA-256 is kept.
 */
export const staffLinks = pgTable(
  'staff_links',
  {
    id: id(),
    /** invite | reset */
    kind: text('kind').notNull(),
    email: text('email').notNull(),
    role: text('role').notNull(),
    /** An invitation of a partner's user (role 'partner'): the partner the account will book for. */
    partnerId: uuid('partner_id').references((): AnyPgColumn => partners.id, { onDelete: 'cascade' }),
    /** The account a reset is for; null for an invitation until it is accepted. */
    userId: uuid('user_id').references(() => adminUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdBy: uuid('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('staff_links_token_uq').on(t.tokenHash),
    index('staff_links_email_idx').on(sql`lower(${t.email})`, t.kind),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: id(),
    /** SHA-256 of the opaque token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sessions_token_uq').on(t.tokenHash), index('sessions_user_idx').on(t.userId)],
);

export const loginFailures = pgTable(
  'login_failures',
  {
    id: id(),
    ip: text('ip'),
    email: text('email'),
    /** The signed device cookie's id when the browser carried one: judged on its own counter. */
    deviceId: text('device_id'),
    createdAt: createdAt(),
  },
  (t) => [
    index('login_failures_ip_idx').on(t.ip, t.createdAt),
    index('login_failures_email_idx').on(t.email, t.createdAt),
    index('login_failures_device_idx').on(t.deviceId, t.createdAt),
  ],
);

export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    key: text('key').notNull(),
    scope: text('scope').notNull(),
    requestHash: text('request_hash').notNull(),
    statusCode: integer('status_code'),
    response: jsonb('response'),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.scope, t.key] }), index('idempotency_created_idx').on(t.createdAt)],
);

export const auditLog = pgTable(
  'audit_log',
  {
    id: id(),
    actorUserId: uuid('actor_user_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [
    index('audit_log_entity_idx').on(t.entity, t.entityId),
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorUserId, t.createdAt),
    index('audit_log_action_idx').on(t.action, t.createdAt),
  ],
);

/**
 * A passenger's change to their own booking (docs/decisions/027), one row per request: the
 * request id is the client's, so a retried request finds the change it already made and answers
 * as it did.
 */
export const bookingChanges = pgTable(
  'booking_changes',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    requestId: uuid('request_id').notNull(),
    /** cancel | name | refund_account | rebook */
    kind: text('kind').notNull(),
    before: jsonb('before'),
    after: jsonb('after'),
    clientIp: text('client_ip'),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_changes_request_uq').on(t.requestId),
    index('booking_changes_ticket_idx').on(t.ticketId),
  ],
);

/**
 * What a proved one-time code gives (docs/decisions/027): one change to one booking, within
 * minutes. Only the token's SHA-256 is kept; the change that uses it sets `used_at`.
 */
export const bookingGrants = pgTable(
  'booking_grants',
  {
    id: id(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** The code that gave it: the same code sent again (its answer was lost) renews an unused grant. */
    emailCodeId: uuid('email_code_id').references(() => emailCodes.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('booking_grants_token_uq').on(t.tokenHash),
    index('booking_grants_expires_idx').on(t.expiresAt),
    // A deleted ticket's grants go with it (on delete cascade), found by this.
    index('booking_grants_ticket_idx').on(t.ticketId),
  ],
);

/** A file carried by a mail; `cid` names an inline image the HTML shows as `cid:<cid>`. */
export type MailAttachment = { filename: string; contentType: string; cid?: string; contentBase64: string };

/**
 * A mail written when it is sent rather than when it is queued (docs/decisions/041): an
 * approval's e-ticket mail, held for the undo window, is written from the booking as it then is.
 */
export type LaterMail = { kind: 'approval'; ticketId: string };

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: id(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Files the mail carries (an e-ticket's QR code, inline), base64. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    /** What the row keeps once sent, when the mail carries a secret (a one-time code); null: all of it. */
    keptSubject: text('kept_subject'),
    keptText: text('kept_text'),
    /**
     * Set while the mail is still to be written (docs/decisions/041): `subject` and `text` are
     * empty until the delivery pass writes them from this, just before sending.
     */
    later: jsonb('later').$type<LaterMail>(),
    /** pending -> sent | failed (after the last retry); held (until next_attempt_at) -> sent | pending */
    status: text('status').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set while one instance is sending, so two instances never send the same mail. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** Insertion order: breaks ties between mails queued within one clock tick (PGlite's clock is coarse). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity(),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    index('mail_outbox_created_idx').on(t.createdAt),
  ],
);

/**
 * Proof that a person read a one-time code sent to `email` (docs/product.md section 11.5).
 * A random token stored hashed rather than an HMAC-signed one: every instance checks it against
 * the shared database with no secret to configure and rotate, and it can be expired or revoked
 * by a row update. Valid for VERIFICATION_TOKEN_TTL_MINUTES; reusable until then, so a booking
 * refused for a taken seat can be submitted again without a new code.
 */
export const verificationTokens = pgTable(
  'verification_tokens',
  {
    id: id(),
    email: text('email').notNull(),
    /** SHA-256 of the token; the token itself is never stored. */
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('verification_tokens_hash_uq').on(t.tokenHash),
    index('verification_tokens_expires_idx').on(t.expiresAt),
  ],
);

/**
 * Server-side signing keys with a key id, so they rotate: a new key signs, older ones still
 * verify until retired. `purpose` names what a key signs (for example 'device-cookie').
 */
/** The operator's corrections of passenger texts (admin: Texts): one row per language and id. */
export const textOverrides = pgTable(
  'text_overrides',
  {
    language: text('language').notNull(),
    textId: text('text_id').notNull(),
    text: text('text').notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.language, t.textId] })],
);

export const signingKeys = pgTable(
  'signing_keys',
  {
    id: text('id').primaryKey(),
    purpose: text('purpose').notNull(),
    /** The secret, base64url; never leaves the server. */
    secret: text('secret').notNull(),
    createdAt: createdAt(),
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [index('signing_keys_purpose_idx').on(t.purpose, t.createdAt)],
);

/** One imported bank statement of the operator's MVR or USD account (docs/decisions/038). */
export const bankStatements = pgTable(
  'bank_statements',
  {
    id: id(),
    account: text('account').notNull(),
    /** 'camt053' or 'csv'. */
    format: text('format').notNull(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    importedBy: uuid('imported_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    imported: integer('imported').notNull().default(0),
    duplicates: integer('duplicates').notNull().default(0),
    ignored: integer('ignored').notNull().default(0),
    matched: integer('matched').notNull().default(0),
    suggested: integer('suggested').notNull().default(0),
    unmatched: integer('unmatched').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('bank_statements_created_idx').on(t.createdAt)],
);

/**
 * A line of a statement. Known again by the bank's transaction id, or else by its fingerprint,
 * per account: a line seen in an earlier file is never stored twice.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: id(),
    statementId: uuid('statement_id')
      .notNull()
      .references(() => bankStatements.id, { onDelete: 'cascade' }),
    account: text('account').notNull(),
    row: integer('row').notNull(),
    bookedOn: date('booked_on').notNull(),
    /** Signed as the bank wrote it: a debit is negative. */
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    remark: text('remark').notNull(),
    payer: text('payer'),
    bankTransactionId: text('bank_transaction_id'),
    fingerprint: text('fingerprint').notNull(),
    referenceCandidates: text('reference_candidates').array().notNull(),
    /** matched | suggested | unmatched | ignored | not_booking */
    status: text('status').notNull(),
    /** debit | zero | currency, on an ignored line. */
    ignoredReason: text('ignored_reason'),
    /** The journey-1 row of the booking a suggested line points at. */
    suggestedTicketId: uuid('suggested_ticket_id').references(() => tickets.id, { onDelete: 'set null' }),
    /** amount_differs | name_and_amount */
    suggestionKind: text('suggestion_kind'),
    resolvedBy: uuid('resolved_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_lines_transaction_uq')
      .on(t.account, t.bankTransactionId)
      .where(sql`${t.bankTransactionId} is not null`),
    // The fingerprint knows a line again only when the bank gave it no id: two real transfers of
    // one day, amount, remark and payer, each with its own id, are two payments.
    uniqueIndex('statement_lines_fingerprint_uq')
      .on(t.account, t.fingerprint)
      .where(sql`${t.bankTransactionId} is null`),
    index('statement_lines_status_created_idx').on(t.status, t.createdAt),
    index('statement_lines_statement_idx').on(t.statementId),
    // Deleting a ticket sets its suggestions' pointer to null: without this, each deleted ticket
    // read every statement line (docs/decisions/045-year-scale.md).
    index('statement_lines_suggested_ticket_idx')
      .on(t.suggestedTicketId)
      .where(sql`${t.suggestedTicketId} is not null`),
  ],
);

/** What a line paid: one booking (its journey-1 row) and the amount, several only when split by hand. */
export const statementPayments = pgTable(
  'statement_payments',
  {
    lineId: uuid('line_id')
      .notNull()
      .references(() => statementLines.id, { onDelete: 'cascade' }),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    createdBy: uuid('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('statement_payments_line_ticket_uq').on(t.lineId, t.ticketId),
    index('statement_payments_ticket_idx').on(t.ticketId),
  ],
);

/** A CSV layout's mapping, per account and layout (a hash of its header row). */
export const statementMappings = pgTable(
  'statement_mappings',
  {
    account: text('account').notNull(),
    layoutKey: text('layout_key').notNull(),
    mapping: jsonb('mapping').$type<CsvMapping>().notNull(),
    updatedAt: updatedAt(),
    updatedBy: uuid('updated_by').references(() => adminUsers.id, { onDelete: 'set null' }),
  },
  (t) => [primaryKey({ columns: [t.account, t.layoutKey] })],
);

/**
 * A card payment online (docs/decisions/042): one per try at the gateway, for one booking (its
 * first journey's row). The amount is the server's total in minor units, as opened; what the
 * gateway later says is compared with it, and a mismatch never confirms the booking.
 */
export const cardPayments = pgTable(
  'card_payments',
  {
    id: id(),
    /** Our id (128 random bits, base64url): the return page's key and the gateway's localId. */
    localId: text('local_id').notNull(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    /** 'bml' or 'test'. */
    provider: text('provider').notNull(),
    /** The gateway's id, once it opened the payment; null while it is being opened. */
    transactionId: text('transaction_id'),
    /** The gateway's page for the passenger, on its own host. */
    redirectUrl: text('redirect_url'),
    amountMinor: integer('amount_minor').notNull(),
    currency: text('currency').notNull(),
    /** src/shared/card-payments.ts CARD_PAYMENT_STATES. */
    state: text('state').notNull().default('open'),
    /** When the booking's seats are released unless this is paid. */
    holdUntil: timestamp('hold_until', { withTimezone: true }).notNull(),
    /** When the gateway was last asked about it (callback, return page or sweep). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('card_payments_local_id_uq').on(t.localId),
    uniqueIndex('card_payments_transaction_uq').on(t.provider, t.transactionId),
    index('card_payments_ticket_idx').on(t.ticketId),
    // The open payments, for the sweep that asks the gateway before (and a while after) the hold ends.
    index('card_payments_open_idx').on(t.holdUntil).where(sql`${t.state} = 'open'`),
  ],
);

/**
 * A resort or agent that books on account (docs/decisions/043-partner-accounts.md): its net rate
 * (a commission off the public fare), its credit limit in its currency and its payment terms.
 */
export const partners = pgTable(
  'partners',
  {
    id: id(),
    name: text('name').notNull(),
    contactEmail: text('contact_email').notNull(),
    currency: text('currency').notNull(),
    commissionPercent: numeric('commission_percent', { precision: 5, scale: 2 }).notNull(),
    creditLimit: money('credit_limit').notNull(),
    paymentTermsDays: integer('payment_terms_days').notNull(),
    /** Until how many hours before departure the partner may cancel a booking itself. */
    cancelHours: integer('cancel_hours').notNull().default(24),
    /** The partner's number in its statement numbers (P0007-202611). */
    number: integer('number').notNull().generatedAlwaysAsIdentity(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('partners_name_uq').on(sql`lower(${t.name})`),
    check('partners_commission_range', sql`${t.commissionPercent} between 0 and 100`),
    check('partners_credit_limit_positive', sql`${t.creditLimit} >= 0`),
  ],
);

/** A payment a partner made against its account, recorded by the office with the bank's reference. */
export const partnerPayments = pgTable(
  'partner_payments',
  {
    id: id(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    amount: money('amount').notNull(),
    currency: text('currency').notNull(),
    paidOn: date('paid_on').notNull(),
    bankReference: text('bank_reference').notNull(),
    /** The bank statement line that paid it, when the statement import found the statement number. */
    statementLineId: uuid('statement_line_id').references(() => statementLines.id, { onDelete: 'set null' }),
    createdBy: uuid('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('partner_payments_partner_idx').on(t.partnerId, t.paidOn),
    uniqueIndex('partner_payments_line_uq').on(t.statementLineId),
    check('partner_payments_amount_positive', sql`${t.amount} > 0`),
  ],
);

/** An account's user who books for a partner: signed in as staff are, with no admin profile. */
export const partnerUsers = pgTable(
  'partner_users',
  {
    userId: uuid('user_id')
      .primaryKey()
      .references(() => adminUsers.id, { onDelete: 'cascade' }),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'restrict' }),
    createdAt: createdAt(),
  },
  (t) => [index('partner_users_partner_idx').on(t.partnerId)],
);

/**
 * Seats set aside for a partner on one departure, until `releases_at` (its hours before the
 * departure); the hold itself is the seat_locks rows that name it.
 */
export const allotments = pgTable(
  'allotments',
  {
    id: id(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    scheduleId: uuid('schedule_id')
      .notNull()
      .references(() => schedules.id, { onDelete: 'cascade' }),
    travelDate: date('travel_date').notNull(),
    launchId: uuid('launch_id')
      .notNull()
      .references(() => launches.id, { onDelete: 'cascade' }),
    seats: text('seats').array().notNull(),
    releaseHours: integer('release_hours').notNull(),
    releasesAt: timestamp('releases_at', { withTimezone: true }).notNull(),
    createdBy: uuid('created_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('allotments_partner_idx').on(t.partnerId, t.travelDate),
    index('allotments_departure_idx').on(t.scheduleId, t.travelDate),
  ],
);

/**
 * A partner's monthly statement, as mailed on the 1st: its figures are kept, so what the partner
 * was sent never changes with later bookings; `number` is what a transfer's remark carries.
 */
export const partnerStatements = pgTable(
  'partner_statements',
  {
    id: id(),
    partnerId: uuid('partner_id')
      .notNull()
      .references(() => partners.id, { onDelete: 'cascade' }),
    /** The month's first day. */
    month: date('month').notNull(),
    number: text('number').notNull(),
    currency: text('currency').notNull(),
    openingBalance: money('opening_balance').notNull(),
    charged: money('charged').notNull(),
    commission: money('commission').notNull(),
    cancelled: money('cancelled').notNull(),
    paid: money('paid').notNull(),
    closingBalance: money('closing_balance').notNull(),
    dueOn: date('due_on').notNull(),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('partner_statements_month_uq').on(t.partnerId, t.month),
    uniqueIndex('partner_statements_number_uq').on(t.number),
  ],
);
