import { routeLimit } from '#server/lib/rate-limit.ts';
import { seatsUnavailable } from '#server/lib/seat-checks.ts';
import { holdLimitsOf } from '#server/services/check-hold-limits.ts';
import { emailNotVerified } from '#server/services/find-verified-email.ts';
import { listTripDates } from '#server/services/list-trip-dates.ts';
import { listTripLaunches } from '#server/services/list-trip-launches.ts';
import { lockSeats } from '#server/services/lock-seats.ts';
import { readSeatMap } from '#server/services/read-seat-map.ts';
import { releaseSeats } from '#server/services/release-seats.ts';
import { searchTrips } from '#server/services/search-trips.ts';
import { BOOKING_SESSION_HEADER } from '#shared/http-headers.ts';
import {
  bookingSessionHeadersSchema,
  optionalBookingSessionHeadersSchema,
  passengerSeatLockResponseSchema,
  seatLockRequestSchema,
  seatMapQuerySchema,
  seatMapSchema,
  seatReleaseResponseSchema,
  tripDatesQuerySchema,
  tripDatesSchema,
  tripLaunchesQuerySchema,
  tripLaunchSchema,
  tripParamsSchema,
  tripSchema,
  tripSearchQuerySchema,
} from '#shared/schemas.ts';
import { defineRoutes } from '../define-routes.ts';

/** The booking journey's reads and seat locks (the HTTP API in docs/architecture.md). */
export default defineRoutes(
  async (app, { config, clock, tripSearchCache, tripPricesCache, seatMapCache, seatLockGate, db }) => {
    app.get(
      '/api/trips',
      {
        schema: { querystring: tripSearchQuerySchema, response: { 200: tripSchema.array() } },
        config: routeLimit(config, 'tripSearch'),
      },
      async (req, reply) => {
        // Seat counts change with every booking and lock.
        reply.header('Cache-Control', 'no-store');
        // The date's trips are shared by every From x To for a moment; seats, and departures that
        // have left, are worked out per request from the clock.
        return searchTrips({
          db,
          ...req.query,
          now: clock.now(),
          timeZone: config.tzOperator,
          cache: tripSearchCache,
          pricesCache: tripPricesCache,
        });
      },
    );

    app.get(
      '/api/trips/nearest-dates',
      {
        schema: { querystring: tripDatesQuerySchema, response: { 200: tripDatesSchema } },
        config: routeLimit(config, 'tripSearch'),
      },
      async (req, reply) => {
        // What is bookable changes with the clock and the timetable: never kept.
        reply.header('Cache-Control', 'no-store');
        return listTripDates({ db, ...req.query, now: clock.now(), timeZone: config.tzOperator });
      },
    );

    app.get(
      '/api/trips/:scheduleId/launches',
      {
        schema: {
          params: tripParamsSchema,
          querystring: tripLaunchesQuerySchema,
          response: { 200: tripLaunchSchema.array() },
        },
        config: routeLimit(config, 'tripSearch'),
      },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        // Free seats are counted for the passenger's From -> To (the whole departure without).
        return listTripLaunches({
          db,
          scheduleId: req.params.scheduleId,
          travelDate: req.query.date,
          originId: req.query.originId,
          destinationId: req.query.destinationId,
          now: clock.now(),
        });
      },
    );

    app.get(
      '/api/trips/:scheduleId/seats',
      {
        schema: {
          params: tripParamsSchema,
          querystring: seatMapQuerySchema,
          headers: optionalBookingSessionHeadersSchema,
          response: { 200: seatMapSchema },
        },
        config: routeLimit(config, 'seatMap'),
      },
      async (req, reply) => {
        reply.header('Cache-Control', 'no-store');
        // Seen from the passenger's From -> To (the whole departure without).
        return readSeatMap({
          db,
          scheduleId: req.params.scheduleId,
          travelDate: req.query.date,
          launchId: req.query.launchId,
          originId: req.query.originId,
          destinationId: req.query.destinationId,
          session: req.headers[BOOKING_SESSION_HEADER],
          now: clock.now(),
          cache: seatMapCache,
        });
      },
    );

    app.post(
      '/api/seat-locks',
      {
        schema: {
          headers: bookingSessionHeadersSchema,
          body: seatLockRequestSchema,
          response: { 200: passengerSeatLockResponseSchema },
        },
        config: { ...routeLimit(config, 'seatLock'), keepsSeatLockGate: true, seatLockChannel: 'online' },
      },
      async (req) => {
        const session = req.headers[BOOKING_SESSION_HEADER];
        const now = clock.now();
        const { scheduleId, travelDate, launchId, seats, verificationToken, ...hold } = req.body;
        // Step 2 comes before the seats: no verified e-mail, no lock.
        if (!verificationToken) throw emailNotVerified();
        const request = {
          ...hold,
          db,
          scheduleId,
          travelDate,
          launchId,
          seats,
          session,
          now,
          holdSeconds: config.seatHoldSeconds,
          timeZone: config.tzOperator,
          passenger: { verificationToken, clientIp: req.ip, limits: holdLimitsOf(config) },
        };
        // A return holds two departures at once: straight to the database, which decides both.
        if (hold.return) return lockSeats(request);
        return seatLockGate.lock(
          {
            trip: `${scheduleId}|${travelDate}`,
            launchId,
            stretch: `${hold.originId ?? ''}>${hold.destinationId ?? ''}`,
            session,
            seats,
            now,
          },
          // Who holds the seats, as the lock reads them, is remembered for the next request.
          ({ remember }) => lockSeats({ ...request, remember }),
          seatsUnavailable,
        );
      },
    );

    app.delete(
      '/api/seat-locks',
      {
        schema: {
          headers: bookingSessionHeadersSchema,
          body: seatLockRequestSchema,
          response: { 200: seatReleaseResponseSchema },
        },
        config: routeLimit(config, 'seatLock'),
      },
      async (req) => {
        const result = await releaseSeats({ db, ...req.body, session: req.headers[BOOKING_SESSION_HEADER] });
        // Nothing was held: every cached answer is still right.
        if (result.released === 0) req.changedNothing = true;
        return result;
      },
    );
  },
);
