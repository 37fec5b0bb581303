import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
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
import { adminOf } from './index.ts';

/** Ticketing (SPEC.md section 2): trips of a day, their passengers, the manifest, trip status. */
export default async function adminTripRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { database, clock } = app.deps;
  const db = database.db;

  app.get(
    '/api/admin/trips',
    { schema: { querystring: tripListQuerySchema, response: { 200: adminTripListSchema } } },
    async (req) => listAdminTrips({ db, date: req.query.date }),
  );

  app.get(
    '/api/admin/trips/:scheduleId/passengers',
    { schema: { params: tripIdParamsSchema, response: { 200: tripPassengersSchema } } },
    async (req) => listTripPassengers({ db, scheduleId: req.params.scheduleId }),
  );

  app.get(
    '/api/admin/trips/:scheduleId/manifest.csv',
    {
      schema: {
        params: tripIdParamsSchema,
        produces: ['text/csv'],
        response: { 200: z.string().describe('The passenger manifest, CSV') },
      },
    },
    async (req, reply) => {
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
