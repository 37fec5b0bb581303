import { and, asc, eq } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import { launches, locations, scheduleLaunches, scheduleRouteStops, schedules } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { refuseUnknownSeats } from '#server/lib/seat-checks.ts';
import { type Stretch, stretchOn } from '#server/lib/stretch.ts';
import { MSG } from '#shared/messages/api.ts';
import type { BookingInput } from '#shared/schemas.ts';
import { launchUnavailable } from './read-trip-launch.ts';
import { refuseClosedDeparture } from './refuse-closed-departure.ts';
import { refuseCounterClosed } from './refuse-counter-closed.ts';

const invalidSchedule = () => new AppError('invalid_schedule', MSG.invalidSchedule, 400);

export type CheckTripOptions = {
  db: Tx;
  input: Pick<
    BookingInput,
    'scheduleId' | 'travelDate' | 'originId' | 'destinationId' | 'launchId' | 'seats'
  >;
  now: Date;
  timeZone: string;
  atCounter?: boolean;
};

type TripCheck = {
  passengerDepartureTime: string;
  fromName: string;
  toName: string;
  /** The From and To names in Dhivehi ('' when not given). */
  fromNameDv: string;
  toNameDv: string;
  launchName: string;
  /** The legs the seats are taken for (docs/decisions/032). */
  stretch: Stretch;
  /** The timetable's time at the To stop; null when it gives none. */
  arrivalTime: string | null;
};

/**
 * The trip must exist, be open, run on the requested date and launch, pass From before To, and
 * not have left the passenger's From stop yet; at the counter (`atCounter`), not have closed
 * boarding there yet.
 */
export async function checkTrip(opts: CheckTripOptions): Promise<TripCheck> {
  const { db, input } = opts;
  // Held until the booking commits: an edit of the route's stops waits, so the stop positions its
  // seats are written at are the route's (docs/decisions/032).
  const [schedule] = await db.select().from(schedules).where(eq(schedules.id, input.scheduleId)).for('share');
  if (
    !schedule ||
    schedule.archivedAt ||
    // Completed or cancelled by the operator: no longer offered.
    schedule.status !== 'scheduled' ||
    schedule.travelDate !== input.travelDate
  ) {
    throw invalidSchedule();
  }
  const stops = await db
    .select({
      locationId: scheduleRouteStops.locationId,
      stopOrder: scheduleRouteStops.stopOrder,
      departureTime: scheduleRouteStops.departureTime,
      name: locations.name,
      nameDv: locations.nameDv,
    })
    .from(scheduleRouteStops)
    .innerJoin(locations, eq(locations.id, scheduleRouteStops.locationId))
    .where(eq(scheduleRouteStops.scheduleId, schedule.id))
    .orderBy(asc(scheduleRouteStops.stopOrder));
  const stretch = stretchOn(
    stops.map((s) => s.locationId),
    input.originId,
    input.destinationId,
  );
  if (!stretch) throw invalidSchedule();

  if (opts.atCounter) {
    await refuseCounterClosed({
      db,
      trip: schedule,
      originId: input.originId,
      now: opts.now,
      timeZone: opts.timeZone,
    });
  } else {
    refuseClosedDeparture({
      trip: schedule,
      stops,
      originId: input.originId,
      timeZone: opts.timeZone,
      now: opts.now,
    });
  }

  const [launch] = await db
    .select({
      name: launches.name,
      seatNumbers: launches.seatNumbers,
      status: launches.status,
      archivedAt: launches.archivedAt,
    })
    .from(scheduleLaunches)
    .innerJoin(launches, eq(launches.id, scheduleLaunches.launchId))
    .where(and(eq(scheduleLaunches.scheduleId, schedule.id), eq(scheduleLaunches.launchId, input.launchId)));
  if (!launch) throw invalidSchedule();
  if (launch.status !== 'active' || launch.archivedAt) throw launchUnavailable();
  refuseUnknownSeats({ seatNumbers: launch.seatNumbers, seats: input.seats });

  const from = stops[stretch.fromStop];
  const to = stops[stretch.toStop];
  return {
    passengerDepartureTime: from?.departureTime ?? schedule.departureTime,
    fromName: from?.name ?? '',
    toName: to?.name ?? '',
    fromNameDv: from?.nameDv ?? '',
    toNameDv: to?.nameDv ?? '',
    launchName: launch.name,
    stretch,
    arrivalTime: to?.departureTime ?? null,
  };
}
