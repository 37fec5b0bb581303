import type { DbOrTx } from '#server/db/client.ts';
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
] as const;

/**
 * One CSV cell (RFC 4180): quoted when it holds a comma, quote or line break. A cell a
 * spreadsheet would read as a formula (= + - @, or a leading tab or CR) gets a leading
 * apostrophe, so a passenger name cannot run code in the operator's spreadsheet.
 */
export function csvCell(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The passenger list as a CSV manifest, CRLF line ends, with a BOM so spreadsheets read UTF-8. */
function manifestCsv(list: TripPassengers): string {
  const lines = [MANIFEST_COLUMNS.join(',')];
  for (const p of list.passengers) {
    lines.push(
      [
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
      ]
        .map(csvCell)
        .join(','),
    );
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

/** The passenger manifest of a trip (SPEC.md section 2, Ticketing) as a CSV file and its name. */
export async function exportTripManifest(opts: {
  db: DbOrTx;
  scheduleId: string;
}): Promise<{ filename: string; csv: string }> {
  const list = await listTripPassengers(opts);
  const filename = `manifest-${list.trip.travelDate}-${list.trip.departureTime.replace(':', '')}.csv`;
  return { filename, csv: manifestCsv(list) };
}
