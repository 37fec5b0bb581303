import { and, asc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client.ts';
import { launches, locations, partners, tickets } from '#server/db/schema.ts';
import { boardedPersons } from '#server/lib/boarded-persons.ts';
import { concessionsOf, partyOf, readPersons } from '#server/lib/persons.ts';
import { saleChannel } from '#server/lib/sale-channel.ts';
import type { MarkedStatus, TripPassenger, TripPassengers } from '#shared/admin-api.ts';
import { readAdminTrip } from './read-admin-trip.ts';
import { readConcessions } from './read-concessions.ts';
import { stopPositions } from './read-route-stops.ts';

const origin = alias(locations, 'origin');
const destination = alias(locations, 'destination');

export type ListTripPassengersOptions = {
  db: DbOrTx;
  scheduleId: string;
  timeZone: string;
};

/**
 * Trip management (docs/product.md section 2, Ticketing): the passengers of confirmed tickets, by
 * name, each with every person of the party named and how many are on board.
 */
export async function listTripPassengers(opts: ListTripPassengersOptions): Promise<TripPassengers> {
  const trip = await readAdminTrip(opts);
  const rows = await opts.db
    .select({
      ticket: tickets,
      launchName: launches.name,
      originName: origin.name,
      destinationName: destination.name,
      partnerName: partners.name,
      boarded: boardedPersons,
    })
    .from(tickets)
    .leftJoin(launches, eq(launches.id, tickets.launchId))
    .leftJoin(origin, eq(origin.id, tickets.userOriginId))
    .leftJoin(destination, eq(destination.id, tickets.userDestinationId))
    .leftJoin(partners, eq(partners.id, tickets.partnerId))
    .where(and(eq(tickets.scheduleId, opts.scheduleId), eq(tickets.ticketStatus, 'confirmed')))
    .orderBy(asc(tickets.passengerName), asc(tickets.paymentReference));
  const stops = [...trip.stops].sort((a, b) => a.stopOrder - b.stopOrder);
  const named = await readPersons(
    opts.db,
    rows.map((r) => r.ticket.id),
  );
  const categories = new Map((await readConcessions({ db: opts.db, all: true })).map((c) => [c.code, c]));
  const passengers: TripPassenger[] = rows.map(
    ({ ticket: t, launchName, originName, destinationName, partnerName, boarded }) => ({
      ticketId: t.id,
      reference: t.paymentReference,
      // A return's way back is a row of its own departure's manifest, marked (docs/decisions/037).
      ...(t.journey === 2 ? { journey: 2 as const } : {}),
      name: t.passengerName,
      phone: t.passengerPhone,
      nationality: t.passengerNationality,
      from: t.userOriginId && originName !== null ? { id: t.userOriginId, name: originName } : null,
      to:
        t.userDestinationId && destinationName !== null
          ? { id: t.userDestinationId, name: destinationName }
          : null,
      ...stopPositions(stops, t),
      departureTime: t.passengerDepartureTime ? t.passengerDepartureTime.slice(0, 5) : null,
      seatNumbers: t.seatNumbers,
      launch: launchName === null ? null : { id: t.launchId, name: launchName },
      adultCount: t.adultCount,
      childCount: t.childCount,
      infantCount: t.infantCount,
      ...partyOf(t, named.get(t.id)),
      ...concessionsOf(t.ticketBreakdown, categories),
      boarded,
      markedStatus: (t.markedStatus as MarkedStatus | null) ?? null,
      channel: saleChannel(t.channel),
      partnerName,
    }),
  );
  return { trip, passengers };
}
