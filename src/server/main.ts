import { mkdirSync } from 'node:fs';
import { DEMO_ADMIN } from '#shared/constants.ts';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrateDatabase } from './db/migrate.ts';
import { seedDemo } from './db/seed.ts';
import { systemClock } from './lib/clock.ts';
import { createDevTransport, createMailer, createSmtpTransport } from './lib/mailer.ts';
import { type MetricsServer, serveMetrics } from './lib/metrics.ts';
import { createStorage } from './lib/storage.ts';
import { ensureAdmin } from './services/ensure-admin.ts';
import { demoPasswordRefusal, listDemoPasswordAccounts } from './services/list-demo-password-accounts.ts';
import { startCardPaymentJob } from './services/start-card-payment-job.ts';
import { startDailySummaryJob } from './services/start-daily-summary-job.ts';
import { type MaintenanceSweeper, startMaintenanceSweeps } from './services/start-maintenance-sweeps.ts';
import { startPartnerStatementsJob } from './services/start-partner-statements-job.ts';
import { startPayLaterJob } from './services/start-pay-later-job.ts';
import { type ReminderJob, startReminderJob } from './services/start-reminder-job.ts';
import { startReportDaysJob } from './services/start-report-days-job.ts';

async function main() {
  const startedAt = performance.now();
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  mkdirSync(config.dataDir, { recursive: true });

  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await migrateDatabase(database);
  const storage = createStorage(config);

  if (config.admin) {
    await ensureAdmin({ db: database.db, ...config.admin, username: 'admin', isDemo: false });
  }
  if (config.seedDemo) {
    await seedDemo({ db: database.db, storage, tzOperator: config.tzOperator, clock: systemClock });
    await ensureAdmin({ db: database.db, ...DEMO_ADMIN, isDemo: true });
  }
  // The demo password is public (the demo's login page shows it): a production server with an
  // account that still has it would be open to anyone, so it does not start.
  if (config.isProduction) {
    const demoAccounts = await listDemoPasswordAccounts({ db: database.db });
    if (demoAccounts.length > 0) {
      console.error(demoPasswordRefusal(demoAccounts));
      await database.close();
      process.exit(1);
    }
  }

  const app = await buildApp({ config, database, storage, webRoot: config.webRoot });
  const claimMs = config.mailClaimMs;
  const transport =
    config.mailTransport === 'smtp' && config.smtpUrl
      ? createSmtpTransport(config.smtpUrl, { claimMs })
      : createDevTransport(app.log);
  const mailer = createMailer({
    db: database.db,
    transport,
    from: config.mailFrom,
    log: app.log,
    claimMs,
    writeLater: app.deps.writeLaterMail,
  });
  app.deps.mailer = mailer;
  mailer.start();

  let sweeper: MaintenanceSweeper | undefined;
  let reminders: ReminderJob | undefined;
  let payLater: ReturnType<typeof startPayLaterJob> | undefined;
  let cardPayments: ReturnType<typeof startCardPaymentJob> | undefined;
  let partnerStatements: ReturnType<typeof startPartnerStatementsJob> | undefined;
  let reportDays: ReturnType<typeof startReportDaysJob> | undefined;
  let metricsServer: MetricsServer | undefined;
  let dailySummaries: ReturnType<typeof startDailySummaryJob> | undefined;
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // A hung shutdown must not keep a dead process around forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await metricsServer?.close();
      await app.close();
      await sweeper?.stop();
      await reminders?.stop();
      await payLater?.stop();
      await cardPayments?.stop();
      await partnerStatements?.stop();
      await reportDays?.stop();
      await dailySummaries?.stop();
      await mailer.stop();
      await database.close();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, startupMs: Math.round(performance.now() - startedAt) },
    `serving on http://localhost:${config.port}`,
  );
  // Prometheus metrics on a port of their own (docs/decisions/044), off the public one.
  if (app.metrics && config.metrics?.port !== undefined) {
    const { port, host, token } = config.metrics;
    metricsServer = await serveMetrics({ metrics: app.metrics, host, port, token, log: app.log });
    app.log.info({ host, port: metricsServer.port }, 'serving metrics at /metrics');
  }
  // Other instances' bookings and schedule changes clear this one's trip search answers at once,
  // whether or not an admin has the live screen open here (otherwise within the cache's 1 s).
  if (database.kind === 'postgres') {
    app.deps.liveEvents
      .start()
      .catch((err: unknown) =>
        app.log.warn({ err }, 'live events unavailable; trip search answers may lag 1 s'),
      );
  }
  // Slips left by bookings a crash cut short, and rows and temp files that have done their job:
  // once now (after a crash is when leftovers appear), then hourly.
  sweeper = startMaintenanceSweeps({
    db: database.db,
    storage,
    clock: systemClock,
    graceMs: config.orphanUploadGraceMs,
    log: app.log,
  });
  // The day-before reminders: exactly once per booking, whichever instance gets there first.
  reminders = startReminderJob({
    db: database.db,
    clock: systemClock,
    tzOperator: config.tzOperator,
    eTicketBase: config.linkBase,
    log: app.log,
    onSent: () => mailer.kick(),
    onRun: ({ sent }) => app.metrics?.remindersSent.inc({ kind: 'day_before' }, sent),
  });
  // Pay later by transfer (docs/decisions/040-pay-later.md): reminders before the hold ends, and
  // unpaid bookings released when it does, by whichever instance gets there first.
  payLater = startPayLaterJob({
    db: database.db,
    clock: systemClock,
    tzOperator: config.tzOperator,
    log: app.log,
    onSent: () => mailer.kick(),
    onRun: ({ reminded }) => app.metrics?.remindersSent.inc({ kind: 'payment_due' }, reminded),
  });
  // Card payments online (docs/decisions/042): open payments asked about before their hold
  // ends, and unpaid card bookings released when it does.
  cardPayments = startCardPaymentJob({
    db: database.db,
    clock: systemClock,
    provider: app.deps.payments,
    tzOperator: config.tzOperator,
    log: app.log,
    onSent: () => mailer.kick(),
  });
  // The partners' monthly statements (docs/decisions/043), once a month each, from the 1st.
  partnerStatements = startPartnerStatementsJob({
    db: database.db,
    clock: systemClock,
    tzOperator: config.tzOperator,
    log: app.log,
    onSent: () => mailer.kick(),
  });
  // The reports' closed days, kept ready (docs/decisions/045-year-scale.md): now and hourly.
  reportDays = startReportDaysJob({
    db: database.db,
    clock: systemClock,
    tzOperator: config.tzOperator,
    log: app.log,
  });
  // The Owners' daily summary e-mail, for those who turned it on: once a day each, from the
  // morning, by whichever instance claims it first.
  dailySummaries = startDailySummaryJob({
    db: database.db,
    clock: systemClock,
    tzOperator: config.tzOperator,
    linkBase: config.linkBase,
    log: app.log,
    onSent: () => mailer.kick(),
  });
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
