import type { Db } from '#server/db/client.ts';
import { addDays, type Clock, dateInZone } from '#server/lib/clock.ts';
import { type PeriodicJob, startPeriodicJob } from '#server/lib/periodic-job.ts';
import { readReportDays } from './read-report-days.ts';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

/** How often the closed days' reports are brought up to date. */
export const REPORT_DAYS_INTERVAL_MS = 60 * 60 * 1000;
/** How far back they are kept ready: a year's report and the same month a year before. */
export const REPORT_DAYS_BACK = 400;
/** Days kept per transaction: a short one, so a stop waits for little. */
const CHUNK_DAYS = 31;

export type StartReportDaysJobOptions = {
  db: Db;
  clock: Clock;
  tzOperator: string;
  log: Logger;
  intervalMs?: number;
};

/**
 * Keeps the reports' closed days ready (docs/decisions/045-year-scale.md): now, and every
 * REPORT_DAYS_INTERVAL_MS, each closed day of the last REPORT_DAYS_BACK days without kept
 * figures, or changed since, is read from the tables and kept, a month at a time from the
 * newest; so yesterday is ready the morning after, and a year's report reads kept days only.
 * Stopping waits for the month in hand, not the whole year.
 */
export function startReportDaysJob(opts: StartReportDaysJobOptions): PeriodicJob {
  let stopping = false;
  async function keep(): Promise<void> {
    const now = opts.clock.now();
    const yesterday = addDays(dateInZone(now, opts.tzOperator), -1);
    const started = performance.now();
    for (let back = 0; back < REPORT_DAYS_BACK && !stopping; back += CHUNK_DAYS) {
      const to = addDays(yesterday, -back);
      const from = addDays(yesterday, -Math.min(back + CHUNK_DAYS, REPORT_DAYS_BACK) + 1);
      await readReportDays({ db: opts.db, from, to, now, tzOperator: opts.tzOperator, read: false });
    }
    opts.log.info({ ms: Math.round(performance.now() - started) }, 'report days kept');
  }
  const job = startPeriodicJob(
    () => keep().catch((err: unknown) => opts.log.error({ err }, 'keeping report days failed')),
    opts.intervalMs ?? REPORT_DAYS_INTERVAL_MS,
  );
  return {
    async stop() {
      stopping = true;
      await job.stop();
    },
  };
}
