import { partyFare } from '#shared/fare.ts';
import type { Trip, TripSearchQuery } from '#shared/schemas.ts';
import type { DbOrTx } from '../db/client.ts';
import { dateInZone, instantInZone } from '../lib/clock.ts';
import type { MicroCache } from '../lib/micro-cache.ts';
import { loadTripDay, type TripDay } from './load-trip-day.ts';
import { type Fares, firstPair, readFares } from './read-fares.ts';
import { readReturnDiscount } from './read-return-discount.ts';

export type SearchTripsOptions = TripSearchQuery & {
  db: DbOrTx;
  now: Date;
  timeZone: string;
  /** Each date's trips, shared by every search of it for a moment; without it, one statement per call. */
  cache?: MicroCache<TripDay> | undefined;
  /** Each pair's prices, shared the same way: a search of a fresh date and pair costs no statement. */
  pricesCache?: MicroCache<TripPrices> | undefined;
};

/** A From -> To pair's fares, and the discount of a return's way back on it when asked. */
export type TripPrices = { fares: Fares; discount: Awaited<ReturnType<typeof readReturnDiscount>> };

/**
 * docs/product.md section 5: non-completed schedules on that date where From is a stop before To, that
 * have not left the From stop yet; only active launches count (docs/product.md section 10.5).
 * With a cache (keyed by date), a search costs no statement while the date's answer is fresh.
 */
export async function searchTrips(opts: SearchTripsOptions): Promise<Trip[]> {
  const { db, date, from, to, now, cache } = opts;
  // From or To alone finds nothing; neither does a day already gone in the operator's zone.
  if (!from || !to || from === to) return [];
  const today = dateInZone(now, opts.timeZone);
  if (date < today) return [];
  const readPrices = async (): Promise<TripPrices> => {
    const [fares, discount] = await Promise.all([
      readFares({ db, pairs: [{ originId: from, destinationId: to }] }),
      // As a return's way back, the outbound ran To -> From (docs/decisions/037-return-trips.md).
      opts.returning ? readReturnDiscount({ db, originId: to, destinationId: from }) : null,
    ]);
    return { fares, discount };
  };
  const [day, { fares, discount }] = await Promise.all([
    cache ? cache.get(date, () => loadTripDay({ db, date })) : loadTripDay({ db, date }),
    opts.pricesCache
      ? opts.pricesCache.get(`${from}|${to}|${opts.returning ? 'back' : 'one'}`, readPrices)
      : readPrices(),
  ]);
  const trips = tripsBetween(day, { from, to, now, today, timeZone: opts.timeZone });
  if (trips.length === 0) return [];
  // The From -> To pair's prices are the same for every departure between them: the fare is the
  // party's, worked out as a booking's total is (create-booking.ts), before any seat is chosen.
  const prices = firstPair(fares);
  const fare = partyFare({ ...opts, concessionTickets: opts.concessions }, prices, fares.exchangeRate);
  const { localAdultPrice, localChildPrice, foreignerAdultPrice, foreignerChildPrice } = prices;
  const unitPrices = {
    localAdultPrice,
    localChildPrice,
    foreignerAdultPrice,
    foreignerChildPrice,
    // The infant's and the concessions' (docs/decisions/036): the wizard previews them as charged.
    ...('categoryPrices' in prices ? { categoryPrices: prices.categoryPrices } : {}),
  };
  // '10.00' -> '10', '7.50' -> '7.5': the percent as a passenger reads it.
  const returnDiscount = discount ? { returnDiscountPercent: String(Number(discount)) } : {};
  return trips.map((trip) => ({ ...trip, fare, prices: unitPrices, ...returnDiscount }));
}

/** The trips of a day between two stops at `now`, by departure from the From stop. */
export function tripsBetween(
  day: TripDay,
  opts: { from: string; to: string; now: Date; today: string; timeZone: string },
): Array<Omit<Trip, 'fare' | 'prices'>> {
  const found = day.byPair.get(`${opts.from}|${opts.to}`);
  if (!found) return [];
  const at = opts.now.getTime();
  const trips: Array<Omit<Trip, 'fare' | 'prices'>> = [];
  for (const t of found) {
    // Today's departures that have left the From stop are gone (the same rule locks and bookings keep).
    if (day.date === opts.today) {
      t.departsAt ??= instantInZone(day.date, t.trip.departureTime, opts.timeZone).getTime();
      if (t.departsAt <= at) continue;
    }
    // docs/product.md section 10.5: seat labels minus seats held by a pending or confirmed
    // ticket or by anyone's live lock, over the active launches; held, that is, for a leg of the
    // searched From -> To (docs/decisions/032-seats-per-leg.md).
    let availableSeats = 0;
    for (const launch of t.launches) {
      availableSeats += launch.free;
      for (const end of launch.lockEnds) if (end > at) availableSeats--;
    }
    const { trip } = t;
    trips.push({
      scheduleId: trip.scheduleId,
      travelDate: trip.travelDate,
      from: trip.from,
      to: trip.to,
      departureTime: trip.departureTime,
      passengerDepartureTime: trip.passengerDepartureTime,
      stops: trip.stops,
      launchIds: trip.launchIds,
      availableSeats,
      status: trip.status,
      arrivalTime: trip.arrivalTime,
      durationMinutes: trip.durationMinutes,
    });
  }
  return trips;
}
