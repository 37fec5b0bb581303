import { randomBytes, randomInt } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import {
  adminProfiles,
  adminUsers,
  launches,
  locations,
  paymentSettings,
  refundRequests,
  scheduleLaunches,
  scheduleRouteStops,
  schedules,
  ticketSeats,
  tickets,
} from '#server/db/schema.ts';
import { DEMO_PAYMENT_SETTINGS, seatGrid } from '#server/db/seed.ts';
import { addDays, dateInZone } from '#server/lib/clock.ts';
import { hashPassword } from '#server/lib/passwords.ts';
import { stretchOn } from '#server/lib/stretch.ts';
import { DEFAULT_PRICES, PAYMENT_METHOD, type PaymentStatus, type TicketStatus } from '#shared/constants.ts';
import type { RefundReason } from '#shared/manage-api.ts';
import type { Role } from '#shared/permissions.ts';
import type { TicketBreakdownRow } from '#shared/schemas.ts';

/**
 * Factories for tests: each inserts real rows and returns them, filling in whatever the test
 * does not care about. Random suffixes keep rows from different tests from colliding.
 */

export type Location = typeof locations.$inferSelect;
export type Launch = typeof launches.$inferSelect;
export type Schedule = typeof schedules.$inferSelect;
export type RouteStop = typeof scheduleRouteStops.$inferSelect;
export type Ticket = typeof tickets.$inferSelect;
export type TicketSeat = typeof ticketSeats.$inferSelect;
export type PaymentSettings = typeof paymentSettings.$inferSelect;

const TEST_TIME_ZONE = 'Indian/Maldives';

export function uniqueSuffix(): string {
  return randomBytes(4).toString('hex');
}

/** Today in the operator's default time zone, the date the product calls "today". */
export function todayInOperatorZone(): string {
  return dateInZone(new Date(), TEST_TIME_ZONE);
}

/** Tomorrow in the operator's zone: a departure still to come whatever the time of day. */
export function tomorrowInOperatorZone(): string {
  return addDays(todayInOperatorZone(), 1);
}

export async function makeLocation(
  db: DbOrTx,
  overrides: Partial<typeof locations.$inferInsert> = {},
): Promise<Location> {
  const suffix = uniqueSuffix();
  const [row] = await db
    .insert(locations)
    .values({
      name: `Island ${suffix}`,
      code: suffix.slice(0, 3).toUpperCase(),
      country: 'Maldives',
      ...overrides,
    })
    .returning();
  if (!row) throw new Error('location insert returned nothing');
  return row;
}

/** Seat labels for a count: rows of four (A1..A4, B1..) like the sample launch, numbers past row Z. */
export function seatLabels(count: number): string[] {
  const perRow = 4;
  if (count > 26 * perRow) return Array.from({ length: count }, (_, i) => String(i + 1));
  return seatGrid(Math.ceil(count / perRow), perRow).slice(0, count);
}

export type LaunchOverrides = Partial<Omit<typeof launches.$inferInsert, 'seatNumbers'>> & {
  /** A seat count (labelled A1, A2 ...) or the labels themselves; 12 seats A1..C4 by default. */
  seats?: number | string[];
};

export async function makeLaunch(db: DbOrTx, overrides: LaunchOverrides = {}): Promise<Launch> {
  const { seats = 12, ...rest } = overrides;
  const seatNumbers = typeof seats === 'number' ? seatLabels(seats) : seats;
  const [row] = await db
    .insert(launches)
    .values({
      name: `Launch ${uniqueSuffix()}`,
      status: 'active',
      ...rest,
      seatNumbers,
      capacity: rest.capacity ?? seatNumbers.length,
    })
    .returning();
  if (!row) throw new Error('launch insert returned nothing');
  return row;
}

export type StopInput = { locationId?: string; departureTime?: string | null };

export type ScheduleOptions = {
  /** A stop count (default 2) or the stops; missing locations are created. */
  stops?: number | StopInput[];
  /** Launches the trip runs with; one new 12-seat launch when not given. */
  launchIds?: string[];
  /** Tomorrow by default: today's trips close as they sail, so a test would depend on the hour. */
  travelDate?: string;
  status?: 'scheduled' | 'completed';
  /** Defaults to the first stop's time, as the product derives it. */
  departureTime?: string;
  completedAt?: Date | null;
};

export type MadeSchedule = { schedule: Schedule; stops: RouteStop[]; launchIds: string[] };

