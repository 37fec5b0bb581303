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

export type MaintenanceSweeper = { stop(): Promise<void> };

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
  let running: Promise<void> | null = null;
  const run = () => {
    if (running) return;
    running = sweepOnce()
      .catch((err: unknown) => log.error({ err }, 'maintenance sweep failed'))
      .finally(() => {
        running = null;
      });
  };
  run();
  const timer = setInterval(run, opts.intervalMs ?? ORPHAN_SWEEP_INTERVAL_MS);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
