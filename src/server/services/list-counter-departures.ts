import { and, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import { type DbOrTx, readTogether } from '#server/db/client.ts';
import { boardingClosures, schedules } from '#server/db/schema.ts';
import { DEFAULT_EXCHANGE_RATE, DEFAULT_PRICES } from '#shared/constants.ts';
import type { CounterDay } from '#shared/counter.ts';
import { listAdminTripsWhere } from './list-admin-trips-where.ts';
import { readSettingsRow } from './read-settings-row.ts';

export type ListCounterDeparturesOptions = {
  db: DbOrTx;
  date: string;
  today: string;
  timeZone: string;
};

/**
 * The departures the counter may sell on one day, in departure order, each stop marked closed
 * once the crew closed boarding there; and the prices the sale will be charged at.
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
  const [closures, settings] = await readTogether(db, [
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
    () => readSettingsRow({ db, table: 'payment' }),
  ]);
  const closed = new Set(closures.map((c) => `${c.scheduleId}|${c.stop}`));
  const prices = settings ?? DEFAULT_PRICES;
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
    })),
    prices: {
      localAdultPrice: prices.localAdultPrice,
      localChildPrice: prices.localChildPrice,
      foreignerAdultPrice: prices.foreignerAdultPrice,
      foreignerChildPrice: prices.foreignerChildPrice,
      exchangeRate: settings?.exchangeRate ?? DEFAULT_EXCHANGE_RATE,
    },
  };
}
