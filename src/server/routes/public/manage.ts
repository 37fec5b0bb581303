import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '#server/lib/errors.ts';
import { processImage } from '#server/lib/images.ts';
import { parseJsonField, readMultipart } from '#server/lib/multipart.ts';
import { routeLimit } from '#server/lib/rate-limit.ts';
import { mergeCancelMails } from '#server/mails/merge-cancel-mails.ts';
import { addSlip } from '#server/services/add-slip.ts';
import { cancelOwnBooking } from '#server/services/cancel-own-booking.ts';
import { slipKey } from '#server/services/create-booking.ts';
import { quoteRebook } from '#server/services/quote-rebook.ts';
import { readManageView } from '#server/services/read-manage-view.ts';
import { rebookBooking } from '#server/services/rebook-booking.ts';
import { renamePassenger } from '#server/services/rename-passenger.ts';
import {
  type ChangeContext,
  type RecordedChange,
  type RunChangeOptions,
  runChange,
} from '#server/services/run-change.ts';
import { sendManageCode } from '#server/services/send-manage-code.ts';
import { setRefundAccount } from '#server/services/set-refund-account.ts';
import { ticketOfLink } from '#server/services/ticket-of-link.ts';
import { verifyManageCode } from '#server/services/verify-manage-code.ts';
import { COMPRESSION } from '#shared/constants.ts';
import {
  MANAGE_GRANT_HEADER,
  MANAGE_LINK_HEADER,
  type ManageRebookRequest,
  manageCancelRequestSchema,
  manageCodeRequestSchema,
  manageNameRequestSchema,
  manageParamsSchema,
  manageRebookQuoteRequestSchema,
  manageRebookQuoteSchema,
  manageRebookRequestSchema,
  manageRefundAccountRequestSchema,
  manageSlipRequestSchema,
  manageVerifyRequestSchema,
  manageVerifyResponseSchema,
  manageViewSchema,
} from '#shared/manage-api.ts';
import { MSG } from '#shared/messages/api.ts';
import { defineRoutes } from '../define-routes.ts';

const header = (req: FastifyRequest, name: string): string | undefined => {
  const value = req.headers[name];
  return typeof value === 'string' ? value : undefined;
};

/** A dearer rebooking comes as multipart: the JSON in `rebook`, the slip in `slip`. */
async function readRebook(req: FastifyRequest): Promise<{ input: ManageRebookRequest; slip: Buffer | null }> {
  if (!req.isMultipart()) return { input: manageRebookRequestSchema.parse(req.body), slip: null };
  const { file, fields } = await readMultipart(req, 'slip');
  return {
    input: manageRebookRequestSchema.parse(parseJsonField(fields.rebook, 'rebook')),
    slip: file ?? null,
  };
}

/**
 * The manage page (docs/decisions/027): a passenger's own booking, opened by a signed link or a
 * one-time code; every change needs a fresh code's grant and carries its own request id.
 */