/** Default stop times: 08:00, then every 30 minutes; the last stop has none. */
function defaultStopTime(index: number, count: number): string | null {
  if (index === count - 1) return null;
  const minutes = 8 * 60 + 30 * index;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

export async function makeSchedule(db: DbOrTx, opts: ScheduleOptions = {}): Promise<MadeSchedule> {
  const stopInputs: StopInput[] =
    typeof opts.stops === 'number' || opts.stops === undefined
      ? Array.from({ length: opts.stops ?? 2 }, () => ({}))
      : opts.stops;
  if (stopInputs.length < 2) throw new Error('a schedule needs at least 2 stops');

  const stops: Array<{ locationId: string; departureTime: string | null }> = [];
  for (const [i, input] of stopInputs.entries()) {
    const locationId = input.locationId ?? (await makeLocation(db)).id;
    const departureTime =
      input.departureTime === undefined ? defaultStopTime(i, stopInputs.length) : input.departureTime;
    stops.push({ locationId, departureTime });
  }
  const launchIds = opts.launchIds ?? [(await makeLaunch(db)).id];
  const status = opts.status ?? 'scheduled';

  const [schedule] = await db
    .insert(schedules)
    .values({
      travelDate: opts.travelDate ?? tomorrowInOperatorZone(),
      departureTime: opts.departureTime ?? stops[0]?.departureTime ?? '08:00',
      status,
      completedAt:
        opts.completedAt !== undefined ? opts.completedAt : status === 'completed' ? new Date() : null,
    })
    .returning();
  if (!schedule) throw new Error('schedule insert returned nothing');

  const stopRows = await db
    .insert(scheduleRouteStops)
    .values(stops.map((s, stopOrder) => ({ ...s, scheduleId: schedule.id, stopOrder })))
    .returning();
  if (launchIds.length > 0) {
    await db
      .insert(scheduleLaunches)
      .values(launchIds.map((launchId, position) => ({ scheduleId: schedule.id, launchId, position })));
  }
  return { schedule, stops: stopRows.sort((a, b) => a.stopOrder - b.stopOrder), launchIds };
}

/** Loads the stops and launches of an existing schedule row, so makeTicket can take either. */
async function describeSchedule(db: DbOrTx, schedule: Schedule): Promise<MadeSchedule> {
  const stops = await db
    .select()
    .from(scheduleRouteStops)
    .where(eq(scheduleRouteStops.scheduleId, schedule.id))
    .orderBy(asc(scheduleRouteStops.stopOrder));
  const links = await db
    .select({ launchId: scheduleLaunches.launchId })
    .from(scheduleLaunches)
    .where(eq(scheduleLaunches.scheduleId, schedule.id))
    .orderBy(asc(scheduleLaunches.position));
  return { schedule, stops, launchIds: links.map((l) => l.launchId) };
}

const issuedReferences = new Set<string>();

/** yymmdd + 4 random digits, the product's format, never repeated within one test run. */
export function uniqueReference(at: Date = new Date()): string {
  const prefix = dateInZone(at, TEST_TIME_ZONE).slice(2).replaceAll('-', '');
  for (let tries = 0; tries < 10_000; tries++) {
    const reference = `${prefix}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    if (!issuedReferences.has(reference)) {
      issuedReferences.add(reference);
      return reference;
    }
  }
  throw new Error(`no free booking reference left for ${prefix}`);
}

const PAYMENT_STATUS_FOR: Record<TicketStatus, PaymentStatus> = {
  pending: 'pending',
  awaiting_card: 'pending',
  confirmed: 'completed',
  cancelled: 'failed',
  completed: 'completed',
  voided: 'completed',
  cancelled_by_operator: 'completed',
  cancelled_by_passenger: 'completed',
};

/** The statuses whose tickets hold their seats (docs/product.md section 10.4). */
const HOLDING: ReadonlySet<TicketStatus> = new Set<TicketStatus>(['pending', 'confirmed']);

export type TicketOptions = Partial<
  Omit<
    typeof tickets.$inferInsert,
    | 'scheduleId'
    | 'launchId'
    | 'travelDate'
    | 'seatNumbers'
    | 'ticketStatus'
    | 'ticketBreakdown'
    | 'userOriginId'
    | 'userDestinationId'
  >
> & {
  /** The trip; a new 2-stop schedule with one launch when not given. */
  schedule?: MadeSchedule | Schedule;
  /** Defaults to the trip's first launch. */
  launchId?: string;
  /** Defaults to the first seat of the launch that no ticket holds. */
  seats?: string[];
  status?: TicketStatus;
  /** Defaults to the schedule's travel date. */
  travelDate?: string;
  /** Default to the first and last stops. */
  originId?: string | null;
  destinationId?: string | null;
  /** Defaults to one local adult per seat at the default price. */
  breakdown?: TicketBreakdownRow[];
};

export type MadeTicket = { ticket: Ticket; seats: TicketSeat[]; schedule: MadeSchedule };

function roundMoney(value: number): string {
  return (Math.round((value + Number.EPSILON) * 100) / 100).toFixed(2);
}

/** docs/product.md section 10.7: local prices are MVR, foreigner prices USD. */
function totalFor(breakdown: TicketBreakdownRow[], currency: string, rate: number): string {
  let local = 0;
  let foreigner = 0;
  for (const row of breakdown) {
    const amount = row.quantity * Number(row.price);
    if (row.type === 'local') local += amount;
    else foreigner += amount;
  }
  return roundMoney(currency === 'MVR' ? local + foreigner * rate : local / rate + foreigner);
}

async function firstFreeSeat(
  db: DbOrTx,
  schedule: Schedule,
  launchId: string,
  travelDate: string,
): Promise<string> {
  const [launch] = await db.select().from(launches).where(eq(launches.id, launchId));
  if (!launch) throw new Error(`launch ${launchId} not found`);
  const held = await db
    .select({ seatNumber: ticketSeats.seatNumber })
    .from(ticketSeats)
    .where(
      and(
        eq(ticketSeats.scheduleId, schedule.id),
        eq(ticketSeats.travelDate, travelDate),
        eq(ticketSeats.launchId, launchId),
      ),
    );
  const taken = new Set(held.map((h) => h.seatNumber));
  const free = launch.seatNumbers.find((s) => !taken.has(s));
  if (!free) throw new Error(`launch ${launch.name} has no free seat left`);
  return free;
}

/**
 * Inserts a ticket the way a booking leaves it; pending and confirmed tickets also get their
 * ticket_seats rows in the same transaction, so the database holds the seats (and refuses a
 * second ticket on the same seat and leg with an exclusion violation).
 */
export async function makeTicket(db: DbOrTx, opts: TicketOptions = {}): Promise<MadeTicket> {
  const {
    schedule: scheduleInput,
    launchId: launchIdInput,
    seats: seatsInput,
    status = 'pending',
    travelDate: travelDateInput,
    originId,
    destinationId,
    breakdown: breakdownInput,
    ...overrides
  } = opts;

  const made =
    scheduleInput === undefined
      ? await makeSchedule(db)
      : 'schedule' in scheduleInput
        ? scheduleInput
        : await describeSchedule(db, scheduleInput);
  const { schedule } = made;
  const launchId = launchIdInput ?? made.launchIds[0];
  if (!launchId) throw new Error('the schedule has no launch; pass launchId');
  const travelDate = travelDateInput ?? schedule.travelDate;
  const seats = seatsInput ?? [await firstFreeSeat(db, schedule, launchId, travelDate)];

  const breakdown = breakdownInput ?? [
    { type: 'local', category: 'adult', quantity: seats.length, price: DEFAULT_PRICES.localAdultPrice },
  ];
  const count = (category: 'adult' | 'child' | 'infant') =>
    breakdown.filter((r) => r.category === category).reduce((n, r) => n + r.quantity, 0);
  const currency = overrides.currency ?? 'MVR';
  const exchangeRate = overrides.exchangeRate ?? DEMO_PAYMENT_SETTINGS.exchangeRate;
  const suffix = uniqueSuffix();
  const firstStop = made.stops[0];
  const lastStop = made.stops[made.stops.length - 1];

  return db.transaction(async (tx) => {
    const [ticket] = await tx
      .insert(tickets)
      .values({
        paymentReference: uniqueReference(),
        passengerName: `Passenger ${suffix}`,
        passengerEmail: `passenger-${suffix}@example.com`,
        passengerPhone: '7771234',
        passengerCountryCode: '+960',
        passengerNationality: 'Maldivian',
        adultCount: count('adult'),
        childCount: count('child'),
        infantCount: count('infant'),
        totalAmount: totalFor(breakdown, currency, Number(exchangeRate)),
        bankName: currency === 'MVR' ? DEMO_PAYMENT_SETTINGS.bankName : DEMO_PAYMENT_SETTINGS.bankNameUsd,
        accountHolder:
          currency === 'MVR' ? DEMO_PAYMENT_SETTINGS.accountHolder : DEMO_PAYMENT_SETTINGS.accountHolderUsd,
        accountNumber:
          currency === 'MVR' ? DEMO_PAYMENT_SETTINGS.accountNumber : DEMO_PAYMENT_SETTINGS.accountNumberUsd,
        paymentMethod: PAYMENT_METHOD,
        paymentStatus: PAYMENT_STATUS_FOR[status],
        passengerDepartureTime: firstStop?.departureTime ?? null,
        approvedAt: status === 'confirmed' ? new Date() : null,
        ...overrides,
        currency,
        exchangeRate,
        scheduleId: schedule.id,
        launchId,
        travelDate,
        seatNumbers: seats,
        ticketStatus: status,
        ticketBreakdown: breakdown,
        userOriginId: originId === undefined ? (firstStop?.locationId ?? null) : originId,
        userDestinationId: destinationId === undefined ? (lastStop?.locationId ?? null) : destinationId,
      })
      .returning();
    if (!ticket) throw new Error('ticket insert returned nothing');
    const stretch = stretchOn(
      made.stops.map((s) => s.locationId),
      ticket.userOriginId,
      ticket.userDestinationId,
    ) ?? { fromStop: 0, toStop: Math.max(made.stops.length - 1, 1) };
    const seatRows = HOLDING.has(status)
      ? await tx
          .insert(ticketSeats)
          .values(
            seats.map((seatNumber) => ({
              ticketId: ticket.id,
              scheduleId: schedule.id,
              travelDate,
              launchId,
              seatNumber,
              ...stretch,
            })),
          )
          .returning()
      : [];
    return { ticket, seats: seatRows, schedule: made };
  });
}

/**
 * payment_settings is a single row: updates the existing one (with the overrides) or inserts
 * the demo's values.
 */
export async function makePaymentSettings(
  db: DbOrTx,
  overrides: Partial<typeof paymentSettings.$inferInsert> = {},
): Promise<PaymentSettings> {
  const [existing] = await db.select({ id: paymentSettings.id }).from(paymentSettings).limit(1);
  const [row] = existing
    ? await db
        .update(paymentSettings)
        .set({ ...DEMO_PAYMENT_SETTINGS, ...overrides, updatedAt: new Date() })
        .where(eq(paymentSettings.id, existing.id))
        .returning()
    : await db
        .insert(paymentSettings)
        .values({ ...DEMO_PAYMENT_SETTINGS, ...overrides })
        .returning();
  if (!row) throw new Error('payment settings write returned nothing');
  return row;
}

export type MadeAdmin = { id: string; email: string; password: string; username: string; role: Role };

/** An admin user with a profile (or, with `profile: false`, a user the admin area refuses). */
export async function makeAdmin(
  db: DbOrTx,
  opts: {
    email?: string;
    password?: string;
    username?: string;
    profile?: boolean;
    isDemo?: boolean;
    role?: Role;
    active?: boolean;
  } = {},
): Promise<MadeAdmin> {
  const suffix = uniqueSuffix();
  const email = (opts.email ?? `admin-${suffix}@example.com`).toLowerCase();
  const password = opts.password ?? `secret-${suffix}`;
  const username = opts.username ?? `admin-${suffix}`;
  const [user] = await db
    .insert(adminUsers)
    .values({
      email,
      passwordHash: await hashPassword(password),
      hasDemoPassword: opts.isDemo ?? false,
      active: opts.active ?? true,
    })
    .returning({ id: adminUsers.id });
  if (!user) throw new Error('admin insert returned nothing');
  if (opts.profile !== false) {
    await db.insert(adminProfiles).values({ userId: user.id, username, role: opts.role ?? 'owner' });
  }
  return { id: user.id, email, password, username, role: opts.role ?? 'owner' };
}

/** A refund the office owes on a ticket: its whole fare, for an operator's cancellation unless told. */
export async function makeRefundRequest(
  db: DbOrTx,
  ticket: { id: string; totalAmount: string; currency: string },
  reason: RefundReason = 'operator_cancelled',
) {
  const [request] = await db
    .insert(refundRequests)
    .values({
      ticketId: ticket.id,
      amount: ticket.totalAmount,
      currency: ticket.currency,
      reason,
      paymentVerified: true,
    })
    .returning();
  if (!request) throw new Error('refund request insert returned nothing');
  return request;
}
