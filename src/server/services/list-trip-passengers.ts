import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { launches, locations, tickets } from '#server/db/schema.ts';
import type { MarkedStatus, TripPassenger, TripPassengers } from '#shared/admin-api.ts';
import { readAdminTrip } from './list-admin-trips.ts';

const origin = alias(locations, 'origin');
const destination = alias(locations, 'destination');

/** Trip management (SPEC.md section 2, Ticketing): the passengers of confirmed tickets, by name. */
export async function listTripPassengers(opts: { db: DbOrTx; scheduleId: string }): Promise<TripPassengers> {
  const trip = await readAdminTrip(opts.db, opts.scheduleId);
  const rows = await opts.db
    .select({
      ticket: tickets,
      launchName: launches.name,
      originName: origin.name,
      destinationName: destination.name,
    })
    .from(tickets)
    .leftJoin(launches, eq(launches.id, tickets.launchId))
    .leftJoin(origin, eq(origin.id, tickets.userOriginId))
    .leftJoin(destination, eq(destination.id, tickets.userDestinationId))
    .where(and(eq(tickets.scheduleId, opts.scheduleId), eq(tickets.ticketStatus, 'confirmed')))
    .orderBy(asc(tickets.passengerName), asc(tickets.paymentReference));
  const passengers: TripPassenger[] = rows.map(({ ticket: t, launchName, originName, destinationName }) => ({
    ticketId: t.id,
    reference: t.paymentReference,
    name: t.passengerName,
    phone: t.passengerPhone,
    nationality: t.passengerNationality,
    from: t.userOriginId && originName !== null ? { id: t.userOriginId, name: originName } : null,
    to:
      t.userDestinationId && destinationName !== null
        ? { id: t.userDestinationId, name: destinationName }
        : null,
    departureTime: t.passengerDepartureTime ? t.passengerDepartureTime.slice(0, 5) : null,
    seatNumbers: t.seatNumbers,
    launch: launchName === null ? null : { id: t.launchId, name: launchName },
    adultCount: t.adultCount,
    childCount: t.childCount,
    markedStatus: (t.markedStatus as MarkedStatus | null) ?? null,
  }));
  return { trip, passengers };
}

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
export function manifestCsv(list: TripPassengers): string {
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
