import { z } from 'zod';
import { sendCsv } from '#server/lib/csv.ts';
import { exportRefunds } from '#server/services/export-refunds.ts';
import { listRefunds } from '#server/services/list-refunds.ts';
import { markRefunded } from '#server/services/mark-refunded.ts';
import { refundToCard } from '#server/services/refund-to-card.ts';
import {
  markRefundedSchema,
  refundIdParamsSchema,
  refundListSchema,
  refundSchema,
  refundsQuerySchema,
} from '#shared/disruptions.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf, thenSendMail } from './index.ts';

const permission = 'refunds.manage' as const;

/** The refunds queue (docs/decisions/026, 027): what is owed back, paying it, the bank run's CSV. */
export default defineRoutes(async (app, { clock, config, db }) => {
  app.get(
    '/api/admin/refunds',
    {
      config: { permission },
      schema: { querystring: refundsQuerySchema, response: { 200: refundListSchema } },
    },
    async (req) => ({
      ...(await listRefunds({ db, status: req.query.status, cursor: req.query.cursor })),
      gatewayRefunds: Boolean(app.deps.payments?.refund),
    }),
  );

  app.get(
    '/api/admin/refunds.csv',
    {
      config: { permission },
      schema: {
        // The whole queue in the state: an export has no pages.
        querystring: refundsQuerySchema.omit({ cursor: true }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('The refunds queue, CSV') },
      },
    },
    async (req, reply) =>
      sendCsv(
        reply,
        await exportRefunds({ db, status: req.query.status, tz: config.tzOperator, now: clock.now() }),
      ),
  );

  app.post(
    '/api/admin/refunds/:id/refunded',
    {
      config: { permission },
      schema: { params: refundIdParamsSchema, body: markRefundedSchema, response: { 200: refundSchema } },
    },
    // The passenger's mail is queued in the transaction, and sent at once.
    async (req) =>
      thenSendMail(
        req,
        markRefunded({
          db,
          clock,
          actorUserId: adminOf(req).id,
          refundId: req.params.id,
          bankReference: req.body.bankReference,
        }),
      ),
  );

  // A card-paid booking's refund, through the gateway's refund call (docs/decisions/042).
  app.post(
    '/api/admin/refunds/:id/refund-card',
    {
      config: { permission },
      schema: { params: refundIdParamsSchema, response: { 200: refundSchema } },
    },
    async (req) =>
      thenSendMail(
        req,
        refundToCard({
          db,
          clock,
          provider: app.deps.payments,
          actorUserId: adminOf(req).id,
          refundId: req.params.id,
        }),
      ),
  );
});