export default defineRoutes(async (app, { config, clock, storage, db }) => {
  const timeZone = config.tzOperator;

  const view = (ticketId: string) =>
    readManageView({ db, ticketId, signer: app.deps.ticketSigner(), now: clock.now(), timeZone });

  const linked = (req: FastifyRequest) =>
    ticketOfLink({
      db,
      reference: (req.params as { reference: string }).reference,
      link: header(req, MANAGE_LINK_HEADER),
      now: clock.now(),
    });

  /** Runs one change and answers with the booking as it now is. */
  async function change(
    req: FastifyRequest,
    reply: FastifyReply,
    kind: string,
    requestId: string,
    act: (ctx: ChangeContext) => Promise<RecordedChange>,
    journey?: RunChangeOptions['journey'],
    both?: Pick<RunChangeOptions, 'applies' | 'mergeMail'>,
  ) {
    const ticketId = await linked(req);
    const result = await runChange({
      db,
      clock,
      timeZone,
      ticketId,
      grant: header(req, MANAGE_GRANT_HEADER),
      requestId,
      kind,
      clientIp: req.ip,
      journey,
      ...both,
      act,
    });
    if (result.replayed) req.changedNothing = true;
    else app.deps.mailer?.kick();
    reply.header('Cache-Control', 'no-store');
    return view(ticketId);
  }

  const changeSchema = <T extends z.ZodType>(body: T) => ({
    schema: { params: manageParamsSchema, body, response: { 200: manageViewSchema } },
    config: routeLimit(config, 'manageChange'),
  });

  app.post(
    '/api/bookings/:reference/manage/code',
    {
      schema: {
        params: manageParamsSchema,
        body: manageCodeRequestSchema,
        response: { 202: z.object({ accepted: z.literal(true) }) },
      },
      config: routeLimit(config, 'manageCode'),
    },
    async (req, reply) => {
      await sendManageCode({
        db,
        clock,
        reference: req.params.reference,
        clientIp: req.ip,
        referencesPerIpHour: config.emailVerificationsPerIpHour,
      });
      app.deps.mailer?.kick();
      reply.header('Cache-Control', 'no-store');
      return reply.status(202).send({ accepted: true });
    },
  );

  app.post(
    '/api/bookings/:reference/manage/verify',
    {
      schema: {
        params: manageParamsSchema,
        body: manageVerifyRequestSchema,
        response: { 200: manageVerifyResponseSchema },
      },
      config: routeLimit(config, 'emailVerify'),
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'no-store');
      return verifyManageCode({ db, clock, reference: req.params.reference, code: req.body.code });
    },
  );

  app.get(
    '/api/bookings/:reference/manage',
    {
      schema: { params: manageParamsSchema, response: { 200: manageViewSchema } },
      config: routeLimit(config, 'lookup'),
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      return view(await linked(req));
    },
  );

  app.post('/api/bookings/:reference/manage/cancel', changeSchema(manageCancelRequestSchema), (req, reply) =>
    change(
      req,
      reply,
      'cancel',
      req.body.requestId,
      (ctx) => cancelOwnBooking({ ...ctx, account: req.body.account }),
      req.body.journey,
      // The whole of a return: each journey still cancellable, in one mail with the refunds summed.
      { applies: (rules) => rules.canCancel, mergeMail: mergeCancelMails },
    ),
  );

  app.post('/api/bookings/:reference/manage/name', changeSchema(manageNameRequestSchema), (req, reply) =>
    change(req, reply, 'name', req.body.requestId, (ctx) =>
      renamePassenger({ ...ctx, passengerName: req.body.passengerName }),
    ),
  );

  app.post(
    '/api/bookings/:reference/manage/refund-account',
    changeSchema(manageRefundAccountRequestSchema),
    (req, reply) =>
      change(req, reply, 'refund_account', req.body.requestId, (ctx) =>
        setRefundAccount({ ...ctx, account: req.body.account }),
      ),
  );

  app.post(
    '/api/bookings/:reference/manage/rebook-quote',
    {
      schema: {
        params: manageParamsSchema,
        body: manageRebookQuoteRequestSchema,
        response: { 200: manageRebookQuoteSchema },
      },
      config: routeLimit(config, 'tripSearch'),
    },
    async (req, reply) => {
      const ticketId = await linked(req);
      reply.header('Cache-Control', 'no-store');
      return quoteRebook({ db, ticketId, journey: req.body.journey });
    },
  );

  // JSON, or multipart with the slip for a dearer rebooking: the body is read by the handler.
  app.post(
    '/api/bookings/:reference/manage/rebook',
    {
      schema: { params: manageParamsSchema, response: { 200: manageViewSchema } },
      config: routeLimit(config, 'manageChange'),
    },
    async (req, reply) => {
      const { input, slip } = await readRebook(req);
      const image = slip ? await processImage(slip, COMPRESSION.slip) : null;
      let stored: string | null = null;
      try {
        return await change(
          req,
          reply,
          'rebook',
          input.requestId,
          (ctx) =>
            rebookBooking({
              ...ctx,
              input,
              timeZone,
              storeSlip: image
                ? async () => {
                    const key = slipKey(ctx.ticket.paymentReference);
                    await storage.put(key, image.buffer, {
                      contentType: image.contentType,
                      visibility: 'private',
                      overwrite: true,
                    });
                    stored = key;
                    return key;
                  }
                : null,
            }),
          input.journey,
        );
      } catch (err) {
        if (stored) await storage.delete(stored, 'private').catch(() => {});
        throw err;
      }
    },
  );

  // Pay later (docs/decisions/040-pay-later.md): the slip of a booking still waiting for its
  // transfer, as multipart: `slip-request` (its request id) and the image in `slip`.
  app.post(
    '/api/bookings/:reference/manage/slip',
    {
      schema: { params: manageParamsSchema, response: { 200: manageViewSchema } },
      config: routeLimit(config, 'manageChange'),
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw new AppError('image_required', MSG.imageType, 400);
      const { file, fields } = await readMultipart(req, 'slip');
      const input = manageSlipRequestSchema.parse(parseJsonField(fields['slip-request'], 'slip-request'));
      if (!file) throw new AppError('image_required', MSG.imageType, 400);
      const image = await processImage(file, COMPRESSION.slip);
      let stored: string | null = null;
      try {
        return await change(req, reply, 'slip', input.requestId, (ctx) =>
          addSlip({
            ...ctx,
            storeSlip: async () => {
              const key = slipKey(ctx.ticket.paymentReference);
              await storage.put(key, image.buffer, {
                contentType: image.contentType,
                visibility: 'private',
                overwrite: true,
              });
              stored = key;
              return key;
            },
          }),
        );
      } catch (err) {
        if (stored) await storage.delete(stored, 'private').catch(() => {});
        throw err;
      }
    },
  );
});
