import { z } from 'zod';
import { dateInZone } from '#server/lib/clock.ts';
import { allotmentSession } from '#server/lib/partner-seats.ts';
import { partnerStatementFile } from '#server/lib/partner-statement-files.ts';
import { deleteAllotment } from '#server/services/delete-allotment.ts';
import { invitePartnerUser } from '#server/services/invite-partner-user.ts';
import { listAllotments } from '#server/services/list-allotments.ts';
import { listCounterDepartures } from '#server/services/list-counter-departures.ts';
import { listPartnerStatements } from '#server/services/list-partner-statements.ts';
import { listPartnerUsers } from '#server/services/list-partner-users.ts';
import { listPartners } from '#server/services/list-partners.ts';
import { readBranding } from '#server/services/read-branding.ts';
import { readPartnerStatement } from '#server/services/read-partner-statement.ts';
import { readSeatMap } from '#server/services/read-seat-map.ts';
import { recordPartnerPayment } from '#server/services/record-partner-payment.ts';
import { saveAllotment } from '#server/services/save-allotment.ts';
import { partnerNotFound, savePartner } from '#server/services/save-partner.ts';
import { counterDayQuerySchema, counterDaySchema } from '#shared/counter.ts';
import {
  allotmentInputSchema,
  allotmentListSchema,
  allotmentParamsSchema,
  allotmentSchema,
  partnerInputSchema,
  partnerInvitationSchema,
  partnerListSchema,
  partnerParamsSchema,
  partnerPatchSchema,
  partnerPaymentInputSchema,
  partnerPaymentSchema,
  partnerSchema,
  partnerSeatsQuerySchema,
  partnerStatementListSchema,
  partnerStatementParamsSchema,
  partnerUserInviteSchema,
  partnerUsersSchema,
} from '#shared/partners.ts';
import { seatMapSchema } from '#shared/schemas.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf, thenSendMail } from './index.ts';

const permission = 'partners.manage' as const;

