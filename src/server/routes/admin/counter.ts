import type { FastifyRequest } from 'fastify';
import { dateInZone } from '#server/lib/clock.ts';
import { type Seller, staffLockSession } from '#server/lib/counter-seller.ts';
import { AppError } from '#server/lib/errors.ts';
import { closeShift } from '#server/services/close-shift.ts';
import { listCashUps } from '#server/services/list-cash-ups.ts';
import { listCounterDepartures } from '#server/services/list-counter-departures.ts';
import { lockSeats } from '#server/services/lock-seats.ts';
import { openShift } from '#server/services/open-shift.ts';
import { readCashUp } from '#server/services/read-cash-up.ts';
import { readCounterSale } from '#server/services/read-counter-sale.ts';
import { readOpenShift } from '#server/services/read-open-shift.ts';
import { readSeatMap } from '#server/services/read-seat-map.ts';
import { releaseSeats } from '#server/services/release-seats.ts';
import { sellAtCounter } from '#server/services/sell-at-counter.ts';
import { voidCounterSale } from '#server/services/void-counter-sale.ts';
import {
  cashUpDaySchema,
  cashUpParamsSchema,
  cashUpSchema,
  cashUpsQuerySchema,
  closeShiftSchema,
  counterDayQuerySchema,
  counterDaySchema,
  counterLockSchema,
  counterSaleParamsSchema,
  counterSaleRequestSchema,
  counterSaleSchema,
  counterSeatsQuerySchema,
  counterVoidSchema,
  currentShiftSchema,
  openShiftSchema,
} from '#shared/counter.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import { seatLockResponseSchema, seatMapSchema, seatReleaseResponseSchema } from '#shared/schemas.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminCan, adminOf, ticketSignerOrNothing } from './index.ts';

const sell = 'counter.sell' as const;

/**
 * Counter sales at the jetty and the cash-up (docs/decisions/025-counter-sales.md). The staff
 * session holds its seats like a passenger's wizard run, under the same unique indexes, but
 * needs no verified e-mail and is held to no per-address limit: the seller is signed in and
 * every sale is audited with their name.
 */
