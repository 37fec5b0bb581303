import { type PeriodicJob, startPeriodicJob } from '#server/lib/periodic-job.ts';
import {
  CARD_SWEEP_INTERVAL_MS,
  type SweepCardPaymentsOptions,
  sweepCardPayments,
} from './sweep-card-payments.ts';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type StartCardPaymentJobOptions = SweepCardPaymentsOptions & {
  log: Logger;
  intervalMs?: number;
  /** After a run that may have queued mails (a payment confirmed, or paid with no seat). */
  onSent?: () => void;
};

/**
 * Card payments online (docs/decisions/042): open payments asked about before their hold ends,
 * and unpaid card bookings released when it does, now and every CARD_SWEEP_INTERVAL_MS.
 */
export function startCardPaymentJob(opts: StartCardPaymentJobOptions): PeriodicJob {
  return startPeriodicJob(
    () =>
      sweepCardPayments(opts)
        .then((result) => {
          if (result.asked + result.released === 0) return;
          opts.log.info(result, 'card payments asked about or released');
          opts.onSent?.();
        })
        .catch((err: unknown) => opts.log.error({ err }, 'card payment sweep failed')),
    opts.intervalMs ?? CARD_SWEEP_INTERVAL_MS,
  );
}
