import { type PeriodicJob, startPeriodicJob } from '#server/lib/periodic-job.ts';
import { PAY_LATER_SWEEP_INTERVAL_MS, type SweepPayLaterOptions, sweepPayLater } from './sweep-pay-later.ts';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type StartPayLaterJobOptions = SweepPayLaterOptions & {
  log: Logger;
  intervalMs?: number;
  /** After a run that queued mails. */
  onSent?: () => void;
  /** After each run that did not fail, with what it did. */
  onRun?: (result: Awaited<ReturnType<typeof sweepPayLater>>) => void;
};

/**
 * Pay later by transfer (docs/decisions/040-pay-later.md): reminders before a hold ends and unpaid
 * bookings released when it does, now and every PAY_LATER_SWEEP_INTERVAL_MS, by whichever
 * instance gets there first.
 */
export function startPayLaterJob(opts: StartPayLaterJobOptions): PeriodicJob {
  return startPeriodicJob(
    () =>
      sweepPayLater(opts)
        .then((result) => {
          opts.onRun?.(result);
          if (result.reminded + result.released === 0) return;
          opts.log.info(result, 'pay-later bookings reminded or released');
          opts.onSent?.();
        })
        .catch((err: unknown) => opts.log.error({ err }, 'pay-later sweep failed')),
    opts.intervalMs ?? PAY_LATER_SWEEP_INTERVAL_MS,
  );
}
