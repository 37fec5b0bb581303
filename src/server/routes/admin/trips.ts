import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { listAdminTrips, scheduleNotFound } from '#server/services/list-admin-trips.ts';
import { listTripPassengers, manifestCsv } from '#server/services/list-trip-passengers.ts';
import { setScheduleStatus } from '#server/services/set-schedule-status.ts';
import { scheduleIdParamsSchema, scheduleStatusSchema, tripListQuerySchema } from '#shared/admin-api.ts';
import { parseOrThrow } from '../public/email-codes.ts';
import { adminOf } from './index.ts';

const tripParamsSchema = z.object({ scheduleId: z.uuid() });

/** A malformed id names no trip: the same 404 as an unknown one. */
function scheduleIdOf(params: unknown, schema: z.ZodType<{ scheduleId: string } | { id: string }>): string {
  const parsed = schema.safeParse(params);
  if (!parsed.success) throw scheduleNotFound();
  return 'scheduleId' in parsed.data ? parsed.data.scheduleId : parsed.data.id;
}

/** Ticketing (SPEC.md section 2): trips of a day, their passengers, the manifest, trip status. */
export default async function adminTripRoutes(app: FastifyInstance) {
  const { database, clock } = app.deps;
  const db = database.db;

  app.get('/api/admin/trips', async (req) => {
    const { date } = parseOrThrow(tripListQuerySchema, req.query);
    return listAdminTrips({ db, date });
  });

  app.get('/api/admin/trips/:scheduleId/passengers', async (req) =>
    listTripPassengers({ db, scheduleId: scheduleIdOf(req.params, tripParamsSchema) }),
  );

  app.get('/api/admin/trips/:scheduleId/manifest.csv', async (req, reply) => {
    const list = await listTripPassengers({ db, scheduleId: scheduleIdOf(req.params, tripParamsSchema) });
    const name = `manifest-${list.trip.travelDate}-${list.trip.departureTime.replace(':', '')}.csv`;
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${name}"`)
      .header('Cache-Control', 'private, no-store')
      .send(manifestCsv(list));
  });

  app.post('/api/admin/schedules/:id/status', async (req) => {
    const scheduleId = scheduleIdOf(req.params, scheduleIdParamsSchema);
    const { status } = parseOrThrow(scheduleStatusSchema, req.body);
    return setScheduleStatus({ db, clock, actorUserId: adminOf(req).id, scheduleId, status });
  });
}
