import type { FastifyInstance } from 'fastify';
import { type ScheduleList, scheduleInputSchema, scheduleListQuerySchema } from '#shared/catalogue-api.ts';
import { MSG } from '#shared/messages.ts';
import { AppError } from '../../lib/errors.ts';
import { deleteSchedule } from '../../services/delete-schedule.ts';
import { duplicateSchedule } from '../../services/duplicate-schedule.ts';
import { listSchedules, readSchedule } from '../../services/list-schedules.ts';
import { saveSchedule } from '../../services/save-schedule.ts';
import { parseOrThrow } from '../public/email-codes.ts';
import { adminOf, idParam } from './index.ts';

const scheduleId = (params: unknown) =>
  idParam(params, () => new AppError('schedule_not_found', MSG.scheduleNotFound, 404));

/** The schedule screen (SPEC.md section 2); the status change lives with the trips routes. */
export default async function adminScheduleRoutes(app: FastifyInstance) {
  const db = app.deps.database.db;

  app.get('/api/admin/schedules', async (req): Promise<ScheduleList> => {
    const { date } = parseOrThrow(scheduleListQuerySchema, req.query);
    return { schedules: await listSchedules(db, { date }) };
  });

  app.get('/api/admin/schedules/:id', async (req) => {
    const schedule = await readSchedule(db, scheduleId(req.params));
    if (!schedule) throw new AppError('schedule_not_found', MSG.scheduleNotFound, 404);
    return schedule;
  });

  app.post('/api/admin/schedules', async (req, reply) => {
    const input = parseOrThrow(scheduleInputSchema, req.body);
    const schedule = await saveSchedule(db, { input, actorUserId: adminOf(req).id });
    return reply.code(201).send(schedule);
  });

  app.put('/api/admin/schedules/:id', async (req) => {
    const id = scheduleId(req.params);
    const input = parseOrThrow(scheduleInputSchema, req.body);
    return saveSchedule(db, { id, input, actorUserId: adminOf(req).id });
  });

  app.delete('/api/admin/schedules/:id', async (req, reply) => {
    await deleteSchedule(db, { id: scheduleId(req.params), actorUserId: adminOf(req).id });
    return reply.code(204).send();
  });

  app.post('/api/admin/schedules/:id/duplicate', async (req, reply) => {
    const copy = await duplicateSchedule(db, { id: scheduleId(req.params), actorUserId: adminOf(req).id });
    return reply.code(201).send(copy);
  });
}
