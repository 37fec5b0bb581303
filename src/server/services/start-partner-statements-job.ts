import { type PeriodicJob, startPeriodicJob } from '#server/lib/periodic-job.ts';
import {
  PARTNER_STATEMENTS_INTERVAL_MS,
  type SendPartnerStatementsOptions,
  sendPartnerStatements,
} from './send-partner-statements.ts';

type Logger = { info(obj: object, msg: string): void; error(obj: object, msg: string): void };

export type StartPartnerStatementsJobOptions = SendPartnerStatementsOptions & {
  log: Logger;
  intervalMs?: number;
  /** After a run that queued mails. */
  onSent?: () => void;
};

/** The partners' monthly statements (docs/decisions/043), looked for now and every hour. */
export function startPartnerStatementsJob(opts: StartPartnerStatementsJobOptions): PeriodicJob {
  return startPeriodicJob(
    () =>
      sendPartnerStatements(opts)
        .then((result) => {
          if (result.sent === 0) return;
          opts.log.info(result, 'partner statements sent');
          opts.onSent?.();
        })
        .catch((err: unknown) => opts.log.error({ err }, 'partner statements failed')),
    opts.intervalMs ?? PARTNER_STATEMENTS_INTERVAL_MS,
  );
}
