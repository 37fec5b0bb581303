import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, AnyPgTable } from 'drizzle-orm/pg-core';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import {
  boardingClosures,
  boardings,
  launches,
  locations,
  revokedCodes,
  scheduleLaunches,
  scheduleRouteStops,
  schedules,
  tickets,
} from '#server/db/schema.ts';
import { hhmm, instantInZone } from '#server/lib/clock.ts';
import { problem } from '#server/lib/errors.ts';
import type { BoardingManifest, ManifestPassenger, ManifestStop, RevokeReason } from '#shared/boarding.ts';
import type { MarkedStatus, TicketStatus } from '#shared/constants.ts';
import type { ETicketPublicKey } from '#shared/e-ticket-code.ts';

/** `"table"."column"`: a query of one table names its columns bare, which a subquery would misread. */
const qualified = (table: AnyPgTable, column: AnyPgColumn) => sql`${table}.${sql.identifier(column.name)}`;

/**
 * How many of a ticket's party are on board: what its boardings took (`accepted`), the one record
 * of it (docs/decisions/024). Only a boarding adds to it, and nothing takes from it, so a marking
 * made later cannot free a boarded party for another scan or a void. At most the party: before
 * boardings were the record, a no-show marking could let a party board twice.
 */
export const boardedPersons = sql<number>`least(
  (select coalesce(sum(${qualified(boardings, boardings.accepted)}), 0) from ${boardings}
    where ${qualified(boardings, boardings.ticketId)} = ${qualified(tickets, tickets.id)}),
  ${qualified(tickets, tickets.adultCount)} + ${qualified(tickets, tickets.childCount)}
)::int`.mapWith(Number);

/**
 * `boardedPersons` of one ticket, read in a statement of its own: after the ticket's row lock,
 * so it sees every boarding committed before the lock was granted (a statement that waited for
 * the lock would count them with its older snapshot).
 */
export async function readBoarded(db: DbOrTx, ticketId: string): Promise<number> {
  const [row] = await db.select({ boarded: boardedPersons }).from(tickets).where(eq(tickets.id, ticketId));
  return row?.boarded ?? 0;
}

/** The departure's stops in route order; a ticket's From and To are positions in this list. */
export async function readRouteStops(db: DbOrTx, scheduleId: string) {
  return db
    .select({
      locationId: scheduleRouteStops.locationId,
      name: locations.name,
      departureTime: scheduleRouteStops.departureTime,
    })
    .from(scheduleRouteStops)
    .leftJoin(locations, eq(locations.id, scheduleRouteStops.locationId))
    .where(eq(scheduleRouteStops.scheduleId, scheduleId))
    .orderBy(asc(scheduleRouteStops.stopOrder));
}

/**
 * A ticket's From and To as route positions. A ticket without them (made before stops were
 * recorded) travels the whole route.
 */
export function stopPositions(
  stops: readonly { locationId: string }[],
  ticket: { userOriginId: string | null; userDestinationId: string | null },
): { fromStop: number; toStop: number } {
  const from = stops.findIndex((s) => s.locationId === ticket.userOriginId);
  const to = stops.findIndex((s) => s.locationId === ticket.userDestinationId);
  return { fromStop: Math.max(from, 0), toStop: to < 0 ? stops.length - 1 : to };
}

export type ReadBoardingManifestOptions = {
  db: DbOrTx;
  scheduleId: string;
  keys: ETicketPublicKey[];
  now: Date;
  /** The operator's time zone: the departure's instant is worked out in it. */
  timeZone: string;
};

/**
 * What a boarding device keeps of a departure (docs/decisions/024-offline-boarding.md): its
 * stops and their closures, the operator's public keys, and of each booking only what boarding
 * needs. Never an e-mail address, a phone number or a nationality.
 */
