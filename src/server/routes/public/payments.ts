import { z } from 'zod';
import { AppError } from '#server/lib/errors.ts';
import { routeLimit } from '#server/lib/rate-limit.ts';
import { auditCardCallback } from '#server/services/audit-card-callback.ts';
import { readCardPayment } from '#server/services/read-card-payment.ts';
import { retryCardPayment } from '#server/services/retry-card-payment.ts';
import { settleCardPayment } from '#server/services/settle-card-payment.ts';
import { switchCardToTransfer } from '#server/services/switch-card-to-transfer.ts';
import {
  cardPaymentViewSchema,
  paymentParamsSchema,
  paymentRedirectSchema,
  switchedToTransferSchema,
} from '#shared/card-payments.ts';
import { MSG } from '#shared/messages/api.ts';
import { defineRoutes } from '../define-routes.ts';

/** How soon the return page may ask the gateway again about one payment. */
const ASK_AGAIN_MS = 3_000;

/** What a gateway's callback names: BML Connect's body carries the transaction's id. */
const callbackBodySchema = z
  .object({ transactionId: z.string().max(2000).optional(), id: z.string().max(2000).optional() })
  .loose()
  .nullish();

/** Card payments online (docs/decisions/042): the gateway's callback and the passenger's return page. */
export default defineRoutes(async (app, { config, database, clock }) => {
  const db = database.db;
  const gateway = () => {
    const provider = app.deps.payments;
    if (!provider) throw new AppError('card_unavailable', MSG.cardUnavailable, 404);
    return provider;
  };

  // Only a signed request is heard (bad signature: 401, logged and audited, nothing changed), and
  // even then its body only names the payment: its outcome is asked of the gateway's API.
  app.post(
    '/api/payments/:provider/callback',
    {
      schema: {
        params: z.object({ provider: z.enum(['bml', 'test']) }),
        body: callbackBodySchema,
        response: { 200: z.object({ received: z.literal(true) }) },
      },
      config: routeLimit(config, 'paymentCallback'),
    },
    async (req, reply) => {
      const provider = gateway();
      if (provider.name !== req.params.provider) throw new AppError('not_found', MSG.notFound, 404);
      const now = clock.now();
      const transactionId = req.body?.transactionId ?? req.body?.id ?? null;
      if (!provider.verifyCallback(req.headers, now)) {
        req.log.warn({ provider: provider.name, transactionId }, 'card callback refused: bad signature');
        await auditCardCallback({
          db,
          provider: provider.name,
          transactionId,
          signed: false,
          clientIp: req.ip,
        });
        throw new AppError('callback_unsigned', 'The callback is not signed by the gateway.', 401);
      }
      await auditCardCallback({ db, provider: provider.name, transactionId, signed: true, clientIp: req.ip });
      if (transactionId) {
        const settled = await settleCardPayment({
          db,
          provider,
          clock,
          tzOperator: config.tzOperator,
          by: { transactionId },
          source: 'callback',
        });
        if (settled?.state === 'paid' || settled?.state === 'paid_no_seat') app.deps.mailer?.kick();
      }
      reply.header('Cache-Control', 'no-store');
      return { received: true as const };
    },
  );

  // The return page asks until the outcome is known; an open payment is asked of the gateway
  // too (at most every few seconds), so a lost or late callback never leaves it waiting.
  app.get(
    '/api/payments/:localId',
    {
      schema: { params: paymentParamsSchema, response: { 200: cardPaymentViewSchema } },
      config: routeLimit(config, 'paymentStatus'),
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      const now = clock.now();
      const view = await readCardPayment({ db, localId: req.params.localId, now });
      const provider = app.deps.payments;
      if (view.state !== 'open' || !provider) return view;
      const settled = await settleCardPayment({
        db,
        provider,
        clock,
        tzOperator: config.tzOperator,
        by: { localId: req.params.localId },
        source: 'return',
        askedWithin: ASK_AGAIN_MS,
      });
      if (!settled || settled.state === 'open') return view;
      app.deps.mailer?.kick();
      app.deps.bookingLookupCache.clear();
      return readCardPayment({ db, localId: req.params.localId, now });
    },
  );

  app.post(
    '/api/payments/:localId/retry',
    {
      schema: { params: paymentParamsSchema, response: { 201: paymentRedirectSchema } },
      config: routeLimit(config, 'paymentChange'),
    },
    async (req, reply) => {
      const redirect = await retryCardPayment({
        db,
        provider: gateway(),
        localId: req.params.localId,
        now: clock.now(),
        linkBase: config.linkBase,
      });
      reply.header('Cache-Control', 'no-store');
      return reply.status(201).send(redirect);
    },
  );

  app.post(
    '/api/payments/:localId/transfer',
    {
      schema: { params: paymentParamsSchema, response: { 200: switchedToTransferSchema } },
      config: routeLimit(config, 'paymentChange'),
    },
    async (req, reply) => {
      const switched = await switchCardToTransfer({
        db,
        localId: req.params.localId,
        now: clock.now(),
        tzOperator: config.tzOperator,
      });
      reply.header('Cache-Control', 'no-store');
      return switched;
    },
  );
});
