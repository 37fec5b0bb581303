import { z } from 'zod';
import { approveTicket } from '#server/services/approve-ticket.ts';
import { deleteTicket } from '#server/services/delete-ticket.ts';
import { listTickets } from '#server/services/list-tickets.ts';
import { markTicket } from '#server/services/mark-ticket.ts';
import { readDashboard } from '#server/services/read-dashboard.ts';
import { readTicket } from '#server/services/read-ticket.ts';
import { readTicketByReference } from '#server/services/read-ticket-by-reference.ts';
import { readTicketSlip } from '#server/services/read-ticket-slip.ts';
import { rejectPendingTickets } from '#server/services/reject-pending-tickets.ts';
import { rejectTicket } from '#server/services/reject-ticket.ts';
import { undoApproval } from '#server/services/undo-approval.ts';
import {
  adminTicketSchema,
  dashboardSchema,
  markTicketSchema,
  rejectPendingResultSchema,
  rejectPendingSchema,
  rejectTicketSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
  ticketListSchema,
  ticketReferenceParamsSchema,
} from '#shared/admin-api.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminCan, adminOf, thenSendMail } from './index.ts';

/** `?date=&q=` from a cleared filter means no filter, not an invalid one. */
const ticketFilterSchema = z.preprocess(
  (query) =>
    Object.fromEntries(Object.entries((query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== '')),
  ticketListQuerySchema,
);

/** Ticket management (docs/product.md section 2) and the dashboard; registered behind the admin guard. */
export default defineRoutes(async (app, { config, clock, storage, db }) => {
  app.get(
    '/api/admin/dashboard',
    { config: { permission: 'dashboard.read' }, schema: { response: { 200: dashboardSchema } } },
    async () => readDashboard({ db, clock, tzOperator: config.tzOperator }),
  );

  app.get(
    '/api/admin/tickets',
    {
      config: { permission: 'tickets.read' },
      schema: { querystring: ticketFilterSchema, response: { 200: ticketListSchema } },
    },
    async (req) => listTickets({ db, query: req.query }),
  );

  app.get(
    '/api/admin/tickets/by-reference/:reference',
    {
      config: { permission: 'tickets.read' },
      schema: { params: ticketReferenceParamsSchema, response: { 200: adminTicketSchema } },
    },
    async (req) => readTicketByReference({ db, reference: req.params.reference }),
  );

  app.get(
    '/api/admin/tickets/:id',
    {
      config: { permission: 'tickets.read' },
      schema: { params: ticketIdParamsSchema, response: { 200: adminTicketSchema } },
    },
    async (req) => readTicket({ db, id: req.params.id }),
  );

  app.post(
    '/api/admin/tickets/:id/approve',
    {
      config: { permission: 'tickets.review' },
      schema: { params: ticketIdParamsSchema, response: { 200: adminTicketSchema } },
    },
    async (req) =>
      thenSendMail(
        req,
        approveTicket({
          db,
          clock,
          actorUserId: adminOf(req).id,
          ticketId: req.params.id,
        }),
      ),
  );

  // An approval taken back within APPROVAL_UNDO_SECONDS, before its e-mail leaves (undo-approval.ts).
  app.post(
    '/api/admin/tickets/:id/undo-approval',
    {
      config: { permission: 'tickets.review' },
      schema: { params: ticketIdParamsSchema, response: { 200: adminTicketSchema } },
    },
    async (req) => undoApproval({ db, clock, actorUserId: adminOf(req).id, ticketId: req.params.id }),
  );

  app.post(
    '/api/admin/tickets/:id/reject',
    {
      config: { permission: 'tickets.review' },
      schema: {
        params: ticketIdParamsSchema,
        // No body at all is a reject without remarks.
        body: rejectTicketSchema.nullish(),
        response: { 200: adminTicketSchema },
      },
    },
    async (req) =>
      thenSendMail(
        req,
        rejectTicket({
          db,
          clock,
          actorUserId: adminOf(req).id,
          ticketId: req.params.id,
          remarks: req.body?.remarks,
        }),
      ),
  );

  // One action for a flood of junk bookings: every pending one of an e-mail or a client address.
  app.post(
    '/api/admin/tickets/reject-pending',
    {
      config: { permission: 'tickets.review' },
      schema: { body: rejectPendingSchema, response: { 200: rejectPendingResultSchema } },
    },
    async (req) => {
      const result = await rejectPendingTickets({ db, clock, actorUserId: adminOf(req).id, ...req.body });
      if (result.rejected === 0) req.changedNothing = true;
      else app.deps.mailer?.kick();
      return result;
    },
  );

  app.post(
    '/api/admin/tickets/:id/mark',
    {
      config: { permission: 'tickets.review' },
      schema: { params: ticketIdParamsSchema, body: markTicketSchema, response: { 200: adminTicketSchema } },
    },
    async (req) =>
      markTicket({
        db,
        clock,
        actorUserId: adminOf(req).id,
        ticketId: req.params.id,
        status: req.body.status,
        reason: req.body.reason,
        mayOverride: adminCan(req, 'boarding.override'),
      }),
  );

  app.delete(
    '/api/admin/tickets/:id',
    {
      config: { permission: 'tickets.review' },
      schema: { params: ticketIdParamsSchema, response: { 204: z.undefined() } },
    },
    async (req, reply) => {
      await deleteTicket({
        db,
        storage,
        log: req.log,
        actorUserId: adminOf(req).id,
        ticketId: req.params.id,
      });
      return reply.status(204).send();
    },
  );

  // The private slips (docs/product.md section 11.6): only through these guarded routes, never a
  // URL. The extra slip is a dearer rebooking's second payment (docs/decisions/027).
  for (const [url, payment] of [
    ['/api/admin/tickets/:id/slip', 'booking'],
    ['/api/admin/tickets/:id/extra-slip', 'extra'],
  ] as const) {
    app.get(
      url,
      {
        config: { permission: 'slips.read' },
        schema: {
          params: ticketIdParamsSchema,
          produces: ['image/webp'],
          response: { 200: z.instanceof(Buffer).describe('The slip image') },
        },
      },
      async (req, reply) => {
        const slip = await readTicketSlip({ db, storage, id: req.params.id, payment });
        return reply
          .header('Content-Type', 'image/webp')
          .header('Content-Disposition', `inline; filename="${slip.filename}"`)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Cache-Control', 'private, no-store')
          .send(slip.body);
      },
    );
  }
});
