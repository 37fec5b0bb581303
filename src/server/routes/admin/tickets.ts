import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { tickets } from '#server/db/schema.ts';
import { AppError } from '#server/lib/errors.ts';
import { approveTicket } from '#server/services/approve-ticket.ts';
import { deleteTicket } from '#server/services/delete-ticket.ts';
import {
  findTicketByReference,
  listTickets,
  readAdminTicket,
  ticketNotFound,
} from '#server/services/list-tickets.ts';
import { markTicket } from '#server/services/mark-ticket.ts';
import { readDashboard } from '#server/services/read-dashboard.ts';
import { rejectTicket } from '#server/services/reject-ticket.ts';
import {
  markTicketSchema,
  rejectTicketSchema,
  ticketIdParamsSchema,
  ticketListQuerySchema,
} from '#shared/admin-api.ts';
import { MSG } from '#shared/messages.ts';
import { parseOrThrow } from '../public/email-codes.ts';
import { adminOf } from './index.ts';

/** `?date=&q=` from a cleared filter means no filter, not an invalid one. */
function withoutEmpty(query: unknown): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries((query ?? {}) as Record<string, unknown>).filter(([, v]) => v !== ''),
  );
}

/** A malformed id names no ticket: the same 404 as an unknown one. */
function ticketId(params: unknown): string {
  const parsed = ticketIdParamsSchema.safeParse(params);
  if (!parsed.success) throw ticketNotFound();
  return parsed.data.id;
}

/** Ticket management (SPEC.md section 2) and the dashboard; registered behind the admin guard. */
export default async function adminTicketRoutes(app: FastifyInstance) {
  const { config, database, clock, storage } = app.deps;
  const db = database.db;

  app.get('/api/admin/dashboard', async () => readDashboard({ db, clock, tzOperator: config.tzOperator }));

  app.get('/api/admin/tickets', async (req) =>
    listTickets({ db, query: parseOrThrow(ticketListQuerySchema, withoutEmpty(req.query)) }),
  );

  app.get<{ Params: { reference: string } }>('/api/admin/tickets/by-reference/:reference', async (req) =>
    findTicketByReference(db, req.params.reference),
  );

  app.get('/api/admin/tickets/:id', async (req) => readAdminTicket(db, ticketId(req.params)));

  app.post('/api/admin/tickets/:id/approve', async (req) => {
    const ticket = await approveTicket({
      db,
      clock,
      actorUserId: adminOf(req).id,
      ticketId: ticketId(req.params),
    });
    app.deps.mailer?.kick();
    return ticket;
  });

  app.post('/api/admin/tickets/:id/reject', async (req) => {
    const id = ticketId(req.params);
    const { remarks } = parseOrThrow(rejectTicketSchema, req.body ?? {});
    const ticket = await rejectTicket({ db, clock, actorUserId: adminOf(req).id, ticketId: id, remarks });
    app.deps.mailer?.kick();
    return ticket;
  });

  app.post('/api/admin/tickets/:id/mark', async (req) => {
    const id = ticketId(req.params);
    const { status } = parseOrThrow(markTicketSchema, req.body);
    return markTicket({ db, clock, actorUserId: adminOf(req).id, ticketId: id, status });
  });

  app.delete('/api/admin/tickets/:id', async (req, reply) => {
    await deleteTicket({
      db,
      storage,
      log: req.log,
      actorUserId: adminOf(req).id,
      ticketId: ticketId(req.params),
    });
    return reply.status(204).send();
  });

  // The private slip (ARCHITECTURE.md section 2.6): only through this guarded route, never a URL.
  app.get('/api/admin/tickets/:id/slip', async (req, reply) => {
    const [row] = await db
      .select({ key: tickets.paymentSlipKey, reference: tickets.paymentReference })
      .from(tickets)
      .where(eq(tickets.id, ticketId(req.params)));
    if (!row) throw ticketNotFound();
    const object = row.key ? await storage.get(row.key, 'private') : null;
    if (!object) throw new AppError('slip_missing', MSG.slipMissing, 404);
    const filename = `slip-${row.reference.replace(/[^A-Za-z0-9-]/g, '')}.webp`;
    return reply
      .header('Content-Type', 'image/webp')
      .header('Content-Disposition', `inline; filename="${filename}"`)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .send(object.body);
  });
}
