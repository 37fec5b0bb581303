import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { addDays, dateInZone } from '#server/lib/clock.ts';
import { sendCsv } from '#server/lib/csv.ts';
import { AppError } from '#server/lib/errors.ts';
import { cancelDeparture } from '#server/services/cancel-departure.ts';
import { delayDeparture } from '#server/services/delay-departure.ts';
import { exportTripManifest } from '#server/services/export-trip-manifest.ts';
import { listAdminTrips } from '#server/services/list-admin-trips.ts';
import { listDisruptions } from '#server/services/list-disruptions.ts';
import { listTripPassengers } from '#server/services/list-trip-passengers.ts';
import { moveDeparture } from '#server/services/move-departure.ts';
import { previewCancellation } from '#server/services/preview-cancellation.ts';
import { previewDelay } from '#server/services/preview-delay.ts';
import { previewMove } from '#server/services/preview-move.ts';
import { readBoardingManifest } from '#server/services/read-boarding-manifest.ts';
import { readScheduleDate } from '#server/services/read-schedule-date.ts';
import { setScheduleStatus } from '#server/services/set-schedule-status.ts';
import {
  adminTripListSchema,
  adminTripSchema,
  scheduleIdParamsSchema,
  scheduleStatusSchema,
  tripIdParamsSchema,
  tripListQuerySchema,
  tripPassengersSchema,
} from '#shared/admin-api.ts';
import { personsOnBoard, tripOnBoardSchema } from '#shared/boarding.ts';
import {
  cancelDepartureSchema,
  cancelPreviewQuerySchema,
  cancelPreviewSchema,
  delayDepartureSchema,
  delayPreviewQuerySchema,
  delayPreviewSchema,
  delayResultSchema,
  disruptionListSchema,
  moveDepartureSchema,
  movePlanSchema,
  movePreviewQuerySchema,
} from '#shared/disruptions.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { defineRoutes } from '../define-routes.ts';
import { finalManifestSchema, sendFinalManifest } from './final-manifest.ts';
import { adminCan, adminOf, thenSendMail } from './index.ts';

