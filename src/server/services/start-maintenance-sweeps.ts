import { type PeriodicJob, startPeriodicJob } from '#server/lib/periodic-job.ts';
import { sweepExpiredData } from './sweep-expired-data.ts';
import {
  ORPHAN_SWEEP_INTERVAL_MS,
  type SweepOrphanSlipsOptions,
  sweepOrphanSlips,
} from './sweep-orphan-slips.ts';

type Logger = {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
};

export type MaintenanceSweeper = PeriodicJob;

export type StartMaintenanceSweepsOptions = SweepOrphanSlipsOptions & { log: Logger; intervalMs?: number };

/**
 * The hourly maintenance: orphan slips (sweep-orphan-slips.ts), then expired data
 * (sweep-expired-data.ts). Runs once now (after a crash is when leftovers appear) and then every
 * `intervalMs`; one sweep at a time, and the timer never keeps the process alive.
 */
export function startMaintenanceSweeps(opts: StartMaintenanceSweepsOptions): MaintenanceSweeper {
  const { log } = opts;
  async function sweepOnce(): Promise<void> {
    try {
      const { checked, removed } = await sweepOrphanSlips(opts);
      log.info({ checked, removed: removed.length }, 'orphan slip sweep done');
    } catch (err) {
      log.error({ err }, 'orphan slip sweep failed');
    }
    const counts = await sweepExpiredData(opts);
    log.info(counts, 'expired data sweep done');
  }
  return startPeriodicJob(
    () => sweepOnce().catch((err: unknown) => log.error({ err }, 'maintenance sweep failed')),
    opts.intervalMs ?? ORPHAN_SWEEP_INTERVAL_MS,
  );
}
