import { type PeriodicJob, startPeriodicJob } from '#server/lib/periodic-job.ts';
import {
  DAILY_SUMMARY_INTERVAL_MS,
  type SendDailySummariesOptions,
  sendDailySummaries,
} from './send-daily-summaries.ts';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type StartDailySummaryJobOptions = SendDailySummariesOptions & {
  log: Logger;
  intervalMs?: number;
  /** After a run that queued mails. */
  onSent?: () => void;
};

/**
 * The Owners' daily summary e-mail (docs/product.md, Reports): looked for now and every
 * DAILY_SUMMARY_INTERVAL_MS on every instance; each Owner's day is sent once, by whichever
 * instance claims it first.
 */
export function startDailySummaryJob(opts: StartDailySummaryJobOptions): PeriodicJob {
  return startPeriodicJob(
    () =>
      sendDailySummaries(opts)
        .then((result) => {
          if (result.sent === 0) return;
          opts.log.info(result, 'daily summaries queued');
          opts.onSent?.();
        })
        .catch((err: unknown) => opts.log.error({ err }, 'daily summaries failed')),
    opts.intervalMs ?? DAILY_SUMMARY_INTERVAL_MS,
  );
}
