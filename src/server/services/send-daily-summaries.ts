import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '#server/db/client.ts';
import { adminProfiles, adminUsers } from '#server/db/schema.ts';
import { addDays, type Clock, dateInZone, timeInZone } from '#server/lib/clock.ts';
import { enqueueMail } from '#server/lib/mailer.ts';
import { dailySummaryMail } from '#server/mails/daily-summary-mail.ts';
import { DAILY_SUMMARY_FROM_HOUR } from '#shared/reports.ts';
import { readBranding } from './read-branding.ts';
import { readReportSummary } from './read-report-summary.ts';
import { readWaitingWork } from './read-waiting-work.ts';

/** How often each instance looks for daily summaries due. */
export const DAILY_SUMMARY_INTERVAL_MS = 15 * 60_000;

export type SendDailySummariesOptions = {
  db: Db;
  clock: Clock;
  tzOperator: string;
  /** The site's address (PUBLIC_URL), for the link to the report. */
  linkBase: string;
};

/**
 * Queues yesterday's summary (docs/product.md, Reports) to every active Owner who turned it on and
 * has not had today's, from DAILY_SUMMARY_FROM_HOUR of the operator's day. Once per day per Owner,
 * however many instances run this: each claims its Owner's day by moving
 * `admin_profiles.daily_summary_sent_on` to today with a conditional update, in the transaction
 * that queues the mail; of two instances, one claims it and the other finds it taken.
 */
export async function sendDailySummaries(
  opts: SendDailySummariesOptions,
): Promise<{ due: number; sent: number }> {
  const { db, tzOperator } = opts;
  const now = opts.clock.now();
  if (Number(timeInZone(now, tzOperator).slice(0, 2)) < DAILY_SUMMARY_FROM_HOUR) return { due: 0, sent: 0 };
  const today = dateInZone(now, tzOperator);
  const notSentToday = or(
    isNull(adminProfiles.dailySummarySentOn),
    lt(adminProfiles.dailySummarySentOn, today),
  );
  // The claim below repeats this condition: an Owner who turned the summary off in between, or
  // whose day another instance claimed, is not sent one.
  const wanting = and(eq(adminProfiles.role, 'owner'), eq(adminProfiles.dailySummary, true), notSentToday);
  const due = await db
    .select({ userId: adminProfiles.userId, email: adminUsers.email })
    .from(adminProfiles)
    .innerJoin(adminUsers, eq(adminUsers.id, adminProfiles.userId))
    .where(and(wanting, eq(adminUsers.active, true)));
  if (due.length === 0) return { due: 0, sent: 0 };

  // One day's report and one look at the queues, for every Owner due in this run.
  const day = addDays(today, -1);
  const [report, waiting, branding] = await Promise.all([
    readReportSummary({ db, from: day, to: day, now, tzOperator }),
    readWaitingWork({ db }),
    readBranding({ db }),
  ]);
  const figures = {
    day,
    departures: report.departureCount,
    passengers: report.passengers,
    infants: report.infants,
    seatLegsOffered: report.seatLegsOffered,
    seatLegsSold: report.seatLegsSold,
    loadFactor: report.loadFactor,
    revenue: report.revenue,
  };
  const reportUrl = `${opts.linkBase}/admin/reports?${new URLSearchParams({ from: day, to: day })}`;

  let sent = 0;
  for (const owner of due) {
    const claimed = await db.transaction(async (tx) => {
      const [won] = await tx
        .update(adminProfiles)
        .set({ dailySummarySentOn: today })
        .where(and(eq(adminProfiles.userId, owner.userId), wanting))
        .returning({ userId: adminProfiles.userId });
      if (!won) return false;
      await enqueueMail({
        db: tx,
        mail: dailySummaryMail({
          to: owner.email,
          appName: branding.appName,
          figures,
          waiting,
          reportUrl,
          settingsUrl: `${opts.linkBase}/admin/reports`,
        }),
      });
      return true;
    });
    if (claimed) sent += 1;
  }
  return { due: due.length, sent };
}