/** Partner accounts (docs/decisions/043-partner-accounts.md): resorts and agents on account. */
export default defineRoutes(async (app, { db, clock, config }) => {
  const today = () => dateInZone(clock.now(), config.tzOperator);

  app.get(
    '/api/admin/partners',
    { config: { permission }, schema: { response: { 200: partnerListSchema } } },
    async () => ({ partners: await listPartners({ db, today: today() }) }),
  );

  app.post(
    '/api/admin/partners',
    { config: { permission }, schema: { body: partnerInputSchema, response: { 201: partnerSchema } } },
    async (req, reply) =>
      reply
        .status(201)
        .send(await savePartner({ db, input: req.body, actorUserId: adminOf(req).id, today: today() })),
  );

  app.patch(
    '/api/admin/partners/:id',
    {
      config: { permission },
      schema: { params: partnerParamsSchema, body: partnerPatchSchema, response: { 200: partnerSchema } },
    },
    async (req) =>
      savePartner({
        db,
        id: req.params.id,
        input: req.body,
        actorUserId: adminOf(req).id,
        today: today(),
      }),
  );

  app.post(
    '/api/admin/partners/:id/payments',
    {
      config: { permission },
      schema: {
        params: partnerParamsSchema,
        body: partnerPaymentInputSchema,
        response: { 201: z.object({ payment: partnerPaymentSchema, partner: partnerSchema }) },
      },
    },
    async (req, reply) => {
      const payment = await recordPartnerPayment({
        db,
        partnerId: req.params.id,
        input: req.body,
        actorUserId: adminOf(req).id,
      });
      const [partner] = await listPartners({ db, id: req.params.id, today: today() });
      if (!partner) throw partnerNotFound();
      return reply.status(201).send({ payment, partner });
    },
  );

  // --- The partner's users ---------------------------------------------------------------------

  app.get(
    '/api/admin/partners/:id/users',
    {
      config: { permission },
      schema: { params: partnerParamsSchema, response: { 200: partnerUsersSchema } },
    },
    async (req) => listPartnerUsers({ db, partnerId: req.params.id, now: clock.now() }),
  );

  app.post(
    '/api/admin/partners/:id/users',
    {
      config: { permission },
      schema: {
        params: partnerParamsSchema,
        body: partnerUserInviteSchema,
        response: { 201: partnerInvitationSchema },
      },
    },
    async (req, reply) => {
      const invitation = await thenSendMail(
        req,
        invitePartnerUser({
          db,
          now: clock.now(),
          linkBase: config.linkBase,
          appName: (await readBranding({ db })).appName,
          partnerId: req.params.id,
          email: req.body.email,
          actorUserId: adminOf(req).id,
        }),
      );
      return reply.status(201).send(invitation);
    },
  );

  // --- Allotments ----------------------------------------------------------------------------

  app.get(
    '/api/admin/partners/:id/allotments',
    {
      config: { permission },
      schema: { params: partnerParamsSchema, response: { 200: allotmentListSchema } },
    },
    async (req) => ({ allotments: await listAllotments({ db, partnerId: req.params.id, now: clock.now() }) }),
  );

  // Choosing an allotment's departure and seats: the counter's reads, for the office, which may
  // manage partners without selling at the counter (counter.sell).
  app.get(
    '/api/admin/partners/departures',
    {
      config: { permission },
      schema: { querystring: counterDayQuerySchema, response: { 200: counterDaySchema } },
    },
    async (req) => {
      const now = today();
      return listCounterDepartures({
        db,
        date: req.query.date ?? now,
        today: now,
        timeZone: config.tzOperator,
      });
    },
  );

  // A launch's seats on a departure as the partner sees them: its allotments' seats are `mine`.
  app.get(
    '/api/admin/partners/:id/seats',
    {
      config: { permission },
      schema: {
        params: partnerParamsSchema,
        querystring: partnerSeatsQuerySchema,
        response: { 200: seatMapSchema },
      },
    },
    async (req) =>
      readSeatMap({
        db,
        scheduleId: req.query.scheduleId,
        travelDate: req.query.date,
        launchId: req.query.launchId,
        session: allotmentSession(req.params.id),
        now: clock.now(),
      }),
  );

  app.post(
    '/api/admin/partners/:id/allotments',
    {
      config: { permission },
      schema: { params: partnerParamsSchema, body: allotmentInputSchema, response: { 201: allotmentSchema } },
    },
    async (req, reply) =>
      reply.status(201).send(
        await saveAllotment({
          db,
          now: clock.now(),
          timeZone: config.tzOperator,
          partnerId: req.params.id,
          input: req.body,
          actorUserId: adminOf(req).id,
        }),
      ),
  );

  app.delete(
    '/api/admin/partners/:id/allotments/:allotmentId',
    {
      config: { permission },
      schema: { params: allotmentParamsSchema, response: { 204: z.undefined().describe('Done') } },
    },
    async (req, reply) => {
      await deleteAllotment({
        db,
        partnerId: req.params.id,
        allotmentId: req.params.allotmentId,
        actorUserId: adminOf(req).id,
      });
      return reply.status(204).send();
    },
  );

  // --- Monthly statements ----------------------------------------------------------------------

  app.get(
    '/api/admin/partners/:id/statements',
    {
      config: { permission },
      schema: { params: partnerParamsSchema, response: { 200: partnerStatementListSchema } },
    },
    async (req) => ({
      statements: await listPartnerStatements({ db, partnerId: req.params.id, today: today() }),
    }),
  );

  // Any month's statement, as it stands now: `.pdf` or `.xlsx`.
  app.get(
    '/api/admin/partners/:id/statements/:month.:format',
    {
      config: { permission },
      schema: {
        params: partnerParamsSchema.extend(partnerStatementParamsSchema.shape),
        produces: ['application/pdf', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: {
          200: z.instanceof(Buffer).describe("The month's statement, as PDF or as an Excel workbook"),
        },
      },
    },
    async (req, reply) => {
      const data = await readPartnerStatement({
        db,
        partnerId: req.params.id,
        month: req.params.month,
        timeZone: config.tzOperator,
      });
      const file = await partnerStatementFile(data, req.params.format, {
        appName: (await readBranding({ db })).appName,
      });
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .send(file.body);
    },
  );
});
