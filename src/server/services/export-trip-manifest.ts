import type { DbOrTx } from '#server/db/client.ts';
import { csvText, personsCsv, seatLegsCsv } from '#server/lib/csv.ts';
import type { TripPassengers } from '#shared/admin-api.ts';
import { seatsByLeg } from '#shared/seats-by-leg.ts';
import { listTripPassengers } from './list-trip-passengers.ts';

const MANIFEST_COLUMNS = [
  'reference',
  'name',
  'phone',
  'nationality',
  'from',
  'to',
  'departure',
  'seats',
  'adults',
  'children',
  'infants',
  'marked',
  // 'counter' for a sale at the jetty, 'online' for a booking (docs/decisions/025).
  'channel',
] as const;

/**
 * The passenger list as a CSV manifest, a row per booking; after a blank line, every person of
 * each booking, a row each (docs/decisions/035); after another, each seat's passenger on each
 * leg (a seat sold per leg changes hands at a stop: docs/decisions/032).
 */
function manifestCsv(list: TripPassengers): string {
  const passengers = csvText(
    MANIFEST_COLUMNS,
    list.passengers.map((p) => [
      p.reference,
      p.name,
      p.phone,
      p.nationality,
      p.from?.name ?? 'Unknown Location',
      p.to?.name ?? 'Unknown Location',
      p.departureTime ?? list.trip.departureTime,
      p.seatNumbers.join(' '),
      p.adultCount,
      p.childCount,
      p.infantCount,
      p.markedStatus,
      p.channel,
    ]),
  );
  const persons = personsCsv(
    list.passengers.map((p) => ({
      reference: p.reference,
      persons: p.persons,
      adults: p.adultCount,
      children: p.childCount,
      infants: p.infantCount,
      concessions: p.concessions ?? [],
    })),
    ['reference', 'person', 'name', 'nationality', 'category', 'ticket type'],
    new Map(list.passengers.flatMap((p) => (p.concessions ?? []).map((c) => [c.code, c.name.en] as const))),
  );
  const stops = [...list.trip.stops].sort((a, b) => a.stopOrder - b.stopOrder);
  const seats = seatLegsCsv({
    seats: seatsByLeg(
      list.passengers.map((p) => ({ ...p, seats: p.seatNumbers, launch: p.launch?.name ?? null })),
      stops.length - 1,
      list.trip.launches.map((l) => l.name),
    ),
    stopNames: stops.map((s) => s.name),
    header: ['launch', 'seat'],
  });
  // Only the first table keeps the byte-order mark.
  const strip = (text: string) => text.replace(/^\uFEFF/, '');
  return [passengers, strip(persons), strip(seats)].join('\r\n');
}

export type ExportTripManifestOptions = {
  db: DbOrTx;
  scheduleId: string;
  timeZone: string;
};

/** The passenger manifest of a trip (docs/product.md section 2, Ticketing) as a CSV file and its name. */
export async function exportTripManifest(
  opts: ExportTripManifestOptions,
): Promise<{ filename: string; csv: string }> {
  const list = await listTripPassengers(opts);
  const filename = `manifest-${list.trip.travelDate}-${list.trip.departureTime.replace(':', '')}.csv`;
  return { filename, csv: manifestCsv(list) };
}
