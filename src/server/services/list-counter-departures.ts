import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { boardingClosures, schedules } from '#server/db/schema.ts';
import type { CounterDay } from '#shared/counter.ts';
import type { PairPrices } from '#shared/fares.ts';
import { listAdminTripsWhere } from './list-admin-trips-where.ts';
import { readFares } from './read-fares.ts';

export type ListCounterDeparturesOptions = {
  db: DbOrTx;
  date: string;
  today: string;
  timeZone: string;
};

/**
 * The departures the counter may sell on one day, in departure order, each stop marked closed
 * once the crew closed boarding there, with the prices of each From -> To it sells; and the
 * default prices.
 */
export async function listCounterDepartures(opts: ListCounterDeparturesOptions): Promise<CounterDay> {
  const { db, date } = opts;
  const trips =
    date < opts.today
      ? []
      : await listAdminTripsWhere({
          db,
          where: and(
            eq(schedules.travelDate, date),
            isNull(schedules.archivedAt),
            eq(schedules.status, 'scheduled'),
          ) as SQL,
          timeZone: opts.timeZone,
        });
  // Each stop to each later one: the pairs a sale on these departures can be priced at.
  const pairsOf = (stops: ReadonlyArray<{ locationId: string }>) =>
    stops.flatMap((from, i) =>
      stops.slice(i + 1).map((to) => ({ originId: from.locationId, destinationId: to.locationId })),
    );
  const [closures, fares] = await readTogether(db, [
    () =>
      trips.length === 0
        ? []
        : db
            .select({ scheduleId: boardingClosures.scheduleId, stop: boardingClosures.stop })
            .from(boardingClosures)
            .where(
              inArray(
                boardingClosures.scheduleId,
                trips.map((t) => t.scheduleId),
              ),
            ),
    () => readFares({ db, pairs: trips.flatMap((trip) => pairsOf(trip.stops)) }),
  ]);
  const closed = new Set(closures.map((c) => `${c.scheduleId}|${c.stop}`));
  const byPair = new Map<string, PairPrices>(fares.pairs.map((p) => [`${p.originId}|${p.destinationId}`, p]));
  const prices = fares.defaults;
  return {
    date,
    today: opts.today,
    departures: trips.map((trip) => ({
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      departureTime: trip.departureTime,
      stops: trip.stops.map((stop, position) => ({
        locationId: stop.locationId,
        name: stop.name,
        departureTime: stop.departureTime,
        closed: closed.has(`${trip.scheduleId}|${position}`),
      })),
      launches: trip.launches,
      fares: pairsOf(trip.stops).flatMap((p) => byPair.get(`${p.originId}|${p.destinationId}`) ?? []),
    })),
    prices: {
      localAdultPrice: prices.localAdultPrice,
      localChildPrice: prices.localChildPrice,
      foreignerAdultPrice: prices.foreignerAdultPrice,
      foreignerChildPrice: prices.foreignerChildPrice,
      exchangeRate: fares.exchangeRate,
    },
    concessions: fares.concessions.map((c) => ({
      code: c.code,
      name: { en: c.nameEn, dv: c.nameDv },
      seat: c.seat,
      idRequired: c.idRequired,
      minAge: c.minAge,
      maxAge: c.maxAge,
      priceRule: c.priceRule,
      percentOff: c.percentOff,
    })),
  };
}
