import { dateInZone } from '#server/lib/clock.ts';
import { deleteSchedule } from '#server/services/delete-schedule.ts';
import { duplicateSchedule } from '#server/services/duplicate-schedule.ts';
import { listSchedules } from '#server/services/list-schedules.ts';
import { readSchedule } from '#server/services/read-schedule.ts';
import { repeatSchedule } from '#server/services/repeat-schedule.ts';
import { saveSchedule } from '#server/services/save-schedule.ts';
import { scheduleIdParamsSchema } from '#shared/admin-api.ts';
import {
  adminScheduleSchema,
  scheduleInputSchema,
  scheduleListQuerySchema,
  scheduleListSchema,
  scheduleRepeatInputSchema,
} from '#shared/setup-api.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf } from './index.ts';
import { setupWrites } from './setup-writes.ts';

/** The schedule screen (docs/product.md section 2); the status change lives with the trips routes. */
export default defineRoutes(async (app, { db, clock, config }) => {
  app.get(
    '/api/admin/schedules',
    {
      config: { permission: 'timetable.manage' },
      schema: { querystring: scheduleListQuerySchema, response: { 200: scheduleListSchema } },
    },
    async (req) => {
      const { date, when } = req.query;
      const today = dateInZone(clock.now(), config.tzOperator);
      return {
        schedules: await listSchedules({ db, date, when: when ? { which: when, today } : undefined }),
      };
    },
  );

  app.get(
    '/api/admin/schedules/:id',
    {
      config: { permission: 'timetable.manage' },
      schema: { params: scheduleIdParamsSchema, response: { 200: adminScheduleSchema } },
    },
    async (req) => readSchedule({ db, id: req.params.id }),
  );

  setupWrites(app, {
    url: '/api/admin/schedules',
    permission: 'timetable.manage',
    params: scheduleIdParamsSchema,
    input: scheduleInputSchema,
    item: adminScheduleSchema,
    save: (change) => saveSchedule({ db, ...change }),
    remove: (change) => deleteSchedule({ db, ...change }),
  });

  app.post(
    '/api/admin/schedules/:id/duplicate',
    {
      config: { permission: 'timetable.manage' },
      schema: { params: scheduleIdParamsSchema, response: { 201: adminScheduleSchema } },
    },
    async (req, reply) =>
      reply.code(201).send(await duplicateSchedule({ db, id: req.params.id, actorUserId: adminOf(req).id })),
  );

  // One departure per matching date, all or none (docs/product.md section 2.15).
  app.post(
    '/api/admin/schedules/repeat',
    {
      config: { permission: 'timetable.manage' },
      schema: { body: scheduleRepeatInputSchema, response: { 201: scheduleListSchema } },
    },
    async (req, reply) =>
      reply.code(201).send({
        schedules: await repeatSchedule({
          db,
          clock,
          timeZone: config.tzOperator,
          input: req.body,
          actorUserId: adminOf(req).id,
        }),
      }),
  );
});
