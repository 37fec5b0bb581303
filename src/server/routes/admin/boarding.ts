import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { addDays, dateInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { checkTicketOnTrip } from '#server/services/check-ticket-on-trip.ts';
import { closeBoarding } from '#server/services/close-boarding.ts';
import { listAdminTrips } from '#server/services/list-admin-trips.ts';
import { listTripPassengers } from '#server/services/list-trip-passengers.ts';
import { markTicket } from '#server/services/mark-ticket.ts';
import { readBoardingManifest } from '#server/services/read-boarding-manifest.ts';
import { readScheduleDate } from '#server/services/read-schedule-date.ts';
import { reopenBoarding } from '#server/services/reopen-boarding.ts';
import { syncBoardings } from '#server/services/sync-boardings.ts';
import {
  boardingDaySchema,
  boardingMarkSchema,
  boardingTicketParamsSchema,
  closeBoardingParamsSchema,
  tripIdParamsSchema,
  tripPassengersSchema,
} from '#shared/admin-api.ts';
import {
  boardingManifestSchema,
  boardingSyncResultSchema,
  boardingSyncSchema,
  closeBoardingSchema,
  reopenBoardingSchema,
} from '#shared/boarding.ts';
import { MSG } from '#shared/messages/api.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { defineRoutes } from '../define-routes.ts';
import { finalManifestSchema, sendFinalManifest } from './final-manifest.ts';
import { adminCan, adminOf } from './index.ts';

const permission = 'boarding.board' as const;

/**
 * Boarding at the jetty (Crew and Counter): today's departures, their passengers, and who is on
 * board. Only today's departures in the operator's day: a crew member never sees another day's
 * passengers.
 */
export default defineRoutes(async (app, { clock, config, db }) => {
  const today = () => dateInZone(clock.now(), config.tzOperator);

  const requireToday = async (scheduleId: string) => {
    const date = await readScheduleDate({ db, scheduleId });
    if (date === undefined) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
    if (date !== today()) throw new AppError('forbidden', STAFF_MSG.boardingTodayOnly, 403);
  };
  const manifestOf = (scheduleId: string) =>
    readBoardingManifest({
      db,
      scheduleId,
      keys: app.deps.ticketSigner().publicKeys,
      now: clock.now(),
      timeZone: config.tzOperator,
    });

  app.get(
    '/api/admin/boarding',
    { config: { permission }, schema: { response: { 200: boardingDaySchema } } },
    async () => {
      const date = today();
      return { date, ...(await listAdminTrips({ db, date, timeZone: config.tzOperator })) };
    },
  );

  app.get(
    '/api/admin/boarding/:scheduleId',
    {
      config: { permission },
      schema: { params: tripIdParamsSchema, response: { 200: tripPassengersSchema } },
    },
    async (req) => {
      await requireToday(req.params.scheduleId);
      return listTripPassengers({ db, scheduleId: req.params.scheduleId, timeZone: config.tzOperator });
    },
  );

  app.post(
    '/api/admin/boarding/:scheduleId/tickets/:ticketId',
    {
      config: { permission },
      schema: {
        params: boardingTicketParamsSchema,
        body: boardingMarkSchema,
        response: { 200: tripPassengersSchema },
      },
    },
    async (req) => {
      const { scheduleId, ticketId } = req.params;
      await requireToday(scheduleId);
      await checkTicketOnTrip({ db, scheduleId, ticketId });
      await markTicket({
        db,
        clock,
        actorUserId: adminOf(req).id,
        ticketId,
        status: req.body.status,
        reason: req.body.reason,
        mayOverride: adminCan(req, 'boarding.override'),
      });
      return listTripPassengers({ db, scheduleId, timeZone: config.tzOperator });
    },
  );

  app.get(
    '/api/admin/boarding/:scheduleId/manifest',
    {
      config: { permission },
      schema: { params: tripIdParamsSchema, response: { 200: boardingManifestSchema } },
    },
    async (req, reply) => {
      await requireToday(req.params.scheduleId);
      // Names and seats: kept by the device in IndexedDB, never by an HTTP cache.
      reply.header('Cache-Control', 'private, no-store');
      return manifestOf(req.params.scheduleId);
    },
  );

  app.post(
    '/api/admin/boarding/sync',
    {
      config: { permission },
      schema: { body: boardingSyncSchema, response: { 200: boardingSyncResultSchema } },
    },
    async (req) => {
      // A device that was offline sends its boardings at the next sign-in: yesterday's still count.
      const day = today();
      const mayBoard = (travelDate: string) => travelDate === day || travelDate === addDays(day, -1);
      const results = await syncBoardings({
        db,
        userId: adminOf(req).id,
        deviceId: req.body.deviceId,
        boardings: req.body.boardings,
        now: clock.now(),
        mayBoard,
      });
      return { results };
    },
  );

  /** Closing or reopening a stop: the departure's manifest as it then stands. */
  const stopChange = <B extends z.ZodType>(body: B) => ({
    config: { permission: 'boarding.close' as const },
    schema: { params: closeBoardingParamsSchema, body, response: { 200: boardingManifestSchema } },
  });
  const changingStop = (req: FastifyRequest & { params: { scheduleId: string; stop: number } }) => {
    const admin = adminOf(req);
    const { scheduleId, stop } = req.params;
    return { db, scheduleId, stop, actor: { id: admin.id, name: admin.username }, now: clock.now() };
  };

  app.post(
    '/api/admin/boarding/:scheduleId/stops/:stop/close',
    stopChange(closeBoardingSchema),
    async (req) => {
      await requireToday(req.params.scheduleId);
      await closeBoarding({ ...changingStop(req), crew: req.body.crew });
      return manifestOf(req.params.scheduleId);
    },
  );

  // Whoever may close a stop may reopen it (the last one closed), saying why.
  app.post(
    '/api/admin/boarding/:scheduleId/stops/:stop/reopen',
    stopChange(reopenBoardingSchema),
    async (req) => {
      await requireToday(req.params.scheduleId);
      await reopenBoarding({ ...changingStop(req), reason: req.body.reason });
      return manifestOf(req.params.scheduleId);
    },
  );

  app.get(
    '/api/admin/boarding/:scheduleId/final-manifest.csv',
    { config: { permission: 'boarding.close' }, schema: finalManifestSchema },
    async (req, reply) => {
      await requireToday(req.params.scheduleId);
      return sendFinalManifest(req, reply, req.params.scheduleId);
    },
  );
});