export async function readBoardingManifest(opts: ReadBoardingManifestOptions): Promise<BoardingManifest> {
  const { db, scheduleId } = opts;
  const [schedule] = await db
    .select({ travelDate: schedules.travelDate, departureTime: schedules.departureTime })
    .from(schedules)
    .where(eq(schedules.id, scheduleId))
    .limit(1);
  if (!schedule) throw problem('schedule_not_found');
  const [stops, closures, rows, launchNames, revoked] = await readTogether(db, [
    () => readRouteStops(db, scheduleId),
    () => db.select().from(boardingClosures).where(eq(boardingClosures.scheduleId, scheduleId)),
    () =>
      db
        .select({
          id: tickets.id,
          reference: tickets.paymentReference,
          name: tickets.passengerName,
          seats: tickets.seatNumbers,
          adults: tickets.adultCount,
          children: tickets.childCount,
          status: tickets.ticketStatus,
          marked: tickets.markedStatus,
          version: tickets.eticketVersion,
          boarded: boardedPersons,
          userOriginId: tickets.userOriginId,
          userDestinationId: tickets.userDestinationId,
        })
        .from(tickets)
        .where(and(eq(tickets.scheduleId, scheduleId), eq(tickets.travelDate, schedule.travelDate)))
        .orderBy(asc(tickets.passengerName), asc(tickets.paymentReference)),
    () =>
      db
        .select({ name: launches.name })
        .from(scheduleLaunches)
        .innerJoin(launches, eq(launches.id, scheduleLaunches.launchId))
        .where(eq(scheduleLaunches.scheduleId, scheduleId))
        .orderBy(asc(scheduleLaunches.position)),
    () =>
      db
        .select({
          ticketId: revokedCodes.ticketId,
          version: revokedCodes.version,
          reason: revokedCodes.reason,
        })
        .from(revokedCodes)
        .where(and(eq(revokedCodes.scheduleId, scheduleId), eq(revokedCodes.travelDate, schedule.travelDate)))
        .orderBy(asc(revokedCodes.createdAt)),
  ]);
  const firsts = await firstBoardings(
    db,
    rows.filter((r) => r.boarded > 0).map((r) => r.id),
  );
  const passengers: ManifestPassenger[] = rows.map((r) => ({
    ticketId: r.id,
    reference: r.reference,
    name: r.name,
    seats: r.seats,
    adults: r.adults,
    children: r.children,
    ...stopPositions(stops, r),
    status: r.status as TicketStatus,
    marked: (r.marked as MarkedStatus | null) ?? null,
    version: r.version,
    boarded: r.boarded,
    firstBoarding: firsts.get(r.id) ?? null,
  }));
  const manifestStops: ManifestStop[] = stops.map((s, position) => {
    const c = closures.find((x) => x.stop === position);
    return {
      position,
      name: s.name ?? 'Unknown',
      departureTime: hhmm(s.departureTime),
      closure: c
        ? {
            at: c.closedAt.toISOString(),
            by: c.closedByName,
            crew: c.crew,
            noShows: c.noShows,
            countedOff: c.countedOff,
            passengersAboard: c.passengersAboard,
          }
        : null,
    };
  });
  return {
    scheduleId,
    travelDate: schedule.travelDate,
    departureTime: hhmm(schedule.departureTime) ?? '',
    departsAt: instantInZone(schedule.travelDate, schedule.departureTime, opts.timeZone).toISOString(),
    launches: launchNames.map((l) => l.name),
    stops: manifestStops,
    keys: opts.keys,
    passengers,
    revoked: revoked.map((r) => ({ ...r, reason: r.reason as RevokeReason })),
    generatedAt: opts.now.toISOString(),
  };
}

/** The first boarding that counted of each ticket: when (device time) and on which device. */
export async function firstBoardings(db: DbOrTx, ticketIds: string[]) {
  const out = new Map<string, { at: string; deviceId: string }>();
  if (ticketIds.length === 0) return out;
  const rows = await db
    .select({ ticketId: boardings.ticketId, at: boardings.deviceTime, deviceId: boardings.deviceId })
    .from(boardings)
    .where(and(inArray(boardings.ticketId, ticketIds), eq(boardings.outcome, 'boarded')))
    .orderBy(asc(boardings.receivedAt));
  for (const r of rows) {
    if (!out.has(r.ticketId)) out.set(r.ticketId, { at: r.at.toISOString(), deviceId: r.deviceId });
  }
  return out;
}