export default defineRoutes(async (app, { clock, config, db }) => {
  const today = () => dateInZone(clock.now(), config.tzOperator);

  const sellerOf = (req: FastifyRequest): Seller => {
    const admin = adminOf(req);
    return {
      id: admin.id,
      name: admin.username,
      sessionId: admin.sessionId,
      mayVoidAnySale: adminCan(req, 'cashups.all'),
    };
  };

  const lockSessionOf = (req: FastifyRequest) => staffLockSession(adminOf(req).sessionId);

  app.get(
    '/api/admin/counter/departures',
    {
      config: { permission: sell },
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

  app.get(
    '/api/admin/counter/seats',
    {
      config: { permission: sell },
      schema: { querystring: counterSeatsQuerySchema, response: { 200: seatMapSchema } },
    },
    async (req) =>
      readSeatMap({
        db,
        scheduleId: req.query.scheduleId,
        travelDate: req.query.date,
        launchId: req.query.launchId,
        originId: req.query.originId,
        destinationId: req.query.destinationId,
        session: lockSessionOf(req),
        now: clock.now(),
      }),
  );

  app.post(
    '/api/admin/counter/locks',
    {
      config: { permission: sell, seatLockChannel: 'counter' },
      schema: { body: counterLockSchema, response: { 200: seatLockResponseSchema } },
    },
    async (req) =>
      lockSeats({
        db,
        ...req.body,
        session: lockSessionOf(req),
        now: clock.now(),
        holdSeconds: config.seatHoldSeconds,
        timeZone: config.tzOperator,
      }),
  );

  app.delete(
    '/api/admin/counter/locks',
    {
      config: { permission: sell },
      schema: { body: counterLockSchema, response: { 200: seatReleaseResponseSchema } },
    },
    async (req) => {
      const result = await releaseSeats({
        db,
        ...req.body,
        session: lockSessionOf(req),
      });
      if (result.released === 0) req.changedNothing = true;
      return result;
    },
  );

  app.post(
    '/api/admin/counter/sales',
    {
      config: { permission: sell },
      schema: {
        body: counterSaleRequestSchema,
        response: { 200: counterSaleSchema, 201: counterSaleSchema },
      },
    },
    async (req, reply) => {
      const { created, sale } = await sellAtCounter({
        db,
        clock,
        tzOperator: config.tzOperator,
        seller: sellerOf(req),
        input: req.body,
        signer: ticketSignerOrNothing(req),
        eTicketBase: config.linkBase,
      });
      if (created) {
        app.deps.mailer?.kick();
        app.metrics?.bookingsMade.inc({ channel: 'counter' });
      } else {
        req.changedNothing = true;
      }
      return reply.code(created ? 201 : 200).send(sale);
    },
  );

  app.get(
    '/api/admin/counter/sales/:ticketId',
    {
      config: { permission: [sell, 'cashups.all'] },
      schema: { params: counterSaleParamsSchema, response: { 200: counterSaleSchema } },
    },
    async (req) =>
      readCounterSale({
        db,
        clock,
        ticketId: req.params.ticketId,
        signer: ticketSignerOrNothing(req),
        viewer: sellerOf(req),
      }),
  );

  app.post(
    '/api/admin/counter/sales/:ticketId/void',
    {
      // The seller within SELLER_VOID_MINUTES (counter.void), Office and Owner at any time (cashups.all).
      config: { permission: ['counter.void', 'cashups.all'] },
      schema: {
        params: counterSaleParamsSchema,
        body: counterVoidSchema,
        response: { 200: counterSaleSchema },
      },
    },
    async (req) =>
      voidCounterSale({
        db,
        clock,
        ticketId: req.params.ticketId,
        reason: req.body.reason,
        viewer: sellerOf(req),
        signer: ticketSignerOrNothing(req),
      }),
  );

  // --- The seller's shift -----------------------------------------------------------------

  app.get(
    '/api/admin/counter/shift',
    { config: { permission: 'cashups.own' }, schema: { response: { 200: currentShiftSchema } } },
    async (req) => ({ shift: await readOpenShift({ db, userId: adminOf(req).id }) }),
  );

  app.post(
    '/api/admin/counter/shift',
    {
      config: { permission: 'cashups.own' },
      schema: { body: openShiftSchema, response: { 201: cashUpSchema } },
    },
    async (req, reply) => {
      const admin = adminOf(req);
      const shift = await openShift({
        db,
        clock,
        tzOperator: config.tzOperator,
        user: { id: admin.id, name: admin.username },
        floats: req.body.floats,
      });
      return reply.code(201).send(shift);
    },
  );

  app.post(
    '/api/admin/counter/shift/close',
    {
      config: { permission: 'cashups.own' },
      schema: { body: closeShiftSchema, response: { 200: cashUpSchema } },
    },
    async (req) =>
      closeShift({ db, clock, userId: adminOf(req).id, counted: req.body.counted, note: req.body.note }),
  );

  // --- Cash-ups: one's own, or every one with cashups.all ---------------------------------

  app.get(
    '/api/admin/cashups',
    {
      config: { permission: 'cashups.all' },
      schema: { querystring: cashUpsQuerySchema, response: { 200: cashUpDaySchema } },
    },
    async (req) => {
      const date = req.query.date ?? today();
      return { date, cashups: await listCashUps({ db, date }) };
    },
  );

  app.get(
    '/api/admin/cashups/:shiftId',
    {
      config: { permission: ['cashups.own', 'cashups.all'] },
      schema: { params: cashUpParamsSchema, response: { 200: cashUpSchema } },
    },
    async (req) => {
      const cashUp = await readCashUp({ db, shiftId: req.params.shiftId });
      if (!adminCan(req, 'cashups.all') && cashUp.userId !== adminOf(req).id) {
        throw new AppError('forbidden', STAFF_MSG.forbidden, 403);
      }
      return cashUp;
    },
  );
});
