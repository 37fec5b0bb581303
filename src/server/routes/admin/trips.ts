import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schedules } from '#server/db/schema.ts';
import { addDays, dateInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { exportTripManifest } from '#server/services/export-trip-manifest.ts';
import { listAdminTrips } from '#server/services/list-admin-trips.ts';
import { listTripPassengers } from '#server/services/list-trip-passengers.ts';
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
import { STAFF_MSG } from '#shared/staff-messages.ts';
import { adminCan, adminOf } from './index.ts';

/** Ticketing (SPEC.md section 2): trips of a day, their passengers, the manifest, trip status. */
export default async function adminTripRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, clock, config } = app.deps;
  const db = database.db;

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
    const [row] = await db
      .select({ date: schedules.travelDate })
      .from(schedules)
      .where(eq(schedules.id, scheduleId))
      .limit(1);
    requireNearDate(req, row?.date);
  };

  app.get(
    '/api/admin/trips',
    {
      config: { permission: ['manifests.read', 'manifests.near'] },
      schema: { querystring: tripListQuerySchema, response: { 200: adminTripListSchema } },
    },
    async (req) => {
      requireNearDate(req, req.query.date ?? dateInZone(clock.now(), config.tzOperator));
      return listAdminTrips({ db, date: req.query.date });
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
      return listTripPassengers({ db, scheduleId: req.params.scheduleId });
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
      const { filename, csv } = await exportTripManifest({ db, scheduleId: req.params.scheduleId });
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(csv);
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
      }),
  );
}
