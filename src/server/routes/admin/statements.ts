import type { FastifyRequest } from 'fastify';
import { AppError, invalidRequest } from '#server/lib/errors.ts';
import { parseJsonField, readMultipart } from '#server/lib/multipart.ts';
import { assignStatementLine } from '#server/services/assign-statement-line.ts';
import { confirmStatementLine } from '#server/services/confirm-statement-line.ts';
import { importStatement } from '#server/services/import-statement.ts';
import { listStatementLines } from '#server/services/list-statement-lines.ts';
import { listStatements } from '#server/services/list-statements.ts';
import { moveStatementLine } from '#server/services/move-statement-line.ts';
import { readStatementSettings } from '#server/services/read-statement-settings.ts';
import { readStatementSummary } from '#server/services/read-statement-summary.ts';
import { updateStatementSettings } from '#server/services/update-statement-settings.ts';
import { STAFF_MSG } from '#shared/messages/staff.ts';
import {
  csvMappingSchema,
  statementAccountSchema,
  statementAssignSchema,
  statementImportResultSchema,
  statementLineAnswerSchema,
  statementLineListSchema,
  statementLineParamsSchema,
  statementLinesQuerySchema,
  statementListSchema,
  statementSettingsSchema,
  statementSummarySchema,
} from '#shared/statements.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf, thenSendMail } from './index.ts';

const permission = 'payments.reconcile' as const;

/** The import's form: the file, the account, and a CSV layout's mapping when asked for one. */
async function readImportForm(req: FastifyRequest) {
  const { file, fileName, fields } = req.isMultipart()
    ? await readMultipart(req, 'file')
    : { file: undefined, fileName: undefined, fields: {} as Record<string, string> };
  if (!file) {
    throw new AppError('validation_error', STAFF_MSG.statementFileRequired, 400, {
      fields: { file: STAFF_MSG.statementFileRequired },
    });
  }
  const account = statementAccountSchema.safeParse(fields.account);
  if (!account.success) throw invalidRequest(account.error.issues.map((i) => ({ ...i, path: ['account'] })));
  let mapping: ReturnType<typeof csvMappingSchema.parse> | undefined;
  if (fields.mapping) {
    const parsed = csvMappingSchema.safeParse(parseJsonField(fields.mapping, 'mapping'));
    if (!parsed.success) {
      throw invalidRequest(parsed.error.issues.map((i) => ({ ...i, path: ['mapping', ...i.path] })));
    }
    mapping = parsed.data;
  }
  return { file, fileName: fileName ?? 'statement', account: account.data, mapping };
}

/** Bank statements that pay the bookings (docs/decisions/038): import, review, settings. */
export default defineRoutes(async (app, { clock, config, db }) => {
  app.post(
    '/api/admin/statements',
    {
      config: { permission },
      schema: { response: { 200: statementImportResultSchema, 201: statementImportResultSchema } },
    },
    async (req, reply) => {
      const form = await readImportForm(req);
      const result = await thenSendMail(
        req,
        importStatement({
          db,
          clock,
          actorUserId: adminOf(req).id,
          ...form,
        }),
      );
      return reply.code(result.statementId === null ? 200 : 201).send(result);
    },
  );

  app.get(
    '/api/admin/statements',
    { config: { permission }, schema: { response: { 200: statementListSchema } } },
    async () => ({ statements: await listStatements({ db }) }),
  );

  app.get(
    '/api/admin/statements/summary',
    { config: { permission }, schema: { response: { 200: statementSummarySchema } } },
    async () => readStatementSummary({ db, now: clock.now(), tz: config.tzOperator }),
  );

  app.get(
    '/api/admin/statement-lines',
    {
      config: { permission },
      schema: { querystring: statementLinesQuerySchema, response: { 200: statementLineListSchema } },
    },
    async (req) => ({
      lines: await listStatementLines({
        db,
        status: req.query.status,
        statementId: req.query.statementId,
      }),
    }),
  );

  const lineRoute = {
    config: { permission },
    schema: { params: statementLineParamsSchema, response: { 200: statementLineAnswerSchema } },
  };

  app.post('/api/admin/statement-lines/:id/confirm', lineRoute, async (req) => ({
    line: await thenSendMail(
      req,
      confirmStatementLine({
        db,
        clock,
        actorUserId: adminOf(req).id,
        lineId: req.params.id,
      }),
    ),
  }));

  app.post('/api/admin/statement-lines/:id/reject', lineRoute, async (req) => ({
    line: await moveStatementLine({
      db,
      clock,
      actorUserId: adminOf(req).id,
      lineId: req.params.id,
      move: 'reject',
    }),
  }));

  app.post('/api/admin/statement-lines/:id/not-booking', lineRoute, async (req) => ({
    line: await moveStatementLine({
      db,
      clock,
      actorUserId: adminOf(req).id,
      lineId: req.params.id,
      move: 'notBooking',
    }),
  }));

  app.post(
    '/api/admin/statement-lines/:id/assign',
    { ...lineRoute, schema: { ...lineRoute.schema, body: statementAssignSchema } },
    async (req) => ({
      line: await thenSendMail(
        req,
        assignStatementLine({
          db,
          clock,
          actorUserId: adminOf(req).id,
          lineId: req.params.id,
          input: req.body,
        }),
      ),
    }),
  );

  app.get(
    '/api/admin/statement-settings',
    { config: { permission }, schema: { response: { 200: statementSettingsSchema } } },
    async () => readStatementSettings({ db }),
  );

  app.put(
    '/api/admin/statement-settings',
    {
      config: { permission },
      schema: { body: statementSettingsSchema, response: { 200: statementSettingsSchema } },
    },
    async (req) => updateStatementSettings({ db, clock, actorUserId: adminOf(req).id, input: req.body }),
  );
});
