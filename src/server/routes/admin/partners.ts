import { z } from 'zod';
import { dateInZone } from '#server/lib/clock.ts';
import { listPartners } from '#server/services/list-partners.ts';
import { recordPartnerPayment } from '#server/services/record-partner-payment.ts';
import { partnerNotFound, savePartner } from '#server/services/save-partner.ts';
import {
  partnerInputSchema,
  partnerListSchema,
  partnerParamsSchema,
  partnerPatchSchema,
  partnerPaymentInputSchema,
  partnerPaymentSchema,
  partnerSchema,
} from '#shared/partners.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf } from './index.ts';

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
});
