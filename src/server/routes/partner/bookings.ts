import { dateInZone } from '#server/lib/clock.ts';
import { allotmentSession } from '#server/lib/partner-seats.ts';
import { bookForPartner } from '#server/services/book-for-partner.ts';
import { changePartnerBooking } from '#server/services/change-partner-booking.ts';
import { listCounterDepartures } from '#server/services/list-counter-departures.ts';
import { listPartnerBookings } from '#server/services/list-partner-bookings.ts';
import { readPartnerAccount } from '#server/services/read-partner-account.ts';
import { readSeatMap } from '#server/services/read-seat-map.ts';
import { counterDayQuerySchema, counterDaySchema, counterSeatsQuerySchema } from '#shared/counter.ts';
import {
  partnerBookingListSchema,
  partnerBookingParamsSchema,
  partnerBookingRequestSchema,
  partnerBookingSchema,
  partnerBookingsQuerySchema,
  partnerGuestParamsSchema,
  partnerGuestPatchSchema,
  partnerOwnAccountSchema,
} from '#shared/partners.ts';
import { seatMapSchema } from '#shared/schemas.ts';
import { ticketSignerOrNothing } from '../admin/index.ts';
import { defineRoutes } from '../define-routes.ts';
import { partnerOf } from './index.ts';

/**
 * A partner's screen (docs/decisions/043-partner-accounts.md): the day's departures and seat maps
 * as the counter sees them (the partner's allotments as its own seats), its bookings on account,
 * and the changes its policy allows. No e-mail code, no slip, no per-address limit: the partner's
 * user is signed in, and the credit limit is what bounds it.
 */
export default defineRoutes(async (app, { clock, config, db }) => {
  const today = () => dateInZone(clock.now(), config.tzOperator);
  const context = { now: () => clock.now(), timeZone: config.tzOperator, eTicketBase: config.linkBase };

  app.get('/api/partner/account', { schema: { response: { 200: partnerOwnAccountSchema } } }, async (req) =>
    readPartnerAccount({ db, partnerId: partnerOf(req).partnerId }),
  );

  app.get(
    '/api/partner/departures',
    { schema: { querystring: counterDayQuerySchema, response: { 200: counterDaySchema } } },
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

  app.get(
    '/api/partner/seats',
    { schema: { querystring: counterSeatsQuerySchema, response: { 200: seatMapSchema } } },
    async (req) =>
      readSeatMap({
        db,
        scheduleId: req.query.scheduleId,
        travelDate: req.query.date,
        launchId: req.query.launchId,
        originId: req.query.originId,
        destinationId: req.query.destinationId,
        // The partner's allotments read as its own seats.
        session: allotmentSession(partnerOf(req).partnerId),
        now: clock.now(),
      }),
  );

  app.post(
    '/api/partner/bookings',
    {
      schema: {
        body: partnerBookingRequestSchema,
        response: { 200: partnerBookingSchema, 201: partnerBookingSchema },
      },
    },
    async (req, reply) => {
      const { created, booking } = await bookForPartner({
        db,
        clock,
        tzOperator: config.tzOperator,
        account: partnerOf(req),
        input: req.body,
        signer: ticketSignerOrNothing(req),
        eTicketBase: config.linkBase,
      });
      if (created) {
        app.deps.mailer?.kick();
        app.metrics?.bookingsMade.inc({ channel: 'partner' });
      } else {
        req.changedNothing = true;
      }
      return reply.code(created ? 201 : 200).send(booking);
    },
  );

  app.get(
    '/api/partner/bookings',
    { schema: { querystring: partnerBookingsQuerySchema, response: { 200: partnerBookingListSchema } } },
    async (req) => {
      const account = await readPartnerAccount({ db, partnerId: partnerOf(req).partnerId });
      const bookings = await listPartnerBookings({
        db,
        partnerId: account.partnerId,
        from: req.query.from,
        to: req.query.to,
        now: context.now(),
        timeZone: context.timeZone,
        eTicketBase: context.eTicketBase,
        cancelHours: account.cancelHours,
      });
      return { bookings };
    },
  );

  app.post(
    '/api/partner/bookings/:reference/cancel',
    { schema: { params: partnerBookingParamsSchema, response: { 200: partnerBookingSchema } } },
    async (req) =>
      changePartnerBooking({
        db,
        now: context.now(),
        timeZone: context.timeZone,
        eTicketBase: context.eTicketBase,
        account: partnerOf(req),
        reference: req.params.reference,
        change: { kind: 'cancel' },
      }),
  );

  app.patch(
    '/api/partner/bookings/:reference/passengers/:position',
    {
      schema: {
        params: partnerGuestParamsSchema,
        body: partnerGuestPatchSchema,
        response: { 200: partnerBookingSchema },
      },
    },
    async (req) =>
      changePartnerBooking({
        db,
        now: context.now(),
        timeZone: context.timeZone,
        eTicketBase: context.eTicketBase,
        account: partnerOf(req),
        reference: req.params.reference,
        change: { kind: 'rename', position: req.params.position, ...req.body },
      }),
  );
});
