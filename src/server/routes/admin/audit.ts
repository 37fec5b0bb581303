import { z } from 'zod';
import { dateInZone } from '#server/lib/clock.ts';
import { csvText, sendCsv } from '#server/lib/csv.ts';
import { readAudit } from '#server/services/read-audit.ts';
import { readAuditForExport } from '#server/services/read-audit-for-export.ts';
import { auditPageSchema, auditQuerySchema } from '#shared/admin-api.ts';
import { defineRoutes } from '../define-routes.ts';

const permission = 'audit.read' as const;
const json = (value: unknown) => (value === null || value === undefined ? '' : JSON.stringify(value));

/** The audit trail (Owner and Office): who did what and when, with the before and after. */
export default defineRoutes(async (app, { clock, config, db }) => {
  const tzOperator = config.tzOperator;

  app.get(
    '/api/admin/audit',
    { config: { permission }, schema: { querystring: auditQuerySchema, response: { 200: auditPageSchema } } },
    async (req) => readAudit({ db, query: req.query, tzOperator }),
  );

  app.get(
    '/api/admin/audit.csv',
    {
      config: { permission },
      schema: {
        querystring: auditQuerySchema.omit({ cursor: true }),
        produces: ['text/csv'],
        response: { 200: z.string().describe('The audit trail, CSV') },
      },
    },
    async (req, reply) => {
      const entries = await readAuditForExport({ db, query: req.query, tzOperator });
      // Every cell goes through csvCell, which neutralises = + - @ (formula injection).
      const csv = csvText(
        ['When', 'Who', 'Action', 'Entity', 'Entity id', 'Before', 'After'],
        entries.map((e) => [
          e.at,
          e.actorEmail ?? 'System',
          e.action,
          e.entity,
          e.entityId,
          json(e.before),
          json(e.after),
        ]),
      );
      const filename = `audit-${dateInZone(clock.now(), tzOperator)}.csv`;
      return sendCsv(reply, { filename, csv });
    },
  );
});
