import type { DbOrTx } from '#server/db/client.ts';
import { csvText } from '#server/lib/csv.ts';
import type { TripPassengers } from '#shared/admin-api.ts';
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
  'marked',
  // 'counter' for a sale at the jetty, 'online' for a booking (docs/decisions/025).
  'channel',
] as const;

/** The passenger list as a CSV manifest. */
function manifestCsv(list: TripPassengers): string {
  return csvText(
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
      p.markedStatus,
      p.channel,
    ]),
  );
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
