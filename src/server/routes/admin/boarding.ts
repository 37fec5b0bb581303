import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schedules, tickets } from '#server/db/schema.ts';
import { addDays, dateInZone } from '#server/lib/clock.ts';
import { sendCsv } from '#server/lib/csv.ts';
import { AppError } from '#server/lib/errors.ts';
import { closeBoarding } from '#server/services/close-boarding.ts';
import { exportFinalManifest } from '#server/services/export-final-manifest.ts';
import { listAdminTrips } from '#server/services/list-admin-trips.ts';
import { listTripPassengers } from '#server/services/list-trip-passengers.ts';
import { markTicket } from '#server/services/mark-ticket.ts';
import { readBoardingManifest } from '#server/services/read-boarding-manifest.ts';
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
import { MSG } from '#shared/messages.ts';
import { STAFF_MSG } from '#shared/staff-messages.ts';
import { adminCan, adminOf } from './index.ts';

const permission = 'boarding.board' as const;

/**
 * Boarding at the jetty (Crew and Counter): today's departures, their passengers, and who is on
 * board. Only today's departures in the operator's day: a crew member never sees another day's
 * passengers.
 */
export default async function adminBoardingRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.deps;
  const db = database.db;
  const today = () => dateInZone(clock.now(), config.tzOperator);

  const requireToday = async (scheduleId: string) => {
    const [row] = await db
      .select({ date: schedules.travelDate })
      .from(schedules)
      .where(eq(schedules.id, scheduleId))
      .limit(1);
    if (!row) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
    if (row.date !== today()) throw new AppError('forbidden', STAFF_MSG.boardingTodayOnly, 403);
  };

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
      const [ticket] = await db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.id, ticketId), eq(tickets.scheduleId, scheduleId)))
        .limit(1);
      if (!ticket) throw new AppError('ticket_not_found', MSG.ticketNotFound, 404);
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
      return readBoardingManifest({
        db,
        scheduleId: req.params.scheduleId,
        keys: app.deps.ticketSigner().publicKeys,
        now: clock.now(),
        timeZone: config.tzOperator,
      });
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

  app.post(
    '/api/admin/boarding/:scheduleId/stops/:stop/close',
    {
      config: { permission: 'boarding.close' },
      schema: {
        params: closeBoardingParamsSchema,
        body: closeBoardingSchema,
        response: { 200: boardingManifestSchema },
      },
    },
    async (req) => {
      const { scheduleId, stop } = req.params;
      await requireToday(scheduleId);
      const admin = adminOf(req);
      await closeBoarding({
        db,
        scheduleId,
        stop,
        crew: req.body.crew,
        actor: { id: admin.id, name: admin.username },
        now: clock.now(),
      });
      return readBoardingManifest({
        db,
        scheduleId,
        keys: app.deps.ticketSigner().publicKeys,
        now: clock.now(),
        timeZone: config.tzOperator,
      });
    },
  );

  // Whoever may close a stop may reopen it (the last one closed), saying why.
  app.post(
    '/api/admin/boarding/:scheduleId/stops/:stop/reopen',
    {
      config: { permission: 'boarding.close' },
      schema: {
        params: closeBoardingParamsSchema,
        body: reopenBoardingSchema,
        response: { 200: boardingManifestSchema },
      },
    },
    async (req) => {
      const { scheduleId, stop } = req.params;
      await requireToday(scheduleId);
      const admin = adminOf(req);
      await reopenBoarding({
        db,
        scheduleId,
        stop,
        reason: req.body.reason,
        actor: { id: admin.id, name: admin.username },
        now: clock.now(),
      });
      return readBoardingManifest({
        db,
        scheduleId,
        keys: app.deps.ticketSigner().publicKeys,
        now: clock.now(),
        timeZone: config.tzOperator,
      });
    },
  );

  app.get(
    '/api/admin/boarding/:scheduleId/final-manifest.csv',
    {
      config: { permission: 'boarding.close' },
      schema: {
        params: tripIdParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The final manifest, CSV') },
      },
    },
    async (req, reply) => {
      await requireToday(req.params.scheduleId);
      return sendCsv(
        reply,
        await exportFinalManifest({
          db,
          scheduleId: req.params.scheduleId,
          tz: config.tzOperator,
          now: clock.now(),
        }),
      );
    },
  );
}
