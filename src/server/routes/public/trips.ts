import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MSG } from '#shared/messages.ts';
import {
  BOOKING_SESSION_HEADER,
  bookingSessionSchema,
  type SeatLockResponse,
  type SeatMap,
  seatLockRequestSchema,
  seatMapQuerySchema,
  type Trip,
  type TripLaunch,
  tripLaunchesQuerySchema,
  tripParamsSchema,
  tripSearchQuerySchema,
} from '#shared/schemas.ts';
import { dateInZone } from '../../lib/clock.ts';
import { AppError } from '../../lib/errors.ts';
import { routeLimit } from '../../lib/rate-limit.ts';
import { listTripLaunches } from '../../services/list-trip-launches.ts';
import { lockSeats, refuseTakenSeats, seatsUnavailable } from '../../services/lock-seats.ts';
import { readSeatMap } from '../../services/read-seat-map.ts';
import { releaseSeats } from '../../services/release-seats.ts';
import { searchTrips } from '../../services/search-trips.ts';

function bookingSession(req: FastifyRequest, required: true): string;
function bookingSession(req: FastifyRequest, required: false): string | undefined;
function bookingSession(req: FastifyRequest, required: boolean): string | undefined {
  const raw = req.headers[BOOKING_SESSION_HEADER];
  if (raw === undefined && !required) return undefined;
  const parsed = bookingSessionSchema.safeParse(typeof raw === 'string' ? raw.trim().toLowerCase() : raw);
  if (!parsed.success) {
    throw new AppError('invalid_booking_session', MSG.bookingSessionInvalid, 400, {
      fields: { [BOOKING_SESSION_HEADER]: MSG.bookingSessionInvalid },
    });
  }
  return parsed.data;
}

export const SEAT_LOCKS_ROUTE = '/api/seat-locks';

export default async function tripRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { config, database, clock, tripSearchCache, seatLockGate } = app.deps;
  const db = database.db;

  app.get(
    '/api/trips',
    { schema: { querystring: tripSearchQuerySchema }, config: routeLimit(config, 'tripSearch') },
    async (req, reply): Promise<Trip[]> => {
      // Seat counts change with every booking and lock.
      reply.header('Cache-Control', 'no-store');
      const now = clock.now();
      const { date, from, to } = req.query;
      // "Today" is part of the key: a search for a day that has just passed finds nothing.
      const key = `${date}|${from ?? ''}|${to ?? ''}|${dateInZone(now, config.tzOperator)}`;
      return tripSearchCache.get(key, () =>
        searchTrips(db, { ...req.query, now, timeZone: config.tzOperator }),
      );
    },
  );

  app.get(
    '/api/trips/:scheduleId/launches',
    {
      schema: { params: tripParamsSchema, querystring: tripLaunchesQuerySchema },
      config: routeLimit(config, 'tripSearch'),
    },
    async (req, reply): Promise<TripLaunch[]> => {
      reply.header('Cache-Control', 'no-store');
      return listTripLaunches(db, {
        scheduleId: req.params.scheduleId,
        travelDate: req.query.date,
        now: clock.now(),
      });
    },
  );

  app.get(
    '/api/trips/:scheduleId/seats',
    {
      schema: { params: tripParamsSchema, querystring: seatMapQuerySchema },
      config: routeLimit(config, 'seatMap'),
    },
    async (req, reply): Promise<SeatMap> => {
      reply.header('Cache-Control', 'no-store');
      return readSeatMap(db, {
        scheduleId: req.params.scheduleId,
        travelDate: req.query.date,
        launchId: req.query.launchId,
        session: bookingSession(req, false),
        now: clock.now(),
      });
    },
  );

  app.post(
    SEAT_LOCKS_ROUTE,
    { schema: { body: seatLockRequestSchema }, config: routeLimit(config, 'seatLock') },
    async (req): Promise<SeatLockResponse> => {
      const session = bookingSession(req, true);
      const now = clock.now();
      const { scheduleId, travelDate, launchId, seats } = req.body;
      const request = { ...req.body, session, now, holdSeconds: config.seatHoldSeconds };
      return seatLockGate.lock(
        { trip: `${scheduleId}|${travelDate}`, launchId, session, seats, now },
        async ({ contested, remember }) => {
          // Seats another session just won here: one read refuses them, no transaction needed.
          if (contested) await refuseTakenSeats(db, request, remember);
          return lockSeats(db, request);
        },
        seatsUnavailable,
      );
    },
  );

  app.delete(
    SEAT_LOCKS_ROUTE,
    { schema: { body: seatLockRequestSchema }, config: routeLimit(config, 'seatLock') },
    async (req) => releaseSeats(db, { ...req.body, session: bookingSession(req, true) }),
  );
}
