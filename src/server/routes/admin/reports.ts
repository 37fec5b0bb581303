import { z } from 'zod';
import { exportReportWorkbook } from '#server/services/export-report-workbook.ts';
import { readDailySummarySetting } from '#server/services/read-daily-summary-setting.ts';
import { readReportSummary } from '#server/services/read-report-summary.ts';
import { setDailySummary } from '#server/services/set-daily-summary.ts';
import { dailySummarySettingSchema, reportRangeSchema, reportSummarySchema } from '#shared/reports.ts';
import { defineRoutes } from '../define-routes.ts';
import { adminOf } from './index.ts';

const permission = 'reports.read' as const;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * The owner's reports (docs/product.md, Reports): one range's figures as JSON and as a workbook,
 * and the signed-in Owner's own daily summary e-mail.
 */
export default defineRoutes(async (app, { clock, config, db }) => {
  const tzOperator = config.tzOperator;

  app.get(
    '/api/admin/reports/summary',
    {
      config: { permission },
      schema: { querystring: reportRangeSchema, response: { 200: reportSummarySchema } },
    },
    async (req) => readReportSummary({ db, ...req.query, now: clock.now(), tzOperator }),
  );

  app.get(
    '/api/admin/reports/export.xlsx',
    {
      config: { permission },
      schema: {
        querystring: reportRangeSchema,
        produces: [XLSX],
        response: {
          200: z.instanceof(Buffer).describe('The report as an Excel workbook, a sheet per table'),
        },
      },
    },
    async (req, reply) => {
      const file = await exportReportWorkbook({ db, ...req.query, now: clock.now(), tzOperator });
      return reply
        .header('Content-Type', XLSX)
        .header('Content-Disposition', `attachment; filename="${file.filename}"`)
        .header('Cache-Control', 'private, no-store')
        .send(file.body);
    },
  );

  app.get(
    '/api/admin/reports/daily-summary',
    { config: { permission: 'reports.mail' }, schema: { response: { 200: dailySummarySettingSchema } } },
    async (req) => readDailySummarySetting({ db, userId: adminOf(req).id }),
  );

  app.put(
    '/api/admin/reports/daily-summary',
    {
      config: { permission: 'reports.mail' },
      schema: { body: dailySummarySettingSchema, response: { 200: dailySummarySettingSchema } },
    },
    async (req) => setDailySummary({ db, userId: adminOf(req).id, enabled: req.body.enabled }),
  );
});
