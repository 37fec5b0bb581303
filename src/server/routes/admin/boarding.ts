import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { schedules, tickets } from '#server/db/schema.ts';
import { dateInZone } from '#server/lib/clock.ts';
import { AppError } from '#server/lib/errors.ts';
import { listAdminTrips } from '#server/services/list-admin-trips.ts';
import { listTripPassengers } from '#server/services/list-trip-passengers.ts';
import { markTicket } from '#server/services/mark-ticket.ts';
import {
  boardingDaySchema,
  boardingMarkSchema,
  boardingTicketParamsSchema,
  tripIdParamsSchema,
  tripPassengersSchema,
} from '#shared/admin-api.ts';
import { MSG } from '#shared/messages.ts';
import { STAFF_MSG } from '#shared/staff-messages.ts';
import { adminOf } from './index.ts';

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
      return { date, ...(await listAdminTrips({ db, date })) };
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
      return listTripPassengers({ db, scheduleId: req.params.scheduleId });
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
      await markTicket({ db, clock, actorUserId: adminOf(req).id, ticketId, status: req.body.status });
      return listTripPassengers({ db, scheduleId });
    },
  );
}
