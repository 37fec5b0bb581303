import { z } from 'zod';
import { dateInZone } from '#server/lib/clock.ts';
import { problem } from '#server/lib/errors.ts';
import { parseJsonField, readMultipart } from '#server/lib/multipart.ts';
import { routeLimit } from '#server/lib/rate-limit.ts';
import { normalizeReference } from '#server/lib/reference.ts';
import { requestLanguage } from '#server/lib/texts.ts';
import { holdLimitsOf } from '#server/services/check-hold-limits.ts';
import { bookingRequestHash, createBooking } from '#server/services/create-booking.ts';
import { lookupBooking } from '#server/services/lookup-booking.ts';
import { openCardPayment } from '#server/services/open-card-payment.ts';
import { readETicket } from '#server/services/read-e-ticket.ts';
import { resendETicket } from '#server/services/resend-e-ticket.ts';
import { eTicketParamsSchema, eTicketSchema } from '#shared/e-ticket-api.ts';
import { BOOKING_SESSION_HEADER, IDEMPOTENCY_KEY_HEADER } from '#shared/http-headers.ts';
import {
  bookingCreatedSchema,
  bookingFormFieldsSchema,
  bookingHeadersSchema,
  bookingLookupSchema,
  bookingReferenceParamsSchema,
  bookingRequestSchema,
} from '#shared/schemas.ts';
import { defineRoutes } from '../define-routes.ts';

export default defineRoutes(async (app, { config, database, storage, clock }) => {
  // A multipart body is read by the handler, not by Fastify: its `booking` field is parsed with
  // the same shared schema and its failures are answered by the same error handler.
  app.post(
    '/api/bookings',
    {
      schema: {
        consumes: ['multipart/form-data'],
        headers: bookingHeadersSchema,
        response: { 201: bookingCreatedSchema },
      },
      config: routeLimit(config, 'bookingSubmit'),
    },
    async (req, reply) => {
      // The `booking` JSON field, the `slip` file and the language the mails are written in.
      const form = req.isMultipart() ? await readMultipart(req, 'slip') : { file: undefined, fields: {} };
      const { file: slip, fields: parts } = form;
      const bookingText = parts.booking;
      if (bookingText === undefined) throw problem('slip_and_trip_required');
      const input = bookingRequestSchema.parse(parseJsonField(bookingText, 'booking') ?? {});
      // A slip, or the choice to pay later by transfer (docs/decisions/040-pay-later.md); a slip
      // sent with that choice makes it an ordinary booking.
      // Card (docs/decisions/042) needs no slip: the gateway confirms the payment.
      const byCard = input.paymentMethod === 'card';
      if (!slip && !input.payLater && !byCard) throw problem('slip_and_trip_required');
      const payments = app.deps.payments;
      const fields = bookingFormFieldsSchema.parse({ language: parts.language || undefined });
      const result = await createBooking({
        db: database.db,
        storage,
        clock,
        tzOperator: config.tzOperator,
        input,
        slip: byCard ? null : (slip ?? null),
        session: req.headers[BOOKING_SESSION_HEADER],
        idempotencyKey: req.headers[IDEMPOTENCY_KEY_HEADER],
        requestHash: bookingRequestHash(bookingText, slip ?? null),
        clientIp: req.ip,
        limits: holdLimitsOf(config),
        language: requestLanguage(req, fields.language),
        card: payments ? { provider: payments.name, holdSeconds: config.seatHoldSeconds } : null,
      });
      if (result.replayed) {
        req.changedNothing = true;
      } else {
        app.deps.mailer?.kick();
        app.metrics?.bookingsMade.inc({ channel: 'online' });
      }
      reply.header('Cache-Control', 'no-store');
      // A card booking's payment is opened at the gateway now, after the commit; a retry of the
      // request gets the same page (or asks again when the gateway failed the first time).
      const opened = result.body.payment;
      if (opened && payments) {
        const payment = await openCardPayment({
          db: database.db,
          provider: payments,
          localId: opened.localId,
          linkBase: config.linkBase,
        });
        return reply.status(201).send({ ...result.body, payment });
      }
      // A replay answers as the first request did: 201 with the same body.
      return reply.status(201).send(result.body);
    },
  );

  // The e-ticket (docs/decisions/023): the link's token is the only key; never cached anywhere.
  app.get(
    '/api/t/:token',
    {
      schema: { params: eTicketParamsSchema, response: { 200: eTicketSchema } },
      config: routeLimit(config, 'lookup'),
    },
    async (req, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      reply.header('Referrer-Policy', 'no-referrer');
      return readETicket({
        db: database.db,
        token: req.params.token,
        signer: app.deps.ticketSigner(),
        today: dateInZone(app.deps.clock.now(), config.tzOperator),
      });
    },
  );

  // The same answer whether or not a mail went out: nobody learns whether a reference exists.
  app.post(
    '/api/bookings/:reference/e-ticket',
    {
      schema: {
        params: bookingReferenceParamsSchema,
        response: { 202: z.object({ accepted: z.literal(true) }) },
      },
      config: routeLimit(config, 'eTicketResend'),
    },
    async (req, reply) => {
      const sent = await resendETicket({
        db: database.db,
        reference: req.params.reference,
        now: app.deps.clock.now(),
        linkBase: config.linkBase,
      });
      if (sent) app.deps.mailer?.kick();
      return reply.status(202).send({ accepted: true });
    },
  );

  app.get(
    '/api/bookings/:reference',
    {
      schema: { params: bookingReferenceParamsSchema, response: { 200: bookingLookupSchema } },
      config: routeLimit(config, 'lookup'),
    },
    async (req, reply) => {
      // A passenger refreshing their booking, or many at once, shares one read per second;
      // every write on this instance (an approval, a mark) clears it first, as for trip search.
      const reference = normalizeReference(req.params.reference);
      const view = await app.deps.bookingLookupCache.get(reference, () =>
        lookupBooking({ db: database.db, reference }),
      );
      reply.header('Cache-Control', 'no-store');
      return view;
    },
  );
});
