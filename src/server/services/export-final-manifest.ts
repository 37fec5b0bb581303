import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client.ts';
import { tickets } from '#server/db/schema.ts';
import { timeInZone } from '#server/lib/clock.ts';
import { csvText, personsCsv, seatLegsCsv } from '#server/lib/csv.ts';
import { AppError } from '#server/lib/errors.ts';
import { partyOf, readPersons } from '#server/lib/persons.ts';
import { personsOnBoard } from '#shared/boarding.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { seatsByLeg } from '#shared/seats-by-leg.ts';
import { readBoardingManifest } from './read-boarding-manifest.ts';

export type ExportFinalManifestOptions = {
  db: DbOrTx;
  scheduleId: string;
  tz: string;
  now: Date;
};

/**
 * The final manifest of a departure, once boarding has closed at every stop (CSV): each
 * passenger with what happened to them, every person of each party, the persons on board per leg, who closed each stop and
 * when, and bookings still pending at departure (they did not board); last, each seat's
 * passenger on each leg, as a seat sold per leg changes hands at a stop (docs/decisions/032).
 */
export async function exportFinalManifest(
  opts: ExportFinalManifestOptions,
): Promise<{ filename: string; csv: string }> {
  const manifest = await readBoardingManifest({
    db: opts.db,
    scheduleId: opts.scheduleId,
    keys: [],
    now: opts.now,
    timeZone: opts.tz,
  });
  const boardingStops = manifest.stops.slice(0, -1);
  if (boardingStops.length === 0 || boardingStops.some((s) => !s.closure)) {
    throw new AppError('manifest_not_ready', STAFF_MSG.finalManifestNotReady, 409);
  }
  const rows = await opts.db
    .select({
      id: tickets.id,
      nationality: tickets.passengerNationality,
      passengerName: tickets.passengerName,
      passengerNationality: tickets.passengerNationality,
      adultCount: tickets.adultCount,
      childCount: tickets.childCount,
      infantCount: tickets.infantCount,
      ticketBreakdown: tickets.ticketBreakdown,
    })
    .from(tickets)
    .where(and(eq(tickets.scheduleId, opts.scheduleId), eq(tickets.travelDate, manifest.travelDate)))
    .orderBy(asc(tickets.passengerName));
  const nationality = new Map(rows.map((r) => [r.id, r.nationality]));
  const named = await readPersons(
    opts.db,
    rows.map((r) => r.id),
  );
  const parties = new Map(rows.map((r) => [r.id, partyOf(r, named.get(r.id))]));
  const stopName = (i: number) => manifest.stops[i]?.name ?? '';
  const time = (iso: string) => timeInZone(new Date(iso), opts.tz);

  const travelling = manifest.passengers.filter((p) => p.status === 'confirmed' || p.status === 'completed');
  const pending = manifest.passengers.filter((p) => p.status === 'pending');
  const passengerTable = csvText(
    [
      'Reference',
      'Name',
      'Nationality',
      'Seats',
      'From',
      'To',
      'Adults',
      'Children',
      'Infants',
      'Boarded',
      'Status',
    ],
    travelling.map((p) => [
      p.reference,
      p.name,
      nationality.get(p.ticketId) ?? '',
      p.seats.join(' '),
      stopName(p.fromStop),
      stopName(p.toStop),
      p.adults,
      p.children,
      p.infants ?? 0,
      p.boarded,
      p.boarded > 0 ? 'On board' : p.marked === 'no_show' ? 'No-show' : (p.marked ?? 'Not boarded'),
    ]),
  );
  // Every person of each party, a row each (docs/decisions/035), with their nationality.
  const personTable = personsCsv(
    travelling.map((p) => ({
      reference: p.reference,
      persons: parties.get(p.ticketId)?.persons ?? [],
      adults: p.adults,
      children: p.children,
      infants: p.infants ?? 0,
      concessions: p.concessions ?? [],
    })),
    ['Reference', 'Person', 'Name', 'Nationality', 'Category', 'Ticket type'],
    new Map(travelling.flatMap((p) => (p.concessions ?? []).map((c) => [c.code, c.name.en] as const))),
  );
  const legTable = csvText(
    ['Leg', 'Passengers', 'Crew', 'Persons on board'],
    personsOnBoard(manifest).map((l) => [
      `${stopName(l.from)} → ${stopName(l.to)}`,
      l.passengers,
      l.crew,
      l.passengers + l.crew,
    ]),
  );
  const stopTable = csvText(
    ['Stop', 'Departed', 'Closed by', 'No-shows', 'Counted off', 'Passengers aboard'],
    boardingStops.map((s) => [
      s.name,
      s.closure ? time(s.closure.at) : '',
      s.closure?.by ?? '',
      s.closure?.noShows ?? 0,
      s.closure?.countedOff ?? 0,
      s.closure?.passengersAboard ?? 0,
    ]),
  );
  const pendingTable = csvText(
    ['Pending at departure (not boarded)', 'Name', 'Seats'],
    pending.map((p) => [p.reference, p.name, p.seats.join(' ')]),
  );
  const seatTable = seatLegsCsv({
    seats: seatsByLeg(
      travelling.map((p) => ({
        ...p,
        launch: p.launch === null ? null : (manifest.launches[p.launch] ?? null),
      })),
      manifest.stops.length - 1,
      manifest.launches,
    ),
    stopNames: manifest.stops.map((s) => s.name),
    header: ['Launch', 'Seat'],
  });
  // One file, six tables a blank line apart; only the first keeps the byte-order mark.
  const strip = (text: string) => text.replace(/^\uFEFF/, '');
  const csv = [
    passengerTable,
    strip(personTable),
    strip(legTable),
    strip(stopTable),
    strip(pendingTable),
    strip(seatTable),
  ].join('\r\n');
  return {
    filename: `final-manifest-${manifest.travelDate}-${manifest.departureTime.replace(':', '')}.csv`,
    csv,
  };
}