/** Ticketing (docs/product.md section 2): trips of a day, their passengers, the manifest, trip status. */
export default defineRoutes(async (app, { clock, config, db }) => {
  /**
   * Counter staff read the manifests of today's and tomorrow's departures only (the operator's
   * days); a departure further off, or past, is refused like any forbidden route.
   */
  const requireNearDate = (req: FastifyRequest, date: string | undefined) => {
    if (adminCan(req, 'manifests.read')) return;
    const today = dateInZone(clock.now(), config.tzOperator);
    if (date !== today && date !== addDays(today, 1))
      throw new AppError('forbidden', STAFF_MSG.forbidden, 403);
  };
  const requireNearTrip = async (req: FastifyRequest, scheduleId: string) => {
    if (adminCan(req, 'manifests.read')) return;
    requireNearDate(req, await readScheduleDate({ db, scheduleId }));
  };

  app.get(
    '/api/admin/trips',
    {
      config: { permission: ['manifests.read', 'manifests.near'] },
      schema: { querystring: tripListQuerySchema, response: { 200: adminTripListSchema } },
    },
    async (req) => {
      requireNearDate(req, req.query.date ?? dateInZone(clock.now(), config.tzOperator));
      return listAdminTrips({ db, date: req.query.date, timeZone: config.tzOperator });
    },
  );

  app.get(
    '/api/admin/trips/:scheduleId/passengers',
    {
      config: { permission: ['manifests.read', 'manifests.near'] },
      schema: { params: tripIdParamsSchema, response: { 200: tripPassengersSchema } },
    },
    async (req) => {
      await requireNearTrip(req, req.params.scheduleId);
      return listTripPassengers({ db, scheduleId: req.params.scheduleId, timeZone: config.tzOperator });
    },
  );

  app.get(
    '/api/admin/trips/:scheduleId/manifest.csv',
    {
      config: { permission: ['manifests.read', 'manifests.near'] },
      schema: {
        params: tripIdParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The passenger manifest, CSV') },
      },
    },
    async (req, reply) => {
      await requireNearTrip(req, req.params.scheduleId);
      return sendCsv(
        reply,
        await exportTripManifest({ db, scheduleId: req.params.scheduleId, timeZone: config.tzOperator }),
      );
    },
  );

  app.get(
    '/api/admin/trips/:scheduleId/on-board',
    {
      config: { permission: ['manifests.read', 'manifests.near'] },
      schema: { params: tripIdParamsSchema, response: { 200: tripOnBoardSchema } },
    },
    async (req) => {
      await requireNearTrip(req, req.params.scheduleId);
      const manifest = await readBoardingManifest({
        db,
        scheduleId: req.params.scheduleId,
        keys: [],
        now: clock.now(),
        timeZone: config.tzOperator,
      });
      const name = (i: number) => manifest.stops[i]?.name ?? '';
      return {
        legs: personsOnBoard(manifest).map((l) => ({ ...l, from: name(l.from), to: name(l.to) })),
        stops: manifest.stops,
        pending: manifest.passengers
          .filter((p) => p.status === 'pending')
          .map((p) => ({ reference: p.reference, name: p.name })),
      };
    },
  );

  app.get(
    '/api/admin/trips/:scheduleId/final-manifest.csv',
    { config: { permission: ['manifests.read', 'manifests.near'] }, schema: finalManifestSchema },
    async (req, reply) => {
      await requireNearTrip(req, req.params.scheduleId);
      return sendFinalManifest(req, reply, req.params.scheduleId);
    },
  );

  app.post(
    '/api/admin/schedules/:id/status',
    {
      config: { permission: 'timetable.manage' },
      schema: {
        params: scheduleIdParamsSchema,
        body: scheduleStatusSchema,
        response: { 200: adminTripSchema },
      },
    },
    async (req) =>
      setScheduleStatus({
        db,
        clock,
        actorUserId: adminOf(req).id,
        scheduleId: req.params.id,
        status: req.body.status,
        timeZone: config.tzOperator,
      }),
  );

  // --- Disruptions (docs/decisions/026) ----------------------------------------------------

  /** A preview of a disruption: what it would do, before anything changes. */
  const preview = <Q extends z.ZodType, R extends z.ZodType>(querystring: Q, response: R) => ({
    config: { permission: 'disruptions.manage' as const },
    schema: { params: tripIdParamsSchema, querystring, response: { 200: response } },
  });
  /** A disruption itself; its notices are queued in its transaction, and sent at once. */
  const disruption = <B extends z.ZodType, R extends z.ZodType>(body: B, response: R) => ({
    config: { permission: 'disruptions.manage' as const },
    schema: { params: tripIdParamsSchema, body, response: { 200: response } },
  });
  const disrupting = (req: FastifyRequest & { params: { scheduleId: string } }) => ({
    db,
    clock,
    scheduleId: req.params.scheduleId,
    actorUserId: adminOf(req).id,
  });

  app.get(
    '/api/admin/trips/:scheduleId/cancel-preview',
    preview(cancelPreviewQuerySchema, cancelPreviewSchema),
    async (req) => previewCancellation({ db, scheduleId: req.params.scheduleId, ...req.query }),
  );

  app.post(
    '/api/admin/trips/:scheduleId/cancel',
    disruption(cancelDepartureSchema, cancelPreviewSchema),
    async (req) => thenSendMail(req, cancelDeparture({ ...disrupting(req), ...req.body })),
  );

  app.get(
    '/api/admin/trips/:scheduleId/delay-preview',
    preview(delayPreviewQuerySchema, delayPreviewSchema),
    async (req) => previewDelay({ db, scheduleId: req.params.scheduleId, ...req.query }),
  );

  app.post(
    '/api/admin/trips/:scheduleId/delay',
    disruption(delayDepartureSchema, delayResultSchema),
    async (req) => thenSendMail(req, delayDeparture({ ...disrupting(req), ...req.body })),
  );

  app.get(
    '/api/admin/trips/:scheduleId/move-preview',
    preview(movePreviewQuerySchema, movePlanSchema),
    async (req) =>
      previewMove({
        db,
        clock,
        timeZone: config.tzOperator,
        scheduleId: req.params.scheduleId,
        ...req.query,
      }),
  );

  app.post(
    '/api/admin/trips/:scheduleId/move',
    disruption(moveDepartureSchema, movePlanSchema),
    async (req) =>
      thenSendMail(req, moveDeparture({ ...disrupting(req), timeZone: config.tzOperator, ...req.body })),
  );

  app.get(
    '/api/admin/trips/:scheduleId/disruptions',
    {
      config: { permission: 'tickets.read' },
      schema: { params: tripIdParamsSchema, response: { 200: disruptionListSchema } },
    },
    async (req) => ({
      disruptions: await listDisruptions({ db, scheduleId: req.params.scheduleId }),
    }),
  );
});
