import type { FastifyInstance } from 'fastify';
import adminAuditRoutes from './admin/audit.ts';
import adminBannerRoutes from './admin/banners.ts';
import adminBoardingRoutes from './admin/boarding.ts';
import adminCounterRoutes from './admin/counter.ts';
import adminEventRoutes from './admin/events.ts';
import adminFareCategoryRoutes from './admin/fare-categories.ts';
import adminFareRoutes from './admin/fares.ts';
import adminRoutes from './admin/index.ts';
import adminLaunchRoutes from './admin/launches.ts';
import adminLocationRoutes from './admin/locations.ts';
import adminPartnerRoutes from './admin/partners.ts';
import adminRefundRoutes from './admin/refunds.ts';
import adminReportRoutes from './admin/reports.ts';
import adminReturnDiscountRoutes from './admin/return-discounts.ts';
import adminScheduleRoutes from './admin/schedules.ts';
import adminSettingsRoutes from './admin/settings.ts';
import adminStaffRoutes from './admin/staff.ts';
import adminStatementRoutes from './admin/statements.ts';
import adminTextRoutes from './admin/texts.ts';
import adminTicketRoutes from './admin/tickets.ts';
import adminTripRoutes from './admin/trips.ts';
import authRoutes from './auth.ts';
import metricsRoutes from './metrics.ts';
import partnerBookingRoutes from './partner/bookings.ts';
import partnerRoutes from './partner/index.ts';
import bookingRoutes from './public/bookings.ts';
import clientInfoRoutes from './public/client-info.ts';
import emailCodeRoutes from './public/email-codes.ts';
import fileRoutes from './public/files.ts';
import manageRoutes from './public/manage.ts';
import paymentRoutes from './public/payments.ts';
import siteRoutes from './public/site.ts';
import testGatewayRoutes from './public/test-gateway.ts';
import tripRoutes from './public/trips.ts';

/** Every route of the HTTP API in docs/architecture.md, grouped by resource; admin ones behind the one guard. */
export default async function routes(app: FastifyInstance): Promise<void> {
  const { config, database, storage } = app.deps;
  await app.register(fileRoutes, { storage });
  await app.register(siteRoutes);
  await app.register(emailCodeRoutes);
  await app.register(bookingRoutes);
  await app.register(manageRoutes);
  await app.register(paymentRoutes);
  await app.register(testGatewayRoutes);
  await app.register(tripRoutes);
  await app.register(clientInfoRoutes);
  await app.register(authRoutes);
  await app.register(adminRoutes, {
    modules: [
      adminTicketRoutes,
      adminTripRoutes,
      // The refunds queue.
      adminRefundRoutes,
      // Bank statements that pay the bookings.
      adminStatementRoutes,
      // Partner accounts: resorts and agents on account.
      adminPartnerRoutes,
      // The owner's reports and the daily summary e-mail.
      adminReportRoutes,
      adminEventRoutes,
      // The operator's setup (schedules, launches, locations, banners, payment and branding settings).
      adminScheduleRoutes,
      adminLaunchRoutes,
      adminLocationRoutes,
      adminBannerRoutes,
      adminSettingsRoutes,
      // Fares per port pair, beside the payment settings' price list.
      adminFareRoutes,
      adminFareCategoryRoutes,
      // Return discounts per port pair, beside the fares.
      adminReturnDiscountRoutes,
      // The operator's corrections of passenger texts.
      adminTextRoutes,
      // Staff, roles and the audit trail.
      adminStaffRoutes,
      adminAuditRoutes,
      // Boarding and counter sales at the jetty.
      adminBoardingRoutes,
      adminCounterRoutes,
    ],
  });
  // A partner's screen: its bookings on account, behind its own guard.
  await app.register(partnerRoutes, { modules: [partnerBookingRoutes] });
  // Prometheus metrics on this port for METRICS_TOKEN's bearer; with METRICS_PORT, only on that port.
  if (config.metrics?.token && config.metrics.port === undefined) await app.register(metricsRoutes);
  // Every recorded mail's text, codes included: only for the demo and tests, whose mail is logged.
  if (!config.isProduction && config.mailTransport === 'log') {
    const { default: devOutboxRoutes } = await import('./dev/outbox.ts');
    await app.register(devOutboxRoutes, { db: database.db, writeLater: app.deps.writeLaterMail });
  }
}
