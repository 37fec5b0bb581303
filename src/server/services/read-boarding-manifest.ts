import { and, asc, eq } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import {
  boardingClosures,
  launches,
  revokedCodes,
  scheduleLaunches,
  schedules,
  tickets,
} from '#server/db/schema.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';
import { hhmm, instantInZone } from '#server/lib/clock.ts';
import { problem } from '#server/lib/errors.ts';
import { concessionsOf, partyOf, readPersons } from '#server/lib/persons.ts';
import type { BoardingManifest, ManifestPassenger, ManifestStop, RevokeReason } from '#shared/boarding.ts';
import type { MarkedStatus, TicketStatus } from '#shared/constants.ts';
import type { ETicketPublicKey } from '#shared/e-ticket-code.ts';
import { firstBoardings } from './first-boardings.ts';
import { readConcessions } from './read-concessions.ts';
import { readRouteStops, stopPositions } from './read-route-stops.ts';

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
    () => readRouteStops({ db, scheduleId }),
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
          infants: tickets.infantCount,
          nationality: tickets.passengerNationality,
          breakdown: tickets.ticketBreakdown,
          status: tickets.ticketStatus,
          marked: tickets.markedStatus,
          version: tickets.eticketVersion,
          boarded: boardedPersons,
          userOriginId: tickets.userOriginId,
          userDestinationId: tickets.userDestinationId,
          launchId: tickets.launchId,
        })
        .from(tickets)
        .where(and(eq(tickets.scheduleId, scheduleId), eq(tickets.travelDate, schedule.travelDate)))
        .orderBy(asc(tickets.passengerName), asc(tickets.paymentReference)),
    () =>
      db
        .select({ id: launches.id, name: launches.name })
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
  const firsts = await firstBoardings({ db, ticketIds: rows.filter((r) => r.boarded > 0).map((r) => r.id) });
  const named = await readPersons(
    db,
    rows.map((r) => r.id),
  );
  const launchAt = new Map(launchNames.map((l, i) => [l.id, i]));
  // Every concession by code, inactive ones too: a booking keeps the category it was sold in.
  const categories = new Map((await readConcessions({ db: db, all: true })).map((c) => [c.code, c]));
  const passengers: ManifestPassenger[] = rows.map((r) => {
    const party = partyOf(
      {
        passengerName: r.name,
        passengerNationality: r.nationality,
        adultCount: r.adults,
        childCount: r.children,
        infantCount: r.infants,
        ticketBreakdown: r.breakdown,
      },
      named.get(r.id),
    );
    return {
      ticketId: r.id,
      reference: r.reference,
      name: r.name,
      seats: r.seats,
      adults: r.adults,
      children: r.children,
      infants: r.infants,
      // Names and categories only: a device keeps no nationality.
      persons: party.persons.map((p) => ({ name: p.name, category: p.category })),
      ...concessionsOf(r.breakdown, categories),
      unnamed: party.unnamedCount,
      ...stopPositions(stops, r),
      launch: launchAt.get(r.launchId) ?? null,
      status: r.status as TicketStatus,
      marked: (r.marked as MarkedStatus | null) ?? null,
      version: r.version,
      boarded: r.boarded,
      firstBoarding: firsts.get(r.id) ?? null,
    };
  });
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
